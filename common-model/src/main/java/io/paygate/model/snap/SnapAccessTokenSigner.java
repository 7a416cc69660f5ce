package io.paygate.model.snap;

import java.security.PrivateKey;
import java.util.Objects;

/**
 * Signs a SNAP access-token request (docs/contract.md §9, {@code POST /v1.0/access-token/b2b}): {@code X-SIGNATURE} =
 * base64 SHA256withRSA, with the merchant's private key, over {@code <X-CLIENT-KEY>|<X-TIMESTAMP>} in UTF-8. What a
 * merchant's SNAP client does; the gateway verifies with {@link SnapAccessTokenVerifier}.
 */
public final class SnapAccessTokenSigner {

    private SnapAccessTokenSigner() {
    }

    /** The exact string that is signed. */
    public static String stringToSign(String clientKey, String timestamp) {
        return Objects.requireNonNull(clientKey, "clientKey") + "|" + Objects.requireNonNull(timestamp, "timestamp");
    }

    /** The {@code X-SIGNATURE} value: base64 of the 256-byte signature of a 2048-bit key. */
    public static String sign(PrivateKey privateKey, String clientKey, String timestamp) {
        Objects.requireNonNull(privateKey, "privateKey");
        return SnapRsa.sign(privateKey, stringToSign(clientKey, timestamp));
    }
}

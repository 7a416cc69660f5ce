package io.paygate.model.snap;

import io.paygate.model.crypto.Digests;
import java.nio.charset.StandardCharsets;
import java.security.PrivateKey;
import java.util.Objects;

/**
 * Signs a SNAP notification (docs/contract.md §9, the asymmetric signature): {@code X-SIGNATURE} = base64
 * SHA256withRSA, with the merchant's own gateway signing key ({@code gateway.merchants.<id>.snap.signing-key}), over
 * {@code POST:<path>:lowerhex(SHA-256(minified body)):<X-TIMESTAMP>}, where path is the callback URL's path (and
 * {@code ?query} when it has one). Small, final, thread-safe. Merchants verify with {@link SnapNotificationVerifier} or
 * any SNAP client's verifier.
 */
public final class SnapNotificationSigner {

    private final PrivateKey key;

    public SnapNotificationSigner(PrivateKey key) {
        this.key = Objects.requireNonNull(key, "key");
    }

    /** A signer for a key in PEM or base64 DER ({@link SnapKeys#privateKey}). */
    public static SnapNotificationSigner of(String privateKey) {
        return new SnapNotificationSigner(SnapKeys.privateKey(privateKey));
    }

    /** The exact string that is signed: {@code METHOD:path:lowerhex(sha256(minified body)):timestamp}. */
    public static String stringToSign(String method, String path, String body, String timestamp) {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(body, "body");
        Objects.requireNonNull(timestamp, "timestamp");
        return method + ":" + path + ":" + Digests.sha256Hex(SnapJson.minify(body.getBytes(StandardCharsets.UTF_8)))
                + ":" + timestamp;
    }

    /** The {@code X-SIGNATURE} of a notification POSTed to {@code path} with {@code body} at {@code timestamp}. */
    public String sign(String path, String body, String timestamp) {
        return SnapRsa.sign(key, stringToSign("POST", path, body, timestamp));
    }

    /** Never the key. */
    @Override
    public String toString() {
        return "SnapNotificationSigner[***]";
    }
}

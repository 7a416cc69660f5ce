package io.paygate.model.snap;

import io.paygate.model.crypto.Digests;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Locale;
import java.util.Objects;

/**
 * Signs a SNAP transaction request (docs/contract.md §9, the symmetric signature with the access token):
 * {@code X-SIGNATURE} = base64 HMAC-SHA512, key = UTF-8 bytes of the merchant's client secret, over
 * {@code METHOD:PATH:<access token>:lowerhex(SHA-256(minified body)):X-TIMESTAMP}. PATH is the request target as sent
 * on the request line (with {@code ?query} when there is one); the method is upper-cased; the body is minified with
 * {@link SnapJson#minify(byte[])} (no body hashes the empty string). What a merchant's SNAP client does; the gateway
 * verifies with {@link SnapTransactionVerifier}.
 */
public final class SnapTransactionSigner {

    private SnapTransactionSigner() {
    }

    /** The exact string that is signed; {@code body} may be {@code null} (no body). */
    public static String stringToSign(String method, String path, String accessToken, byte[] body, String timestamp) {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(accessToken, "accessToken");
        Objects.requireNonNull(timestamp, "timestamp");
        return method.toUpperCase(Locale.ROOT) + ":" + path + ":" + accessToken + ":" + bodyHash(body) + ":"
                + timestamp;
    }

    /** {@code lowerhex(SHA-256(minified body))}. */
    public static String bodyHash(byte[] body) {
        return Digests.sha256Hex(SnapJson.minify(body));
    }

    /** The {@code X-SIGNATURE} value: base64 of the 64-byte MAC. */
    public static String sign(String clientSecret, String method, String path, String accessToken, byte[] body,
                              String timestamp) {
        return Base64.getEncoder().encodeToString(mac(clientSecret, stringToSign(method, path, accessToken, body,
                timestamp)));
    }

    static byte[] mac(String clientSecret, String stringToSign) {
        Objects.requireNonNull(clientSecret, "clientSecret");
        return Digests.hmacSha512(clientSecret.getBytes(StandardCharsets.UTF_8),
                stringToSign.getBytes(StandardCharsets.UTF_8));
    }
}

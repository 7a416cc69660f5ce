package io.paygate.notification.support;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HexFormat;

/**
 * The notification signatures of docs/contract.md §6 recomputed with nothing but {@code javax.crypto}: not the signer under
 * test. The canonical forms the body signatures cover are written out by hand in each test.
 */
public final class IndependentSignatures {

    private IndependentSignatures() {
    }

    /** The HMAC key: the base64-decoded bytes after {@code whsec_}. */
    public static byte[] key(String whsecSecret) {
        return Base64.getDecoder().decode(whsecSecret.substring("whsec_".length()));
    }

    /** Lowercase hex HMAC-SHA512 of {@code message} (UTF-8): the body {@code signature} and {@code X-SIGNATURE}. */
    public static String hmacSha512Hex(String whsecSecret, String message) {
        return HexFormat.of().formatHex(mac("HmacSHA512", key(whsecSecret), message));
    }

    /** {@code v1,} + base64 HMAC-SHA256 of {@code id.timestamp.rawBody}: the Standard Webhooks signature. */
    public static String webhookSignature(String whsecSecret, String id, String timestamp, String rawBody) {
        return "v1," + Base64.getEncoder().encodeToString(
                mac("HmacSHA256", key(whsecSecret), id + "." + timestamp + "." + rawBody));
    }

    private static byte[] mac(String algorithm, byte[] key, String message) {
        try {
            Mac mac = Mac.getInstance(algorithm);
            mac.init(new SecretKeySpec(key, algorithm));
            return mac.doFinal(message.getBytes(StandardCharsets.UTF_8));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}

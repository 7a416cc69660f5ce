package io.paygate.payment.provider;

import io.paygate.model.crypto.Digests;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;

/**
 * How the sandbox provider signs its callbacks: {@code X-Provider-Signature} = lowercase hex HMAC-SHA256 with the
 * provider secret over {@code X-Provider-Timestamp + "." + rawBody}; the timestamp (unix seconds) must be within
 * five minutes of the receiver's clock. Verified before any state change.
 */
public final class ProviderSignature {

    public static final String TIMESTAMP_HEADER = "X-Provider-Timestamp";
    public static final String SIGNATURE_HEADER = "X-Provider-Signature";
    static final Duration WINDOW = Duration.ofMinutes(5);

    private ProviderSignature() {
    }

    public static String sign(byte[] secret, long timestamp, byte[] body) {
        byte[] prefix = (timestamp + ".").getBytes(StandardCharsets.US_ASCII);
        byte[] message = new byte[prefix.length + body.length];
        System.arraycopy(prefix, 0, message, 0, prefix.length);
        System.arraycopy(body, 0, message, prefix.length, body.length);
        return Digests.hex(Digests.hmacSha256(secret, message));
    }

    /** Whether the headers sign {@code body} with {@code secret} within the time window; constant-time. */
    public static boolean verify(byte[] secret, String timestampHeader, String signatureHeader, byte[] body,
                                 Instant now) {
        if (timestampHeader == null || signatureHeader == null || !timestampHeader.matches("[0-9]{1,12}")) {
            return false;
        }
        long timestamp = Long.parseLong(timestampHeader);
        if (Math.abs(now.getEpochSecond() - timestamp) > WINDOW.toSeconds()) {
            return false;
        }
        return Digests.hexEquals(sign(secret, timestamp, body), signatureHeader.strip());
    }
}

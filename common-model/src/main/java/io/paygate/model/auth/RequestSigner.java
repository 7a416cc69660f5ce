package io.paygate.model.auth;

import io.paygate.model.crypto.Digests;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.Objects;

/**
 * Signs merchant API requests (docs/contract.md §0, SNAP-style symmetric signature).
 *
 * <p>Headers: {@value #PARTNER_ID} (merchant id), {@value #TIMESTAMP} (ISO-8601 with offset, e.g.
 * {@code 2026-11-21T10:15:30+07:00}) and {@value #SIGNATURE}: lowercase hex HMAC-SHA512 with key = UTF-8
 * bytes of the client secret over
 * {@code METHOD + ":" + PATH[?query] + ":" + lowerhex(SHA-256(raw body bytes)) + ":" + X-TIMESTAMP}.
 * A request without body hashes the empty string. The method is upper-cased; the path and query are
 * used exactly as sent (no decoding, no re-ordering).
 */
public final class RequestSigner {

    public static final String PARTNER_ID = "X-PARTNER-ID";
    public static final String TIMESTAMP = "X-TIMESTAMP";
    public static final String SIGNATURE = "X-SIGNATURE";

    private RequestSigner() {
    }

    /** The exact string that is signed; {@code body} may be {@code null} (no body). */
    public static String stringToSign(String method, String pathAndQuery, byte[] body, String timestamp) {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(pathAndQuery, "pathAndQuery");
        Objects.requireNonNull(timestamp, "timestamp");
        return method.toUpperCase(Locale.ROOT) + ":" + pathAndQuery + ":" + Digests.sha256Hex(body) + ":" + timestamp;
    }

    /** The {@value #SIGNATURE} header value: 128 lowercase hex characters. */
    public static String sign(String clientSecret, String method, String pathAndQuery, byte[] body, String timestamp) {
        Objects.requireNonNull(clientSecret, "clientSecret");
        byte[] message = stringToSign(method, pathAndQuery, body, timestamp).getBytes(StandardCharsets.UTF_8);
        return Digests.hmacSha512Hex(clientSecret.getBytes(StandardCharsets.UTF_8), message);
    }

    /** A {@value #TIMESTAMP} value for now: ISO-8601 with the clock's offset, seconds precision. */
    public static String timestamp(Clock clock) {
        return OffsetDateTime.now(clock).truncatedTo(ChronoUnit.SECONDS).format(DateTimeFormatter.ISO_OFFSET_DATE_TIME);
    }
}

package io.paygate.model.auth;

import io.paygate.model.crypto.Digests;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Objects;

/**
 * Verifies the {@code X-TIMESTAMP} / {@code X-SIGNATURE} headers of a merchant request (docs/contract.md §0).
 *
 * <p>Checks, in this order: both headers present, timestamp parses as ISO-8601 with offset, timestamp at
 * most {@code tolerance} (default 300 s) from server time in either direction (exactly 300 s is accepted),
 * signature equal to {@link RequestSigner#sign} (constant-time; hex letter case is ignored). Resolving
 * {@code X-PARTNER-ID} to a client secret is the caller's job. Thread-safe.
 */
public final class RequestVerifier {

    /** The contract's window: a timestamp more than 300 s from server time is rejected. */
    public static final Duration DEFAULT_TOLERANCE = Duration.ofSeconds(300);

    public static final String MISSING_TIMESTAMP = "Missing " + RequestSigner.TIMESTAMP;
    public static final String MISSING_SIGNATURE = "Missing " + RequestSigner.SIGNATURE;
    public static final String INVALID_TIMESTAMP = "Invalid timestamp";
    public static final String TIMESTAMP_OUTSIDE_WINDOW = "Timestamp outside the allowed window";
    public static final String INVALID_SIGNATURE = "Invalid signature";

    private final Clock clock;
    private final Duration tolerance;

    public RequestVerifier(Clock clock, Duration tolerance) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.tolerance = Objects.requireNonNull(tolerance, "tolerance");
        if (tolerance.isNegative()) {
            throw new IllegalArgumentException("tolerance must not be negative");
        }
    }

    /** A verifier with the contract's 300 s window. */
    public static RequestVerifier standard(Clock clock) {
        return new RequestVerifier(clock, DEFAULT_TOLERANCE);
    }

    /**
     * Verifies one request.
     *
     * @param clientSecret    the merchant's client secret (resolved from {@code X-PARTNER-ID} by the caller)
     * @param method          HTTP method, any case
     * @param pathAndQuery    the raw request path plus {@code ?query} when there is one
     * @param body            raw body bytes, {@code null} or empty when there is none
     * @param timestampHeader the {@code X-TIMESTAMP} value
     * @param signatureHeader the {@code X-SIGNATURE} value
     * @throws RequestAuthenticationException with {@link #MISSING_TIMESTAMP}, {@link #MISSING_SIGNATURE},
     *                                        {@link #INVALID_TIMESTAMP}, {@link #TIMESTAMP_OUTSIDE_WINDOW} or
     *                                        {@link #INVALID_SIGNATURE}
     */
    public void verify(String clientSecret, String method, String pathAndQuery, byte[] body,
                       String timestampHeader, String signatureHeader) {
        verify(clientSecret, null, method, pathAndQuery, body, timestampHeader, signatureHeader);
    }

    /**
     * As {@link #verify(String, String, String, byte[], String, String)}, accepting a signature by either secret: the
     * merchant's current client secret or, while it lives, its previous one (docs/contract.md §10, a rotation). Both
     * are computed and compared in constant time, whichever matches, so the time taken tells nothing of which.
     *
     * @param previousSecret the previous client secret still accepted, or {@code null}
     */
    public void verify(String clientSecret, String previousSecret, String method, String pathAndQuery, byte[] body,
                       String timestampHeader, String signatureHeader) {
        Objects.requireNonNull(clientSecret, "clientSecret");
        if (timestampHeader == null || timestampHeader.isBlank()) {
            throw new RequestAuthenticationException(MISSING_TIMESTAMP);
        }
        if (signatureHeader == null || signatureHeader.isBlank()) {
            throw new RequestAuthenticationException(MISSING_SIGNATURE);
        }
        Instant sent;
        try {
            sent = OffsetDateTime.parse(timestampHeader, DateTimeFormatter.ISO_OFFSET_DATE_TIME).toInstant();
        } catch (DateTimeParseException e) {
            throw new RequestAuthenticationException(INVALID_TIMESTAMP);
        }
        Duration skew = Duration.between(sent, clock.instant()).abs();
        if (skew.compareTo(tolerance) > 0) {
            throw new RequestAuthenticationException(TIMESTAMP_OUTSIDE_WINDOW);
        }
        String received = signatureHeader.strip();
        boolean valid = Digests.hexEquals(RequestSigner.sign(clientSecret, method, pathAndQuery, body, timestampHeader),
                received);
        if (previousSecret != null) {
            valid |= Digests.hexEquals(RequestSigner.sign(previousSecret, method, pathAndQuery, body, timestampHeader),
                    received);
        }
        if (!valid) {
            throw new RequestAuthenticationException(INVALID_SIGNATURE);
        }
    }
}

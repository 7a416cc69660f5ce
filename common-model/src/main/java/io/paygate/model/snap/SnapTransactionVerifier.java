package io.paygate.model.snap;

import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.Objects;

/**
 * Verifies the symmetric signature of a SNAP transaction request (docs/contract.md §9): {@code X-TIMESTAMP} present,
 * well-formed and within the window, then {@code X-SIGNATURE} equal to {@link SnapTransactionSigner#sign}
 * (the decoded bytes compared in constant time; base64 padding optional). Checking the access token itself and
 * resolving the client secret are the caller's job. Thread-safe.
 */
public final class SnapTransactionVerifier {

    private final Clock clock;
    private final Duration tolerance;

    public SnapTransactionVerifier(Clock clock, Duration tolerance) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.tolerance = Objects.requireNonNull(tolerance, "tolerance");
    }

    /** A verifier with the 300 s window. */
    public static SnapTransactionVerifier standard(Clock clock) {
        return new SnapTransactionVerifier(clock, SnapTimestamps.DEFAULT_TOLERANCE);
    }

    /**
     * @param clientSecret    the merchant's client secret
     * @param method          HTTP method, any case
     * @param path            the request target exactly as sent on the request line
     * @param accessToken     the bearer token as sent
     * @param body            raw body bytes, {@code null} or empty when there is none
     * @param timestampHeader the {@code X-TIMESTAMP} value
     * @param signatureHeader the {@code X-SIGNATURE} value
     * @throws SnapSignatureException with one of its reason constants
     */
    public void verify(String clientSecret, String method, String path, String accessToken, byte[] body,
                       String timestampHeader, String signatureHeader) {
        Objects.requireNonNull(clientSecret, "clientSecret");
        SnapTimestamps.requireFresh(timestampHeader, clock, tolerance);
        if (signatureHeader == null || signatureHeader.isBlank()) {
            throw new SnapSignatureException(SnapSignatureException.MISSING_SIGNATURE);
        }
        byte[] received;
        try {
            received = Base64.getDecoder().decode(signatureHeader.strip());
        } catch (IllegalArgumentException e) {
            throw new SnapSignatureException(SnapSignatureException.INVALID_SIGNATURE);
        }
        byte[] expected = SnapTransactionSigner.mac(clientSecret,
                SnapTransactionSigner.stringToSign(method, path, accessToken, body, timestampHeader));
        if (!MessageDigest.isEqual(expected, received)) {
            throw new SnapSignatureException(SnapSignatureException.INVALID_SIGNATURE);
        }
    }
}

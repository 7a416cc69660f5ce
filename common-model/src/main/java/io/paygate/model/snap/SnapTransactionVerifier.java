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
        verify(clientSecret, null, method, path, accessToken, body, timestampHeader, signatureHeader);
    }

    /**
     * As {@link #verify(String, String, String, String, byte[], String, String)}, accepting a signature by either
     * secret: the merchant's current client secret or, while it lives, its previous one (docs/contract.md §10). Both are
     * computed and compared in constant time, whichever matches.
     *
     * @param previousSecret the previous client secret still accepted, or {@code null}
     */
    public void verify(String clientSecret, String previousSecret, String method, String path, String accessToken,
                       byte[] body, String timestampHeader, String signatureHeader) {
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
        String stringToSign = SnapTransactionSigner.stringToSign(method, path, accessToken, body, timestampHeader);
        boolean valid = MessageDigest.isEqual(SnapTransactionSigner.mac(clientSecret, stringToSign), received);
        if (previousSecret != null) {
            valid |= MessageDigest.isEqual(SnapTransactionSigner.mac(previousSecret, stringToSign), received);
        }
        if (!valid) {
            throw new SnapSignatureException(SnapSignatureException.INVALID_SIGNATURE);
        }
    }
}

package io.paygate.model.snap;

import java.security.PublicKey;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;

/**
 * Verifies a SNAP access-token request (docs/contract.md §9): {@code X-TIMESTAMP} present, well-formed
 * ({@link SnapTimestamps}) and within the window, then {@code X-SIGNATURE} a SHA256withRSA signature of
 * {@code <X-CLIENT-KEY>|<X-TIMESTAMP>} by the merchant's key. Resolving the client key to the merchant's public key is
 * the caller's job. Thread-safe.
 */
public final class SnapAccessTokenVerifier {

    private final Clock clock;
    private final Duration tolerance;

    public SnapAccessTokenVerifier(Clock clock, Duration tolerance) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.tolerance = Objects.requireNonNull(tolerance, "tolerance");
    }

    /** A verifier with the 300 s window. */
    public static SnapAccessTokenVerifier standard(Clock clock) {
        return new SnapAccessTokenVerifier(clock, SnapTimestamps.DEFAULT_TOLERANCE);
    }

    /**
     * @param publicKey       the merchant's registered public key
     * @param clientKey       the {@code X-CLIENT-KEY} value, as sent
     * @param timestampHeader the {@code X-TIMESTAMP} value, as sent
     * @param signatureHeader the {@code X-SIGNATURE} value
     * @throws SnapSignatureException with one of its reason constants
     */
    public void verify(PublicKey publicKey, String clientKey, String timestampHeader, String signatureHeader) {
        verify(publicKey, null, clientKey, timestampHeader, signatureHeader);
    }

    /**
     * As {@link #verify(PublicKey, String, String, String)}, accepting a signature by either key: the merchant's
     * current public key or, while the grace of a key change lasts, its previous one (docs/contract.md §10).
     *
     * @param previousKey the previous public key still accepted, or {@code null}
     */
    public void verify(PublicKey publicKey, PublicKey previousKey, String clientKey, String timestampHeader,
                       String signatureHeader) {
        Objects.requireNonNull(publicKey, "publicKey");
        Objects.requireNonNull(clientKey, "clientKey");
        SnapTimestamps.requireFresh(timestampHeader, clock, tolerance);
        if (signatureHeader == null || signatureHeader.isBlank()) {
            throw new SnapSignatureException(SnapSignatureException.MISSING_SIGNATURE);
        }
        String signed = SnapAccessTokenSigner.stringToSign(clientKey, timestampHeader);
        boolean valid = SnapRsa.verify(publicKey, signed, signatureHeader);
        if (previousKey != null) {
            valid |= SnapRsa.verify(previousKey, signed, signatureHeader);
        }
        if (!valid) {
            throw new SnapSignatureException(SnapSignatureException.INVALID_SIGNATURE);
        }
    }
}

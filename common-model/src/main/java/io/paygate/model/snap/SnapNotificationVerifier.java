package io.paygate.model.snap;

import java.security.PublicKey;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * Verifies a SNAP notification as a merchant should (docs/contract.md §9): {@code X-TIMESTAMP} present, well-formed and
 * within the window, then {@code X-SIGNATURE} a SHA256withRSA signature of
 * {@code POST:<path>:lowerhex(SHA-256(minified body)):<X-TIMESTAMP>} by any of the public keys of the gateway's signing
 * key for this merchant (two while it is rotated; {@code GET /pg/snap/public-keys/<client key>.pem} serves them, the
 * signing one first). Give it the receiving merchant's own keys only: a notification signed for another merchant must
 * not verify. Thread-safe.
 */
public final class SnapNotificationVerifier {

    private final Clock clock;
    private final Duration tolerance;
    private final List<PublicKey> keys;

    public SnapNotificationVerifier(Clock clock, Duration tolerance, List<PublicKey> keys) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.tolerance = Objects.requireNonNull(tolerance, "tolerance");
        this.keys = List.copyOf(keys);
        if (this.keys.isEmpty()) {
            throw new IllegalArgumentException("At least one public key is required");
        }
    }

    /** A verifier on the system clock with the 300 s window, for keys in PEM or base64 DER. */
    public static SnapNotificationVerifier of(String... publicKeys) {
        return new SnapNotificationVerifier(Clock.systemUTC(), SnapTimestamps.DEFAULT_TOLERANCE,
                java.util.Arrays.stream(publicKeys).map(SnapKeys::publicKey).toList());
    }

    /**
     * @param path            the path (and {@code ?query}) the notification was POSTed to
     * @param body            the body exactly as received (UTF-8 text)
     * @param timestampHeader the {@code X-TIMESTAMP} value
     * @param signatureHeader the {@code X-SIGNATURE} value
     * @throws SnapSignatureException with one of its reason constants
     */
    public void verify(String path, String body, String timestampHeader, String signatureHeader) {
        SnapTimestamps.requireFresh(timestampHeader, clock, tolerance);
        if (signatureHeader == null || signatureHeader.isBlank()) {
            throw new SnapSignatureException(SnapSignatureException.MISSING_SIGNATURE);
        }
        String message = SnapNotificationSigner.stringToSign("POST", path, body, timestampHeader);
        boolean matched = false;
        for (PublicKey key : keys) {
            matched |= SnapRsa.verify(key, message, signatureHeader);
        }
        if (!matched) {
            throw new SnapSignatureException(SnapSignatureException.INVALID_SIGNATURE);
        }
    }
}

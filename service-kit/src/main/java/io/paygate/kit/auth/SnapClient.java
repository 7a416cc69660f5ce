package io.paygate.kit.auth;

import java.security.PublicKey;
import java.time.Instant;
import java.util.Objects;

/**
 * A merchant's SNAP BI identity (docs/contract.md §9): the client key it sends as {@code X-CLIENT-KEY} and
 * {@code X-PARTNER-ID}, and the RSA public key its access-token requests are verified with; after it gave a new one
 * (docs/contract.md §10), the previous one too until {@code previousPublicKeyExpiresAt}. Nothing here is secret.
 */
public record SnapClient(String clientKey, PublicKey publicKey, PublicKey previousPublicKey,
                         Instant previousPublicKeyExpiresAt) {

    public SnapClient {
        Objects.requireNonNull(clientKey, "clientKey");
        Objects.requireNonNull(publicKey, "publicKey");
        if (previousPublicKey == null || previousPublicKeyExpiresAt == null) {
            previousPublicKey = null;
            previousPublicKeyExpiresAt = null;
        }
    }

    /** Keys that never changed. */
    public SnapClient(String clientKey, PublicKey publicKey) {
        this(clientKey, publicKey, null, null);
    }

    /** The previous public key while its grace lasts at {@code now}, else {@code null}. */
    public PublicKey previousPublicKey(Instant now) {
        return previousPublicKey != null && now.isBefore(previousPublicKeyExpiresAt) ? previousPublicKey : null;
    }

    @Override
    public String toString() {
        return "SnapClient[" + clientKey + "]";
    }
}

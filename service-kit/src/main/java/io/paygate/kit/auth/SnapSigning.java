package io.paygate.kit.auth;

import java.security.PrivateKey;
import java.time.Instant;
import java.util.Objects;

/**
 * The gateway's keys that sign one merchant's SNAP notifications (docs/contract.md §9, §10), as the registry gives them:
 * {@code current} signs; {@code next} is published at once and signs from {@code nextActivateAt}; {@code previous}
 * signs nothing but is still published. {@link #toString()} never shows a key.
 */
public record SnapSigning(PrivateKey current, PrivateKey previous, PrivateKey next, Instant nextActivateAt) {

    public SnapSigning {
        Objects.requireNonNull(current, "current");
        if (next == null || nextActivateAt == null) {
            next = null;
            nextActivateAt = null;
        }
    }

    /** Whether the next key signs at {@code now}. */
    public boolean nextActive(Instant now) {
        return next != null && !now.isBefore(nextActivateAt);
    }

    @Override
    public String toString() {
        return "SnapSigning[" + (previous == null ? "" : "previous, ") + "current" + (next == null ? "" : ", next") + "]";
    }
}

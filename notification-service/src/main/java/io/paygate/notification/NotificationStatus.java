package io.paygate.notification;

import io.paygate.model.status.Lifecycle;

import java.util.Optional;

/**
 * Delivery state of a notification (docs/contract.md §6). {@code PENDING} while attempts remain (due at
 * {@code next_attempt_at}); {@code DELIVERED} once the merchant acknowledged with {@code 2000000};
 * {@code FAILED} after the last attempt, on {@code 410}, or when there was no registered address;
 * {@code OBSOLETE} when a newer event for the same resource arrived before it was delivered (never sent then).
 * A redelivery puts a DELIVERED or FAILED notification back to PENDING for one attempt.
 */
public enum NotificationStatus implements Lifecycle<NotificationStatus> {
    PENDING,
    DELIVERED,
    FAILED,
    OBSOLETE;

    @Override
    public boolean canTransitionTo(NotificationStatus next) {
        return switch (this) {
            case PENDING -> next != PENDING;
            case DELIVERED, FAILED -> next == PENDING;
            case OBSOLETE -> false;
        };
    }

    /** Only OBSOLETE never changes again; DELIVERED and FAILED may be redelivered. */
    @Override
    public boolean isFinal() {
        return this == OBSOLETE;
    }

    public static Optional<NotificationStatus> fromValue(String value) {
        for (NotificationStatus status : values()) {
            if (status.name().equals(value)) {
                return Optional.of(status);
            }
        }
        return Optional.empty();
    }
}

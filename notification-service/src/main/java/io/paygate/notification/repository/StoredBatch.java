package io.paygate.notification.repository;

import io.paygate.notification.NotificationStatus;

import java.util.List;
import java.util.UUID;

/**
 * What storing a batch of events did: the new notifications, the events that were already stored (duplicates, by
 * eventId), the older PENDING notifications the new ones made OBSOLETE, and the new ones leased to this instance in
 * the same transaction (the hand-off; {@code leaseSetNanos} is {@code System.nanoTime()} just before their lease was
 * set).
 */
public record StoredBatch(List<StoredNotification> stored, List<UUID> duplicateEvents, List<UUID> obsoleted,
                          List<ClaimedNotification> leased, long leaseSetNanos) {

    public StoredBatch {
        stored = List.copyOf(stored);
        duplicateEvents = List.copyOf(duplicateEvents);
        obsoleted = List.copyOf(obsoleted);
        leased = List.copyOf(leased);
    }

    /**
     * Whether a claim may find something this store left: a PENDING notification it did not lease, or a duplicate
     * event (its notification, stored before, may still be waiting).
     */
    public boolean leftWaiting() {
        long pending = stored.stream().filter(n -> n.status() == NotificationStatus.PENDING).count();
        return pending > leased.size() || !duplicateEvents.isEmpty();
    }
}

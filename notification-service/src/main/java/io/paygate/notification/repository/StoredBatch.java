package io.paygate.notification.repository;

import java.util.List;
import java.util.UUID;

/**
 * What storing a batch of events did: the new notifications, the events that were already stored (duplicates, by
 * eventId), and the older PENDING notifications the new ones made OBSOLETE.
 */
public record StoredBatch(List<StoredNotification> stored, List<UUID> duplicateEvents, List<UUID> obsoleted) {
}

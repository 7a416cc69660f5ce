package io.paygate.notification.repository;

import io.paygate.notification.NotificationStatus;

import java.util.UUID;

/** A notification stored from an event: its id, status, and why when it will not be sent (FAILED, OBSOLETE). */
public record StoredNotification(UUID id, UUID eventId, NotificationStatus status, String reason) {
}

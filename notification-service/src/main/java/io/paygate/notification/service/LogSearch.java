package io.paygate.notification.service;

import io.paygate.kit.error.ApiException;
import io.paygate.notification.NotificationDraft;
import io.paygate.notification.NotificationStatus;
import io.paygate.notification.NotificationType;

import java.time.Instant;
import java.util.UUID;

/**
 * The filters of {@code GET /pg/notifications} (docs/contract.md §6), each optional: {@code status}, {@code type},
 * {@code resourceId} (as the log lists it), {@code orderId} (a payment's order id, a transfer's
 * {@code partnerReferenceNo}), {@code eventId}, and {@code from}/{@code to} on {@code createdAt} ({@link LogTimes}).
 * Built from the query parameters as sent; a value that cannot match anything the log holds is {@code 400SS01} naming
 * its parameter, never an empty page.
 */
public record LogSearch(NotificationStatus status, NotificationType type, String resourceId, String orderId,
                        UUID eventId, Instant from, Instant to) {

    /** The longest resource id the log holds (the events' limit). */
    static final int MAX_RESOURCE_ID = 64;

    /** No filter: every notification of the merchant. */
    public static final LogSearch ALL = new LogSearch(null, null, null, null, null, null, null);

    /** @throws ApiException {@code 400SS01} naming the first parameter that is not what it must be */
    public static LogSearch of(String status, String type, String resourceId, String orderId, String eventId,
                               String from, String to) {
        NotificationStatus s = status == null ? null
                : NotificationStatus.fromValue(status).orElseThrow(() -> ApiException.invalidFormat("status"));
        NotificationType t = type == null ? null
                : NotificationType.fromValue(type).orElseThrow(() -> ApiException.invalidFormat("type"));
        Instant start = LogTimes.parse(from, "from");
        Instant end = LogTimes.parse(to, "to");
        LogTimes.requireOrdered(start, end);
        return new LogSearch(s, t, id(resourceId, MAX_RESOURCE_ID, "resourceId"),
                id(orderId, NotificationDraft.MAX_ORDER_ID, "orderId"), uuid(eventId), start, end);
    }

    private static String id(String value, int max, String field) {
        if (value != null && (value.isEmpty() || value.length() > max)) {
            throw ApiException.invalidFormat(field);
        }
        return value;
    }

    private static UUID uuid(String value) {
        if (value == null) {
            return null;
        }
        // UUID.fromString takes shortened forms ("1-1-1-1-1"); only the canonical 36 characters are an event id.
        if (value.length() != 36) {
            throw ApiException.invalidFormat("eventId");
        }
        try {
            return UUID.fromString(value);
        } catch (IllegalArgumentException e) {
            throw ApiException.invalidFormat("eventId");
        }
    }
}

package io.paygate.qa;

import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The filters of a list (docs/contract.md §3b): {@code status}, {@code method} (payments), {@code orderId} (refunds),
 * {@code from}/{@code to} (ISO-8601 with offset), {@code limit} 1–200 and the {@code cursor} of the previous page; and
 * of the notification log's search (§6, {@link NotificationLog#search}): {@code status}, {@code type},
 * {@code resourceId}, {@code orderId}, {@code eventId}, {@code from}/{@code to}, {@code limit} 1–100, {@code cursor};
 * and of the operator API's lists (§10, {@link MerchantAdmin#list}, {@link MerchantAdmin#audit}): {@code status},
 * {@code merchant}, {@code actor}, {@code from}/{@code to}, {@code limit} 1–200, {@code cursor}.
 */
public record ListQuery(Map<String, String> parameters) {

    public ListQuery {
        parameters = Map.copyOf(parameters);
    }

    /** No filter: the newest 50. */
    public static ListQuery all() {
        return new ListQuery(Map.of());
    }

    public ListQuery status(String status) {
        return with("status", status);
    }

    public ListQuery method(String method) {
        return with("method", method);
    }

    public ListQuery orderId(String orderId) {
        return with("orderId", orderId);
    }

    /** The notification log's {@code type} ({@code payment}, {@code disbursement}, … {@code test}). */
    public ListQuery type(String type) {
        return with("type", type);
    }

    /** The notification log's {@code resourceId} (a payment's reference, a transfer's referenceNo, a binding's id). */
    public ListQuery resourceId(String resourceId) {
        return with("resourceId", resourceId);
    }

    /** The notification log's {@code eventId}. */
    public ListQuery eventId(String eventId) {
        return with("eventId", eventId);
    }

    /** The audit trail's {@code merchant} (a merchant id). */
    public ListQuery merchant(String merchantId) {
        return with("merchant", merchantId);
    }

    /** The audit trail's {@code actor}: {@code operator:<name>}, {@code merchant:<id>}, {@code system:seed} … */
    public ListQuery actor(String actor) {
        return with("actor", actor);
    }

    public ListQuery from(OffsetDateTime from) {
        return with("from", from.toString());
    }

    public ListQuery to(OffsetDateTime to) {
        return with("to", to.toString());
    }

    public ListQuery limit(int limit) {
        return with("limit", Integer.toString(limit));
    }

    public ListQuery cursor(String cursor) {
        return with("cursor", cursor);
    }

    /** Any parameter as sent, also one the gateway must refuse ({@code limit=0}, a foreign cursor …). */
    public ListQuery with(String name, String value) {
        Map<String, String> copy = new LinkedHashMap<>(parameters);
        if (value == null) {
            copy.remove(name);
        } else {
            copy.put(name, value);
        }
        return new ListQuery(copy);
    }
}

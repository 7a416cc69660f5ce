package io.paygate.notification;

import java.time.Instant;
import java.util.UUID;

/**
 * A notification built from one event, before it is stored: who, what, where to (payment only; the others go to
 * the merchant's registered address), the body without its signature, and its body signature, computed once here
 * (an attempt adds only the Standard Webhooks signature, and signs the body again only after a key rotation).
 * {@code requestId} is the event's (docs/contract.md §0 "Request ids"), or null. {@code orderId} is what the merchant
 * finds it by in the log (docs/contract.md §6 "Search"): a payment's order id (a subscription cycle's payment included;
 * a SNAP payment's {@code partnerReferenceNo} or {@code trxId}, which is its order id), a transfer's
 * {@code partnerReferenceNo}; null for bindings and subscriptions.
 */
public record NotificationDraft(
        UUID eventId,
        String merchantId,
        NotificationType type,
        String resourceId,
        long sequence,
        String callbackUrl,
        String payload,
        BodySignature signature,
        Instant occurredAt,
        String requestId,
        String orderId) {

    /** The longest order id the log keeps (the contract's order ids and {@code partnerReferenceNo}s are 1–64). */
    public static final int MAX_ORDER_ID = 64;

    /** A draft whose event was made by no request (scheduled work) or carries no request id, and no order id. */
    public NotificationDraft(UUID eventId, String merchantId, NotificationType type, String resourceId, long sequence,
                             String callbackUrl, String payload, BodySignature signature, Instant occurredAt) {
        this(eventId, merchantId, type, resourceId, sequence, callbackUrl, payload, signature, occurredAt, null, null);
    }

    /** {@code orderId} when the log can keep it (1–{@value #MAX_ORDER_ID} characters), else null: not searchable. */
    public static String searchable(String orderId) {
        return orderId == null || orderId.isEmpty() || orderId.length() > MAX_ORDER_ID ? null : orderId;
    }

    /**
     * The advisory-lock key of the resource: its events are stored one at a time, whichever consumer has them. The
     * dispatcher's claim builds the same key in SQL ({@code merchant_id || chr(31) || type || chr(31) || resource_id}).
     */
    public String resourceKey() {
        return merchantId + '\u001F' + type.value() + '\u001F' + resourceId;
    }
}

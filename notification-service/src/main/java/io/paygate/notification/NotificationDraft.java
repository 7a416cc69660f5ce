package io.paygate.notification;

import java.time.Instant;
import java.util.UUID;

/**
 * A notification built from one event, before it is stored: who, what, where to (payment only; the others go to
 * the merchant's registered address), the body without its signature, and its body signature, computed once here
 * (an attempt adds only the Standard Webhooks signature, and signs the body again only after a key rotation).
 * {@code requestId} is the event's (docs/contract.md §0 "Request ids"), or null.
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
        String requestId) {

    /** A draft whose event was made by no request (scheduled work) or carries no request id. */
    public NotificationDraft(UUID eventId, String merchantId, NotificationType type, String resourceId, long sequence,
                             String callbackUrl, String payload, BodySignature signature, Instant occurredAt) {
        this(eventId, merchantId, type, resourceId, sequence, callbackUrl, payload, signature, occurredAt, null);
    }

    /**
     * The advisory-lock key of the resource: its events are stored one at a time, whichever consumer has them. The
     * dispatcher's claim builds the same key in SQL ({@code merchant_id || chr(31) || type || chr(31) || resource_id}).
     */
    public String resourceKey() {
        return merchantId + '\u001F' + type.value() + '\u001F' + resourceId;
    }
}

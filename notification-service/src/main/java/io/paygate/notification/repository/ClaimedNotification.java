package io.paygate.notification.repository;

import io.paygate.notification.BodySignature;
import io.paygate.notification.NotificationStatus;
import io.paygate.notification.NotificationType;

import java.util.Optional;
import java.util.UUID;

/**
 * A due notification leased to this instance for one attempt ({@code claimToken} proves the lease when the result is
 * recorded). {@code callbackUrl} is where to send it now: the payment's own URL, or the merchant's current
 * registration ({@code null} when there is none). {@code attempts} counts the attempts before this one;
 * {@code signature} is the body signature made when it was stored ({@code null} for a row stored without one).
 * {@code requestId} is the request that caused its event (docs/contract.md §0), carried by the attempt's log lines; or null.
 */
public record ClaimedNotification(UUID id, UUID claimToken, String merchantId, NotificationType type,
                                  String resourceId, String callbackUrl, String payload, int attempts,
                                  NotificationStatus redeliveryOf, BodySignature signature, String requestId) {

    public ClaimedNotification(UUID id, UUID claimToken, String merchantId, NotificationType type, String resourceId,
                               String callbackUrl, String payload, int attempts, NotificationStatus redeliveryOf,
                               BodySignature signature) {
        this(id, claimToken, merchantId, type, resourceId, callbackUrl, payload, attempts, redeliveryOf, signature,
                null);
    }

    /** Set when this attempt is a merchant's redelivery of a DELIVERED or FAILED notification. */
    public Optional<NotificationStatus> redelivery() {
        return Optional.ofNullable(redeliveryOf);
    }
}

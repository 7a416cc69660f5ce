package io.paygate.notification.repository;

import io.paygate.notification.NotificationStatus;
import io.paygate.notification.NotificationType;
import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;
import java.util.UUID;

/**
 * One notification: built from one event, retried in place until delivered, failed or obsolete. Private to this
 * service; the read side maps it with {@code NotificationMapper}. The hot paths (store, claim, record an attempt)
 * are plain SQL in {@link NotificationStore}; this mapping serves the merchant endpoints and validates the schema.
 */
@Entity
@Table(name = "notification")
public class NotificationEntity extends PanacheEntityBase {

    @Id
    public UUID id;

    /** Creation order; the log's sort key and cursor. */
    @Column(name = "position", insertable = false, updatable = false)
    public long logPosition;

    @Column(name = "event_id", nullable = false)
    public UUID eventId;

    @Column(name = "merchant_id", nullable = false)
    public String merchantId;

    @Convert(converter = NotificationTypeConverter.class)
    @Column(name = "type", nullable = false)
    public NotificationType notificationType;

    @Column(name = "resource_id", nullable = false)
    public String resourceId;

    @Column(nullable = false)
    public long sequence;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    public NotificationStatus status;

    @Column(name = "callback_url")
    public String callbackUrl;

    @Column(nullable = false, columnDefinition = "text")
    public String payload;

    @Column(nullable = false)
    public int attempts;

    @Column(name = "next_attempt_at")
    public Instant nextAttemptAt;

    @Column(name = "lease_token")
    public UUID leaseToken;

    @Column(name = "lease_until")
    public Instant leaseUntil;

    @Column(name = "body_signature")
    public String bodySignature;

    @Column(name = "signed_with")
    public String signedWith;

    @Column(name = "redelivery_of")
    public String redeliveryOf;

    @Column(name = "last_attempt_at")
    public Instant lastAttemptAt;

    @Column(name = "last_http_status")
    public Integer lastHttpStatus;

    @Column(name = "last_error")
    public String lastError;

    @Column(name = "occurred_at", nullable = false)
    public Instant occurredAt;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "delivered_at")
    public Instant deliveredAt;

    /**
     * What the merchant finds it by (docs/contract.md §6 "Search"): a payment's order id, a transfer's
     * {@code partnerReferenceNo}, a test notification's {@code TEST-…}; null for the others (V10).
     */
    @Column(name = "order_id")
    public String orderId;

    /** Whether an instance holds the lease right now (an attempt is in flight). */
    public boolean inFlight(Instant now) {
        return leaseToken != null && leaseUntil != null && leaseUntil.isAfter(now);
    }
}

package io.paygate.payment.refund;

import io.paygate.model.api.payment.PaymentMethod;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.UUID;

/**
 * A refund (table {@code refund}, docs/contract.md §3a): its own record with its own lifecycle, PENDING → SUCCEEDED | FAILED,
 * decided by the provider of the payment it refunds.
 */
@Entity
@Table(name = "refund")
public class RefundEntity {

    public enum Status {
        PENDING, SUCCEEDED, FAILED;

        public boolean decided() {
            return this != PENDING;
        }
    }

    @Id
    public UUID id;

    @Column(name = "merchant_id", nullable = false, length = 64)
    public String merchantId;

    /** The merchant's id of the refund. */
    @Column(name = "refund_id", nullable = false, length = 64)
    public String refundId;

    @Column(name = "payment_id", nullable = false)
    public UUID paymentId;

    @Column(name = "order_id", nullable = false, length = 64)
    public String orderId;

    @Column(name = "payment_code", nullable = false, length = 30)
    public String paymentCode;

    @Column(nullable = false, precision = 15, scale = 2)
    public BigDecimal amount;

    @Column(nullable = false, length = 3)
    public String currency;

    @Column(length = 255)
    public String reason;

    @Column(name = "content_hash", nullable = false, length = 64)
    public String contentHash;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    public Status status;

    @Column(name = "status_desc", length = 255)
    public String statusDesc;

    @Column(nullable = false, length = 32)
    public String channel;

    @Enumerated(EnumType.STRING)
    @Column(length = 16)
    public PaymentMethod method;

    /** The provider's order id of the charge that took the money. */
    @Column(name = "charge_reference", nullable = false, length = 40)
    public String chargeReference;

    /** This refund at the provider: sent again, it is the same refund. */
    @Column(name = "provider_reference", nullable = false, length = 40)
    public String providerReference;

    @Column(name = "next_inquiry_at")
    public Instant nextInquiryAt;

    @Column(nullable = false)
    public int inquiries;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;

    @Column(name = "decided_at")
    public Instant decidedAt;
}

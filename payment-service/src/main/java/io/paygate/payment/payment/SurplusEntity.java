package io.paygate.payment.payment;

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
 * Money a provider took for a payment where it should not have (table {@code payment_surplus}, docs/contract.md §2a): one row
 * per charge, so a repeated notification records it once.
 */
@Entity
@Table(name = "payment_surplus")
public class SurplusEntity {

    /** NEEDS_OPERATOR: the method cannot refund through the provider; REFUND_PENDING: it can and will. */
    public enum State { NEEDS_OPERATOR, REFUND_PENDING, REFUNDED }

    @Id
    public UUID id;

    @Column(name = "payment_id", nullable = false)
    public UUID paymentId;

    @Column(name = "merchant_id", nullable = false, length = 64)
    public String merchantId;

    @Column(name = "charge_reference", nullable = false, length = 40)
    public String chargeReference;

    @Enumerated(EnumType.STRING)
    @Column(length = 16)
    public PaymentMethod method;

    @Column(nullable = false, precision = 15, scale = 2)
    public BigDecimal amount;

    @Column(nullable = false, length = 3)
    public String currency;

    @Column(nullable = false, length = 255)
    public String reason;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    public State state;

    /** When the refund of a REFUND_PENDING surplus is tried (next). */
    @Column(name = "next_attempt_at")
    public Instant nextAttemptAt;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;
}

package io.paygate.payment.provider;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/**
 * One charge in the sandbox provider's own book (table {@code sandbox_charge}): what a real provider keeps on its
 * side. Its decision is sent to payment-service by {@link SandboxCallbackDispatcher}.
 */
@Entity
@Table(name = "sandbox_charge")
public class SandboxChargeEntity {

    enum State { AWAITING_OTP, DECIDED, NOTIFIED, GAVE_UP }

    @Id
    @Column(length = 40)
    public String reference;

    @Column(name = "payment_code", nullable = false, length = 30)
    public String paymentCode;

    @Column(nullable = false, length = 16)
    @jakarta.persistence.Enumerated(jakarta.persistence.EnumType.STRING)
    public State state;

    /** CAPTURED or FAILED once decided. */
    @Column(length = 16)
    public String outcome;

    @Column(name = "status_desc", length = 255)
    public String statusDesc;

    /** card.info (JSON) of a card charge, or null: sent with the decision. */
    @Column(name = "card_info", columnDefinition = "text")
    public String cardInfo;

    @Column(name = "notify_at")
    public Instant notifyAt;

    @Column(nullable = false)
    public int attempts;

    @Column(name = "last_error", length = 500)
    public String lastError;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;
}

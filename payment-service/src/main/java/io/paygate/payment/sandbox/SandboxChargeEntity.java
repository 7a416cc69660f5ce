package io.paygate.payment.sandbox;

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

    /** OPEN: a number, code or QR waiting to be paid; DECIDED: a decision to call back; then NOTIFIED or GAVE_UP. */
    public enum State { AWAITING_OTP, OPEN, DECIDED, NOTIFIED, GAVE_UP, CANCELLED, EXPIRED }

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

    /** The token of the card this charge stored or charged ({@code sandbox_card}), or null. */
    @Column(name = "card_token", length = 64)
    public String cardToken;

    @Column(name = "notify_at")
    public Instant notifyAt;

    @Column(nullable = false)
    public int attempts;

    @Column(name = "last_error", length = 500)
    public String lastError;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    /** An open charge's merchant, method, amount and what the customer pays with (docs/contract.md §2a). */
    @Column(name = "merchant_id", length = 64)
    public String merchantId;

    @Column(length = 16)
    @jakarta.persistence.Enumerated(jakarta.persistence.EnumType.STRING)
    public io.paygate.model.api.payment.PaymentMethod method;

    @Column(precision = 15, scale = 2)
    public java.math.BigDecimal amount;

    @Column(length = 3)
    public String currency;

    /** The VA number, bill key or store code; for a QR, the reference its payload carries. Unique. */
    @Column(name = "pay_code", length = 64)
    public String payCode;

    @Column(name = "qr_string", columnDefinition = "text")
    public String qrString;

    /** The wallet account a push wallet (OVO) was sent to. */
    @Column(name = "account_id", length = 64)
    public String accountId;

    @Column(name = "expires_at")
    public Instant expiresAt;

    @Column(name = "paid_at")
    public Instant paidAt;
}

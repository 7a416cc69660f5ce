package io.paygate.payment.payment;

import io.paygate.model.api.payment.PaymentMethod;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;
import java.util.UUID;

/**
 * A charge a payment method opened at a provider (table {@code payment_charge}): a virtual account, bill, QR, wallet
 * payment or store code the customer pays while the payment is PENDING. The payment's current one is named by
 * {@code payment.provider_reference}; superseded ones stay, so money paid to them is still found.
 */
@Entity
@Table(name = "payment_charge")
public class PaymentChargeEntity {

    /** OPENING: asked of the provider, no answer recorded yet (the same reference is asked again, never a new one). */
    public enum State { OPENING, OPEN, PAID, CANCELLED, EXPIRED, FAILED }

    @Id
    @Column(length = 40)
    public String reference;

    @Column(name = "payment_id", nullable = false)
    public UUID paymentId;

    @Column(nullable = false, length = 32)
    public String channel;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    public PaymentMethod method;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    public State state;

    /** Opened by the initiation (its reply carries this charge's numbers). */
    @Column(nullable = false)
    public boolean preselected;

    /** VA number, bill key or store code. */
    @Column(name = "pay_code", length = 64)
    public String payCode;

    @Column(name = "biller_code", length = 16)
    public String billerCode;

    /** The QR's payload as a scanning app reads it. */
    @Column(name = "qr_string", columnDefinition = "text")
    public String qrString;

    /** The wallet app link. */
    @Column(name = "app_url", length = 2048)
    public String appUrl;

    /** A QR image the provider serves itself, when it gives no payload to encode. */
    @Column(name = "provider_qr_url", length = 2048)
    public String providerQrUrl;

    @Column(name = "expires_at", nullable = false)
    public Instant expiresAt;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;
}

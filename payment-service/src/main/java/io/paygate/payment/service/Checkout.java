package io.paygate.payment.service;

import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.repository.PaymentEntity;

import java.math.BigDecimal;
import java.time.Instant;

/** What the hosted page needs of a payment: a read-only snapshot, no entity. */
public record Checkout(String paymentCode, String merchantId, String customerId, BigDecimal amount, String currency,
                       String description, PaymentStatus status, String statusDesc, boolean awaitingOtp,
                       PaymentMethod method, String cardMask, Instant expiresAt, String returnUrl,
                       String challengeUrl) {

    static Checkout of(PaymentEntity p) {
        return new Checkout(p.paymentCode, p.merchantId, p.customerId, p.amount, p.currency, p.description, p.status,
                p.statusDesc, p.awaitingOtp, p.method, p.cardMask, p.expiresAt, p.returnUrl,
                p.awaitingOtp ? p.challengeUrl : null);
    }

    /** Whether the customer can still choose a method and pay. */
    public boolean payable(Instant now) {
        return status == PaymentStatus.PENDING && now.isBefore(expiresAt);
    }
}

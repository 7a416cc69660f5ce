package io.paygate.payment.checkout;

import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.payment.PaymentChargeEntity;
import io.paygate.payment.payment.PaymentEntity;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * What the hosted page needs of a payment: a read-only snapshot, no entity. {@code charge} is the method's open
 * charge (what to pay with) while there is one.
 */
public record Checkout(String paymentCode, String merchantId, String customerId, BigDecimal amount, String currency,
                       String description, PaymentStatus status, String statusDesc, boolean awaitingOtp,
                       PaymentMethod method, String cardMask, Instant expiresAt, String returnUrl,
                       String challengeUrl, String successUrl, String failUrl, String backUrl,
                       PaymentMethod preselected, String accountId, String channel, OpenCharge charge,
                       boolean offersSaving, boolean subscription, java.util.Set<PaymentMethod> methods) {

    /** A method's charge as the page shows it: what the customer pays with, until when. */
    public record OpenCharge(String reference, PaymentMethod method, boolean open, String payCode, String billerCode,
                             boolean hasQr, String appUrl, String providerQrUrl, Instant expiresAt) {

        static OpenCharge of(PaymentChargeEntity c) {
            return new OpenCharge(c.reference, c.method, c.state == PaymentChargeEntity.State.OPEN, c.payCode,
                    c.billerCode, c.qrString != null, c.appUrl, c.providerQrUrl, c.expiresAt);
        }
    }

    static Checkout of(PaymentEntity p, PaymentChargeEntity charge) {
        return new Checkout(p.paymentCode, p.merchantId, p.customerId, p.amount, p.currency, p.description, p.status,
                p.statusDesc, p.awaitingOtp, p.method, p.cardMask, p.expiresAt, p.returnUrl,
                p.awaitingOtp ? p.challengeUrl : null, p.successUrl, p.failUrl, p.backUrl, p.preselected, p.accountId,
                p.channel, charge == null ? null : OpenCharge.of(charge), p.storeOffered && p.customerId != null,
                p.subscriptionId != null, methodsOf(p.methods));
    }

    /** The payment's own methods ({@code payment.methods}, a payment link's), or null for every offered one. */
    private static java.util.Set<PaymentMethod> methodsOf(String methods) {
        if (methods == null) {
            return null;
        }
        java.util.Set<PaymentMethod> set = java.util.EnumSet.noneOf(PaymentMethod.class);
        for (String name : methods.split(",")) {
            set.add(PaymentMethod.valueOf(name));
        }
        return set;
    }

    /**
     * The methods this payment may be paid with, of those its merchant's channel {@code offered}: a subscription's
     * first payment only with one that leaves a credential, a card or direct debit (docs/contract.md §1b); a payment
     * link's payment only with the link's methods ({@code methods}, docs/contract.md §11).
     */
    public java.util.Set<PaymentMethod> allowed(java.util.Set<PaymentMethod> offered) {
        if (!subscription && methods == null) {
            return offered;
        }
        java.util.Set<PaymentMethod> allowed = java.util.EnumSet.noneOf(PaymentMethod.class);
        offered.stream().filter(m -> !subscription || m == PaymentMethod.CARD || m == PaymentMethod.DIRECT_DEBIT)
                .filter(m -> methods == null || methods.contains(m)).forEach(allowed::add);
        return allowed;
    }

    /** Whether the customer can still choose a method and pay. */
    public boolean payable(Instant now) {
        return status == PaymentStatus.PENDING && now.isBefore(expiresAt);
    }

    /** Where the page sends the customer once the payment is decided, or from its "back" link; null when nowhere. */
    public String leaveUrl() {
        return switch (status) {
            case CAPTURED, PARTIALLY_REFUNDED, REFUNDED -> successUrl != null ? successUrl : returnUrl;
            case FAILED, EXPIRED, CANCELLED, REVERSED -> failUrl != null ? failUrl : returnUrl;
            default -> backUrl != null ? backUrl : returnUrl;
        };
    }
}

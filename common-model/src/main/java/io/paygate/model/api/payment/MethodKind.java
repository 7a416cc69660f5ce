package io.paygate.model.api.payment;

import java.time.Duration;

/**
 * How the customer pays with a {@link PaymentMethod} (docs/contract.md §2a): what the gateway opens at the provider, what the
 * initiation reply and the page show, how long an open charge lives by default, and whether its money can go back
 * through the provider.
 */
public enum MethodKind {
    /** The card form on the hosted page; decided by the provider after submission (PROCESSING). */
    CARD(false, null, true),
    /** An ACTIVE direct-debit binding; decided by the provider after submission (PROCESSING). */
    BOUND_ACCOUNT(false, null, true),
    /** A bank transfer of the exact amount to a virtual account number. */
    VIRTUAL_ACCOUNT(true, Duration.ofHours(24), false),
    /** Mandiri bill payment: biller code and bill key. */
    BILL_PAYMENT(true, Duration.ofHours(24), false),
    /** A QRIS code any QRIS app scans. */
    QR(true, Duration.ofMinutes(15), true),
    /** An e-wallet app opened by a link (and its QR on a desktop, where the wallet has one). */
    EWALLET(true, Duration.ofMinutes(15), true),
    /** An e-wallet that pushes the payment to the customer's app ({@code sourceOfFunds.accountId}). */
    EWALLET_PUSH(true, Duration.ofMinutes(15), true),
    /** A code paid at a convenience store's cashier. */
    CONVENIENCE_STORE(true, Duration.ofHours(24), false);

    private final boolean opensCharge;
    private final Duration defaultLifetime;
    private final boolean refundable;

    MethodKind(boolean opensCharge, Duration defaultLifetime, boolean refundable) {
        this.opensCharge = opensCharge;
        this.defaultLifetime = defaultLifetime;
        this.refundable = refundable;
    }

    /**
     * Whether choosing the method opens a charge at the provider at once (a number, code or QR the customer then pays
     * while the payment stays PENDING), rather than a charge submitted from a form (card, direct debit).
     */
    public boolean opensCharge() {
        return opensCharge;
    }

    /** How long an open charge lives unless configured otherwise; null for kinds that open none (the link's). */
    public Duration defaultLifetime() {
        return defaultLifetime;
    }

    /** Whether captured money can be refunded through the provider (docs/contract.md §3a). */
    public boolean refundable() {
        return refundable;
    }

    /** Whether the customer pays with a number or code (VA number, bill key, store code): {@code paymentCode}. */
    public boolean paidWithCode() {
        return this == VIRTUAL_ACCOUNT || this == BILL_PAYMENT || this == CONVENIENCE_STORE;
    }

    /** The configuration name of the kind, {@code gateway.payment.methods.<name>.lifetime}. */
    public String configName() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
}

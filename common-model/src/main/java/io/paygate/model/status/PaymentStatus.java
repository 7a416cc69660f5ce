package io.paygate.model.status;

/**
 * Hosted payment states (docs/contract.md §2), the value of {@code result.payment.status}, with every allowed move:
 * <pre>
 * PENDING    → PROCESSING (card or direct debit submitted) | CAPTURED (an open charge paid) | FAILED (declined by the
 *              customer or the provider) | EXPIRED (the link or the open charge ran out) | CANCELLED (the merchant)
 * PROCESSING → CAPTURED | FAILED
 * CAPTURED   → PARTIALLY_REFUNDED | REFUNDED | REVERSED (the provider reversed a settled payment)
 * PARTIALLY_REFUNDED → REFUNDED
 * </pre>
 * FAILED, EXPIRED, CANCELLED, REFUNDED and REVERSED never change. A card the page refuses (Luhn, expiry, CVV) is
 * never charged, so it leaves the payment PENDING.
 */
public enum PaymentStatus implements Lifecycle<PaymentStatus> {
    /** Initiated; the link is live; also while a virtual account, QR, wallet or store code is open and unpaid. */
    PENDING,
    /** Submitted to the payment channel provider (card, direct debit), waiting for its decision. */
    PROCESSING,
    /** Paid. */
    CAPTURED,
    /** Refused by the provider or the customer (declined, insufficient funds, 3-D Secure failed). */
    FAILED,
    /** The link lifetime, or the open charge's, passed before the customer paid. */
    EXPIRED,
    /** Cancelled by the merchant before it was paid. */
    CANCELLED,
    /** Part of the captured amount was refunded. */
    PARTIALLY_REFUNDED,
    /** The whole captured amount was refunded. */
    REFUNDED,
    /** The provider reversed the settled payment (e.g. Midtrans {@code deny} after {@code settlement}). */
    REVERSED;

    @Override
    public boolean canTransitionTo(PaymentStatus next) {
        return switch (this) {
            case PENDING -> next == PROCESSING || next == CAPTURED || next == FAILED || next == EXPIRED
                    || next == CANCELLED;
            case PROCESSING -> next == CAPTURED || next == FAILED;
            case CAPTURED -> next == PARTIALLY_REFUNDED || next == REFUNDED || next == REVERSED;
            case PARTIALLY_REFUNDED -> next == REFUNDED;
            case FAILED, EXPIRED, CANCELLED, REFUNDED, REVERSED -> false;
        };
    }

    @Override
    public boolean isFinal() {
        return this == FAILED || this == EXPIRED || this == CANCELLED || this == REFUNDED || this == REVERSED;
    }

    /** Whether the customer paid: CAPTURED, and the states money can only leave from. */
    public boolean isPaid() {
        return this == CAPTURED || this == PARTIALLY_REFUNDED || this == REFUNDED || this == REVERSED;
    }

    /** Whether the payment is decided: no charge of it can be paid any more (final, or paid). */
    public boolean isSettled() {
        return isFinal() || isPaid();
    }

    /** Whether the merchant is notified of this state (docs/contract.md §6): every state after PENDING and PROCESSING. */
    public boolean isNotified() {
        return this != PENDING && this != PROCESSING;
    }
}

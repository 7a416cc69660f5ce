package io.paygate.model.status;

/**
 * Hosted payment states (CONTRACT §2), the value of {@code result.payment.status}:
 * {@code PENDING → PROCESSING → CAPTURED | FAILED}, {@code PENDING → EXPIRED}. Final states never change.
 * {@code PENDING → FAILED} is not allowed: a card the page refuses (Luhn, expiry, CVV) is never charged, so
 * the payment stays {@code PENDING}.
 */
public enum PaymentStatus implements Lifecycle<PaymentStatus> {
    /** Initiated; the hosted page link is live. */
    PENDING,
    /** Submitted to the payment channel provider, waiting for its decision. */
    PROCESSING,
    /** Paid. */
    CAPTURED,
    /** Refused by the provider (declined, insufficient funds, 3-D Secure failed). */
    FAILED,
    /** The link lifetime passed before the customer paid. */
    EXPIRED;

    @Override
    public boolean canTransitionTo(PaymentStatus next) {
        return switch (this) {
            case PENDING -> next == PROCESSING || next == EXPIRED;
            case PROCESSING -> next == CAPTURED || next == FAILED;
            case CAPTURED, FAILED, EXPIRED -> false;
        };
    }

    @Override
    public boolean isFinal() {
        return this == CAPTURED || this == FAILED || this == EXPIRED;
    }

    /** Whether the merchant is notified of this state (CONTRACT §6: CAPTURED, FAILED, EXPIRED). */
    public boolean isNotified() {
        return isFinal();
    }
}

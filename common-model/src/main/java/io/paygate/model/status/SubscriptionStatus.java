package io.paygate.model.status;

/**
 * Subscription states (docs/contract.md §1b), with every allowed move:
 * <pre>
 * PENDING → ACTIVE (the first payment was captured) | CANCELLED (the merchant; the first payment ended FAILED,
 *           EXPIRED or CANCELLED)
 * ACTIVE  → PAUSED (the merchant; a cycle ended FAILED; the credential died) | COMPLETED (the last cycle ended)
 *           | CANCELLED (the merchant)
 * PAUSED  → ACTIVE (the merchant resumed it) | CANCELLED (the merchant)
 * </pre>
 * COMPLETED and CANCELLED never change. Repeating the change a subscription already made (pause a PAUSED one) is not a
 * transition: {@code canTransitionTo(this)} is {@code false}, and the caller answers it with the subscription unchanged.
 */
public enum SubscriptionStatus implements Lifecycle<SubscriptionStatus> {
    /** Created by the initiation; its first payment is not captured yet. */
    PENDING,
    /** Cycles are charged as they fall due. */
    ACTIVE,
    /** No cycle is charged until the merchant resumes it. */
    PAUSED,
    /** Its last cycle has ended (captured or failed). */
    COMPLETED,
    /** Ended by the merchant, or by the gateway when the first payment was not made. */
    CANCELLED;

    @Override
    public boolean canTransitionTo(SubscriptionStatus next) {
        return switch (this) {
            case PENDING -> next == ACTIVE || next == CANCELLED;
            case ACTIVE -> next == PAUSED || next == COMPLETED || next == CANCELLED;
            case PAUSED -> next == ACTIVE || next == CANCELLED;
            case COMPLETED, CANCELLED -> false;
        };
    }

    @Override
    public boolean isFinal() {
        return this == COMPLETED || this == CANCELLED;
    }

    /**
     * Whether reaching this state is a {@code subscription} notification (docs/contract.md §1b, §6): every state but
     * PENDING, which a subscription only ever starts in.
     */
    public boolean isNotified() {
        return this != PENDING;
    }
}

package io.paygate.payment.provider;

/**
 * The provider's answer about one refund (docs/contract.md §3a): {@link State#SUCCEEDED} (the money is on its way back),
 * {@link State#FAILED} with why, {@link State#PENDING} (it decides later), or {@link State#UNKNOWN} (the provider never
 * saw this refund).
 */
public record RefundOutcome(State state, String statusDesc) {

    public enum State { SUCCEEDED, FAILED, PENDING, UNKNOWN }

    public static RefundOutcome succeeded() {
        return new RefundOutcome(State.SUCCEEDED, null);
    }

    public static RefundOutcome failed(String why) {
        return new RefundOutcome(State.FAILED, why);
    }

    public static RefundOutcome pending() {
        return new RefundOutcome(State.PENDING, null);
    }

    public static RefundOutcome unknown() {
        return new RefundOutcome(State.UNKNOWN, null);
    }
}

package io.paygate.payment.provider;

import io.paygate.model.api.CardInfo;
import io.paygate.model.status.PaymentStatus;

import java.util.EnumSet;
import java.util.Set;

/**
 * A provider's answer about one charge (a status inquiry, a cancellation), channel-neutral.
 *
 * @param state      {@link State#DECIDED}, {@link State#PENDING} (still deciding, e.g. waiting for 3-D Secure, or an
 *                   open charge not paid yet) or {@link State#UNKNOWN} (the provider never saw this reference)
 * @param status     when decided: CAPTURED, FAILED, EXPIRED (an open charge ran out), CANCELLED (an open charge
 *                   cancelled) or REVERSED (a settled charge the provider took back); else null
 * @param statusDesc why a decided charge failed, or null
 * @param cardInfo   what the provider knows about the card, or null
 */
public record ChargeStatus(State state, PaymentStatus status, String statusDesc, CardInfo cardInfo) {

    public enum State { DECIDED, PENDING, UNKNOWN }

    private static final Set<PaymentStatus> DECISIONS = EnumSet.of(PaymentStatus.CAPTURED, PaymentStatus.FAILED,
            PaymentStatus.EXPIRED, PaymentStatus.CANCELLED, PaymentStatus.REVERSED);

    public ChargeStatus {
        if (state == State.DECIDED && !DECISIONS.contains(status)) {
            throw new IllegalArgumentException("a provider decides CAPTURED, FAILED, EXPIRED, CANCELLED or REVERSED, "
                    + "not " + status);
        }
    }

    public static ChargeStatus decided(PaymentStatus status, String statusDesc, CardInfo cardInfo) {
        return new ChargeStatus(State.DECIDED, status, statusDesc, cardInfo);
    }

    public static ChargeStatus pending() {
        return new ChargeStatus(State.PENDING, null, null, null);
    }

    public static ChargeStatus unknown() {
        return new ChargeStatus(State.UNKNOWN, null, null, null);
    }

    /** Whether the charge was paid (and the payment should be CAPTURED by it). */
    public boolean paid() {
        return state == State.DECIDED && status == PaymentStatus.CAPTURED;
    }
}

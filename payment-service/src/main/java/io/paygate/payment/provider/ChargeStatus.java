package io.paygate.payment.provider;

import io.paygate.model.api.CardInfo;
import io.paygate.model.status.PaymentStatus;

/**
 * A provider's answer to a status inquiry ({@link PaymentChannel#inquire}), channel-neutral.
 *
 * @param state      {@link State#DECIDED}, {@link State#PENDING} (still deciding, e.g. waiting for 3-D Secure) or
 *                   {@link State#UNKNOWN} (the provider never saw this reference)
 * @param status     CAPTURED or FAILED when decided, else null
 * @param statusDesc why a decided charge failed, or null
 * @param cardInfo   what the provider knows about the card, or null
 */
public record ChargeStatus(State state, PaymentStatus status, String statusDesc, CardInfo cardInfo) {

    public enum State { DECIDED, PENDING, UNKNOWN }

    public ChargeStatus {
        if (state == State.DECIDED && status != PaymentStatus.CAPTURED && status != PaymentStatus.FAILED) {
            throw new IllegalArgumentException("a decided charge is CAPTURED or FAILED, not " + status);
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
}

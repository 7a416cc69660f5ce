package io.paygate.model.status;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PaymentStatusTest {

    /** docs/contract.md §2, written out independently of the enum. */
    private static final Set<String> ALLOWED = Set.of(
            "PENDING->PROCESSING", "PENDING->CAPTURED", "PENDING->FAILED", "PENDING->EXPIRED", "PENDING->CANCELLED",
            "PROCESSING->CAPTURED", "PROCESSING->FAILED",
            "CAPTURED->PARTIALLY_REFUNDED", "CAPTURED->REFUNDED", "CAPTURED->REVERSED",
            "PARTIALLY_REFUNDED->REFUNDED");
    private static final Set<PaymentStatus> FINAL = EnumSet.of(PaymentStatus.FAILED, PaymentStatus.EXPIRED,
            PaymentStatus.CANCELLED, PaymentStatus.REFUNDED, PaymentStatus.REVERSED);

    @Test
    void everyPairFollowsTheContract() {
        assertEquals(ALLOWED.size(), Transitions.assertExactly(PaymentStatus.class, ALLOWED, Enum::name));
    }

    @Test
    void finalStatesAreFailedExpiredCancelledRefundedReversed() {
        for (PaymentStatus status : PaymentStatus.values()) {
            assertEquals(FINAL.contains(status), status.isFinal(), status.name());
        }
    }

    @Test
    void finalStatesNeverChange() {
        for (PaymentStatus from : FINAL) {
            for (PaymentStatus to : PaymentStatus.values()) {
                assertFalse(from.canTransitionTo(to), from + "->" + to);
            }
        }
    }

    @Test
    void anOpenChargeIsPaidOrDeclinedWithoutProcessing() {
        assertTrue(PaymentStatus.PENDING.canTransitionTo(PaymentStatus.CAPTURED));
        assertTrue(PaymentStatus.PENDING.canTransitionTo(PaymentStatus.FAILED));
    }

    @Test
    void aCapturedPaymentIsNotFinalButPaid() {
        assertFalse(PaymentStatus.CAPTURED.isFinal());
        assertTrue(PaymentStatus.CAPTURED.isPaid());
        assertTrue(PaymentStatus.CAPTURED.isSettled());
        assertFalse(PaymentStatus.PENDING.isSettled());
        assertFalse(PaymentStatus.PROCESSING.isSettled());
    }

    @Test
    void aPartlyRefundedPaymentCannotBeReversed() {
        assertFalse(PaymentStatus.PARTIALLY_REFUNDED.canTransitionTo(PaymentStatus.REVERSED));
        assertFalse(PaymentStatus.PARTIALLY_REFUNDED.canTransitionTo(PaymentStatus.CAPTURED));
    }

    @Test
    void processingPaymentCannotExpire() {
        assertFalse(PaymentStatus.PROCESSING.canTransitionTo(PaymentStatus.EXPIRED));
    }

    @Test
    void merchantIsNotifiedOfEveryStateAfterPendingAndProcessing() {
        for (PaymentStatus status : PaymentStatus.values()) {
            boolean expected = status != PaymentStatus.PENDING && status != PaymentStatus.PROCESSING;
            assertEquals(expected, status.isNotified(), status.name());
        }
    }

    @Test
    void transitionToNullIsIllegal() {
        assertThrows(IllegalTransitionException.class, () -> PaymentStatus.PENDING.transitionTo(null));
    }

    @Test
    void exceptionMessageNamesTheLifecycleAndStates() {
        IllegalTransitionException e = assertThrows(IllegalTransitionException.class,
                () -> PaymentStatus.CAPTURED.transitionTo(PaymentStatus.FAILED));
        assertEquals("Illegal PaymentStatus transition CAPTURED -> FAILED", e.getMessage());
    }

    @Test
    void aPaymentThatNeverPaidCannotBeRefunded() {
        assertFalse(PaymentStatus.PENDING.canTransitionTo(PaymentStatus.REFUNDED));
        assertFalse(PaymentStatus.EXPIRED.canTransitionTo(PaymentStatus.REFUNDED));
    }
}

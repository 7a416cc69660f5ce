package io.paygate.model.status;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SubscriptionStatusTest {

    /** docs/contract.md §1b, written out independently of the enum. */
    private static final Set<String> ALLOWED = Set.of("PENDING->ACTIVE", "PENDING->CANCELLED", "ACTIVE->PAUSED",
            "ACTIVE->COMPLETED", "ACTIVE->CANCELLED", "PAUSED->ACTIVE", "PAUSED->CANCELLED");
    private static final Set<SubscriptionStatus> FINAL = EnumSet.of(SubscriptionStatus.COMPLETED,
            SubscriptionStatus.CANCELLED);

    @Test
    void everyPairFollowsTheContract() {
        assertEquals(ALLOWED.size(), Transitions.assertExactly(SubscriptionStatus.class, ALLOWED, Enum::name));
    }

    @Test
    void finalStatesAreCompletedAndCancelled() {
        for (SubscriptionStatus status : SubscriptionStatus.values()) {
            assertEquals(FINAL.contains(status), status.isFinal(), status.name());
        }
    }

    @Test
    void repeatingAChangeIsNotATransition() {
        assertFalse(SubscriptionStatus.PAUSED.canTransitionTo(SubscriptionStatus.PAUSED));
        assertFalse(SubscriptionStatus.ACTIVE.canTransitionTo(SubscriptionStatus.ACTIVE));
        assertFalse(SubscriptionStatus.CANCELLED.canTransitionTo(SubscriptionStatus.CANCELLED));
    }

    @Test
    void aPendingSubscriptionIsNeverPausedNorCompleted() {
        assertFalse(SubscriptionStatus.PENDING.canTransitionTo(SubscriptionStatus.PAUSED));
        assertFalse(SubscriptionStatus.PENDING.canTransitionTo(SubscriptionStatus.COMPLETED));
        assertFalse(SubscriptionStatus.PAUSED.canTransitionTo(SubscriptionStatus.COMPLETED));
    }

    @Test
    void merchantIsNotifiedOfEveryStateButPending() {
        for (SubscriptionStatus status : SubscriptionStatus.values()) {
            assertEquals(status != SubscriptionStatus.PENDING, status.isNotified(), status.name());
        }
    }
}

package io.paygate.model.status;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class BindingStatusTest {

    /** docs/contract.md §4, written out independently of the enum. */
    private static final Set<String> ALLOWED = Set.of("PENDING->ACTIVE", "PENDING->FAILED", "ACTIVE->UNBOUND");
    private static final Set<BindingStatus> FINAL = EnumSet.of(BindingStatus.FAILED, BindingStatus.UNBOUND);

    @Test
    void everyPairFollowsTheContract() {
        assertEquals(ALLOWED.size(), Transitions.assertExactly(BindingStatus.class, ALLOWED, Enum::name));
    }

    @Test
    void finalStatesAreFailedAndUnbound() {
        for (BindingStatus status : BindingStatus.values()) {
            assertEquals(FINAL.contains(status), status.isFinal(), status.name());
        }
    }

    @Test
    void unboundBindingCannotBeReactivated() {
        assertFalse(BindingStatus.UNBOUND.canTransitionTo(BindingStatus.ACTIVE));
    }

    @Test
    void pendingBindingCannotBeUnbound() {
        assertFalse(BindingStatus.PENDING.canTransitionTo(BindingStatus.UNBOUND));
    }

    @Test
    void merchantIsNotifiedOfEveryStateButPending() {
        assertFalse(BindingStatus.PENDING.isNotified());
        assertTrue(BindingStatus.ACTIVE.isNotified());
        assertTrue(BindingStatus.FAILED.isNotified());
        assertTrue(BindingStatus.UNBOUND.isNotified());
    }
}

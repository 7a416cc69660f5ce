package io.paygate.model.status;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.paygate.model.json.Json;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DisbursementStatusTest {

    /** docs/contract.md §5, by code, written out independently of the enum. */
    private static final Set<String> ALLOWED = Set.of(
            "01->02", "01->05", "01->06", "02->00", "02->03", "02->06", "03->00", "03->05", "03->06", "00->04");
    private static final Set<String> FINAL = Set.of("04", "05", "06");

    @Test
    void codesAndMeaningsAreTheSeedTable() {
        List<String> expected = List.of("00 Success", "01 Initiated", "02 Paying", "03 Pending", "04 Refunded",
                "05 Cancelled", "06 Failed", "07 Not found");
        List<String> actual = java.util.Arrays.stream(DisbursementStatus.values())
                .map(status -> status.code() + " " + status.meaning()).toList();
        assertEquals(expected, actual);
    }

    @Test
    void fromCodeFindsEveryCode() {
        for (DisbursementStatus status : DisbursementStatus.values()) {
            assertSame(status, DisbursementStatus.fromCode(status.code()));
        }
        assertSame(DisbursementStatus.INITIATED, DisbursementStatus.fromCode("01"));
    }

    @Test
    void fromCodeRejectsUnknownCodes() {
        for (String bad : new String[] {"08", "1", "", "INITIATED", null}) {
            assertThrows(IllegalArgumentException.class, () -> DisbursementStatus.fromCode(bad), String.valueOf(bad));
        }
    }

    @Test
    void everyPairFollowsTheContract() {
        assertEquals(10, Transitions.assertExactly(DisbursementStatus.class, ALLOWED, DisbursementStatus::code));
    }

    @Test
    void finalStatesAreRefundedCancelledFailed() {
        for (DisbursementStatus status : DisbursementStatus.values()) {
            assertEquals(FINAL.contains(status.code()), status.isFinal(), status.code());
        }
    }

    @Test
    void successIsNotFinalBecauseItCanBeRefunded() {
        assertFalse(DisbursementStatus.SUCCESS.isFinal());
        assertTrue(DisbursementStatus.SUCCESS.canTransitionTo(DisbursementStatus.REFUNDED));
    }

    @Test
    void notFoundIsOnlyAnInquiryAnswer() {
        assertFalse(DisbursementStatus.NOT_FOUND.isLifecycleState());
        for (DisbursementStatus other : DisbursementStatus.values()) {
            assertFalse(other.canTransitionTo(DisbursementStatus.NOT_FOUND));
            assertFalse(DisbursementStatus.NOT_FOUND.canTransitionTo(other));
            assertEquals(other != DisbursementStatus.NOT_FOUND, other.isLifecycleState());
        }
    }

    @Test
    void serialisesAsTheTwoDigitCode() {
        assertEquals("\"03\"", Json.write(DisbursementStatus.PENDING));
        assertSame(DisbursementStatus.REFUNDED, Json.read("\"04\"", DisbursementStatus.class));
        assertThrows(IllegalArgumentException.class, () -> Json.read("\"REFUNDED\"", DisbursementStatus.class));
    }
}

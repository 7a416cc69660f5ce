package io.paygate.payment.recurring;

import io.paygate.model.api.recurring.IntervalUnit;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZonedDateTime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The subscription schedule (docs/contract.md §1b) in the gateway's time zone. */
class ScheduleTest {

    private static final ZoneId JAKARTA = ZoneId.of("Asia/Jakarta");

    private static Instant at(String local) {
        return ZonedDateTime.of(java.time.LocalDateTime.parse(local), JAKARTA).toInstant();
    }

    @Test
    void monthlyCyclesKeepTheAnchorsDayAndTakeTheLastDayOfAShorterMonth() {
        Instant anchor = at("2027-01-31T10:15:30");
        assertEquals(at("2027-02-28T10:15:30"), Schedule.dueAt(anchor, IntervalUnit.MONTHLY, 1, 1, JAKARTA));
        assertEquals(at("2027-03-31T10:15:30"), Schedule.dueAt(anchor, IntervalUnit.MONTHLY, 1, 2, JAKARTA));
        assertEquals(at("2027-07-31T10:15:30"), Schedule.dueAt(anchor, IntervalUnit.MONTHLY, 3, 2, JAKARTA));
        assertEquals(at("2028-01-31T10:15:30"), Schedule.dueAt(anchor, IntervalUnit.YEARLY, 1, 1, JAKARTA));
    }

    @Test
    void startDateAnchorsCycleTwoAtTheFirstCapturesTimeOfDay() {
        Instant anchor = Schedule.anchor(at("2027-01-05T08:00:00"), LocalDate.of(2027, 2, 1), JAKARTA);
        assertEquals(at("2027-02-01T08:00:00"), anchor);
        assertEquals(0, Schedule.firstIndex(LocalDate.of(2027, 2, 1)));
        assertEquals(1, Schedule.firstIndex(null));
        assertEquals(at("2027-01-05T08:00:00"), Schedule.anchor(at("2027-01-05T08:00:00"), null, JAKARTA));
    }

    @Test
    void missedPointsAreSkippedToTheFirstAfterNow() {
        Instant anchor = at("2027-01-01T09:00:00");
        Instant now = at("2027-01-11T12:00:00");
        assertEquals(11, Schedule.firstAfter(anchor, IntervalUnit.DAILY, 1, 1, now, JAKARTA));
        assertEquals(5, Schedule.firstAfter(anchor, IntervalUnit.DAILY, 1, 5, at("2027-01-02T00:00:00"), JAKARTA));
        // a minutely schedule after a year away: found without stepping through every minute
        Instant later = anchor.plusSeconds(365L * 24 * 3600 + 30);
        int index = Schedule.firstAfter(anchor, IntervalUnit.MINUTES, 1, 1, later, JAKARTA);
        assertEquals(365 * 24 * 60 + 1, index);
        assertTrue(Schedule.dueAt(anchor, IntervalUnit.MINUTES, 1, index, JAKARTA).isAfter(later));
        assertFalse(Schedule.dueAt(anchor, IntervalUnit.MINUTES, 1, index - 1, JAKARTA).isAfter(later));
    }

    @Test
    void thePlanEndsAfterMaxIntervalLaterCyclesOrAtTheEndOfEndDate() {
        assertTrue(Schedule.withinPlan(3, at("2027-03-01T00:00:00"), 2, null, JAKARTA));
        assertFalse(Schedule.withinPlan(4, at("2027-03-01T00:00:00"), 2, null, JAKARTA));
        assertTrue(Schedule.withinPlan(9, at("2027-03-31T23:59:59"), null, LocalDate.of(2027, 3, 31), JAKARTA));
        assertFalse(Schedule.withinPlan(9, at("2027-04-01T00:00:00"), null, LocalDate.of(2027, 3, 31), JAKARTA));
        assertTrue(Schedule.withinPlan(99, at("2099-01-01T00:00:00"), null, null, JAKARTA));
    }

    @Test
    void aRetryComesOneRetryIntervalAfterTheDecline() {
        assertEquals(at("2027-01-01T11:00:00"),
                Schedule.retryAt(at("2027-01-01T09:00:00"), IntervalUnit.HOURS, 2, JAKARTA));
    }
}

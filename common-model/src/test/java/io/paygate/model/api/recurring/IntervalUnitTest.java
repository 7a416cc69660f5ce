package io.paygate.model.api.recurring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.paygate.model.json.Json;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.EnumSet;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class IntervalUnitTest {

    private static final ZoneId JAKARTA = ZoneId.of("Asia/Jakarta");

    @Test
    void wireValuesAreTheContractsLowerCaseUnits() {
        for (String unit : new String[] {"minutes", "hours", "daily", "weekly", "monthly", "yearly"}) {
            IntervalUnit parsed = IntervalUnit.fromWire(unit).orElseThrow();
            assertEquals(unit, parsed.wire());
            assertEquals("\"" + unit + "\"", Json.write(parsed));
            assertEquals(parsed, Json.read("\"" + unit + "\"", IntervalUnit.class));
        }
        assertEquals(Optional.empty(), IntervalUnit.fromWire("MONTHLY"));
        assertEquals(Optional.empty(), IntervalUnit.fromWire(null));
        assertEquals(IntervalUnit.MONTHLY, IntervalUnit.DEFAULT);
    }

    @Test
    void onlyMinutesHoursAndDaysMayPaceARetry() {
        for (IntervalUnit unit : IntervalUnit.values()) {
            assertEquals(EnumSet.of(IntervalUnit.MINUTES, IntervalUnit.HOURS, IntervalUnit.DAILY).contains(unit),
                    unit.retryUnit(), unit.wire());
        }
    }

    @Test
    void monthlyKeepsTheDayOfMonthAndFallsBackToTheLastDay() {
        ZonedDateTime anchor = ZonedDateTime.of(2027, 1, 31, 10, 15, 30, 0, JAKARTA);
        assertEquals(ZonedDateTime.of(2027, 2, 28, 10, 15, 30, 0, JAKARTA), IntervalUnit.MONTHLY.addTo(anchor, 1));
        assertEquals(ZonedDateTime.of(2027, 3, 31, 10, 15, 30, 0, JAKARTA), IntervalUnit.MONTHLY.addTo(anchor, 2),
                "counted from the anchor, not from February's 28th");
        assertEquals(ZonedDateTime.of(2027, 4, 30, 10, 15, 30, 0, JAKARTA), IntervalUnit.MONTHLY.addTo(anchor, 3));
        assertEquals(ZonedDateTime.of(2028, 2, 29, 10, 15, 30, 0, JAKARTA), IntervalUnit.MONTHLY.addTo(anchor, 13));
    }

    @Test
    void yearlyFromTheTwentyNinthOfFebruary() {
        ZonedDateTime anchor = ZonedDateTime.of(2028, 2, 29, 8, 0, 0, 0, JAKARTA);
        assertEquals(ZonedDateTime.of(2029, 2, 28, 8, 0, 0, 0, JAKARTA), IntervalUnit.YEARLY.addTo(anchor, 1));
        assertEquals(ZonedDateTime.of(2032, 2, 29, 8, 0, 0, 0, JAKARTA), IntervalUnit.YEARLY.addTo(anchor, 4));
    }

    @Test
    void shortUnitsAreElapsedTimeAndDaysKeepTheLocalTime() {
        ZonedDateTime anchor = ZonedDateTime.of(2026, 11, 21, 23, 50, 0, 0, JAKARTA);
        assertEquals(ZonedDateTime.of(2026, 11, 22, 0, 5, 0, 0, JAKARTA), IntervalUnit.MINUTES.addTo(anchor, 15));
        assertEquals(ZonedDateTime.of(2026, 11, 22, 1, 50, 0, 0, JAKARTA), IntervalUnit.HOURS.addTo(anchor, 2));
        assertEquals(ZonedDateTime.of(2026, 12, 5, 23, 50, 0, 0, JAKARTA), IntervalUnit.WEEKLY.addTo(anchor, 2));
        // across a daylight-saving change (a zone that has one): a day is the same local time, 24 hours are not
        ZoneId berlin = ZoneId.of("Europe/Berlin");
        ZonedDateTime beforeChange = ZonedDateTime.of(2026, 3, 28, 10, 0, 0, 0, berlin);
        assertEquals(10, IntervalUnit.DAILY.addTo(beforeChange, 1).getHour());
        assertEquals(11, IntervalUnit.HOURS.addTo(beforeChange, 24).getHour());
        assertTrue(IntervalUnit.DAILY.addTo(beforeChange, 1).isBefore(IntervalUnit.HOURS.addTo(beforeChange, 24)));
    }
}

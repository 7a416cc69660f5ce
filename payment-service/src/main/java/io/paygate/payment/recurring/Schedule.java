package io.paygate.payment.recurring;

import io.paygate.model.api.recurring.IntervalUnit;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZonedDateTime;

/**
 * A subscription's schedule (docs/contract.md §1b), in the gateway's time zone: cycle n ≥ 2 is due at the anchor plus
 * some number of intervals (its index), where the anchor is the first capture, or {@code startDate} at the first
 * capture's time of day (then cycle 2 is index 0). Months keep the anchor's day (the last day when shorter). No cycle
 * is due after the end of {@code endDate}, none beyond {@code maxInterval} later cycles, and none in the past: missed
 * points are skipped, never charged one by one.
 */
final class Schedule {

    private Schedule() {
    }

    /** The anchor of a subscription whose first payment was captured at {@code capturedAt}. */
    static Instant anchor(Instant capturedAt, LocalDate startDate, ZoneId zone) {
        if (startDate == null) {
            return capturedAt;
        }
        return startDate.atTime(capturedAt.atZone(zone).toLocalTime()).atZone(zone).toInstant();
    }

    /** The index of cycle 2 before the "never in the past" rule: 0 at {@code startDate}, else one interval on. */
    static int firstIndex(LocalDate startDate) {
        return startDate == null ? 1 : 0;
    }

    /** When the point {@code index} of the schedule is. */
    static Instant dueAt(Instant anchor, IntervalUnit unit, int interval, int index, ZoneId zone) {
        ZonedDateTime origin = anchor.atZone(zone);
        return unit.addTo(origin, (long) index * interval).toInstant();
    }

    /** The first index from {@code from} on whose point is after {@code now}. */
    static int firstAfter(Instant anchor, IntervalUnit unit, int interval, int from, Instant now, ZoneId zone) {
        int index = from;
        Duration fixed = fixedLength(unit, interval);
        if (fixed != null && now.isAfter(anchor)) {
            // jump close to now at once (a long outage of a minutely schedule is not a long loop), then step
            long passed = Duration.between(anchor, now).dividedBy(fixed);
            index = (int) Math.max(index, Math.min(Integer.MAX_VALUE - 2, passed - 1));
        }
        while (!dueAt(anchor, unit, interval, index, zone).isAfter(now)) {
            index++;
        }
        return index;
    }

    /** Whether cycle {@code cycle}, due at {@code due}, is within the plan: maxInterval and endDate. */
    static boolean withinPlan(int cycle, Instant due, Integer maxInterval, LocalDate endDate, ZoneId zone) {
        if (maxInterval != null && cycle - 1 > maxInterval) {
            return false;
        }
        return endDate == null || due.isBefore(endDate.plusDays(1).atStartOfDay(zone).toInstant());
    }

    /** When a declined attempt is tried again. */
    static Instant retryAt(Instant declinedAt, IntervalUnit unit, int interval, ZoneId zone) {
        return unit.addTo(declinedAt.atZone(zone), interval).toInstant();
    }

    private static Duration fixedLength(IntervalUnit unit, int interval) {
        return switch (unit) {
            case MINUTES -> Duration.ofMinutes(interval);
            case HOURS -> Duration.ofHours(interval);
            default -> null; // days, weeks, months and years follow the calendar (and its daylight saving)
        };
    }
}

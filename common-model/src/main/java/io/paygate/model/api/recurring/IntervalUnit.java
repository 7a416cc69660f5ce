package io.paygate.model.api.recurring;

import com.fasterxml.jackson.annotation.JsonValue;
import java.time.ZonedDateTime;
import java.util.Optional;

/**
 * {@code recurring.intervalUnit} and {@code recurring.retry.intervalUnit} (docs/contract.md §1b), on the wire in lower
 * case exactly as written ({@code minutes}, {@code hours}, {@code daily}, {@code weekly}, {@code monthly},
 * {@code yearly}). A retry takes only {@code minutes}, {@code hours} and {@code daily}.
 */
public enum IntervalUnit {
    MINUTES("minutes"),
    HOURS("hours"),
    DAILY("daily"),
    WEEKLY("weekly"),
    /** Same day of month; the last day when the month is shorter. */
    MONTHLY("monthly"),
    /** Same day of the year's month; 28 February when 29 February does not exist. */
    YEARLY("yearly");

    /** The default of {@code recurring.intervalUnit}. */
    public static final IntervalUnit DEFAULT = MONTHLY;

    private final String wire;

    IntervalUnit(String wire) {
        this.wire = wire;
    }

    /** The wire value, e.g. {@code monthly}. */
    @JsonValue
    public String wire() {
        return wire;
    }

    /** Whether {@code recurring.retry.intervalUnit} may be this unit. */
    public boolean retryUnit() {
        return this == MINUTES || this == HOURS || this == DAILY;
    }

    /**
     * {@code anchor} moved by {@code count} of this unit, in the anchor's zone: cycle n of a schedule is
     * {@code addTo(anchor, (n - 1) * interval)}, always counted from the anchor so that a 31st stays the 31st in the
     * months that have one. Minutes and hours are elapsed time; days and longer keep the local time of day.
     */
    public ZonedDateTime addTo(ZonedDateTime anchor, long count) {
        return switch (this) {
            case MINUTES -> anchor.plusMinutes(count);
            case HOURS -> anchor.plusHours(count);
            case DAILY -> anchor.plusDays(count);
            case WEEKLY -> anchor.plusWeeks(count);
            case MONTHLY -> anchor.plusMonths(count);
            case YEARLY -> anchor.plusYears(count);
        };
    }

    /** The unit written exactly as {@code value} (case-sensitive), or empty. */
    public static Optional<IntervalUnit> fromWire(String value) {
        for (IntervalUnit unit : values()) {
            if (unit.wire.equals(value)) {
                return Optional.of(unit);
            }
        }
        return Optional.empty();
    }
}

package io.paygate.model.snap;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.chrono.IsoChronology;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.time.temporal.ChronoField;
import java.time.temporal.ChronoUnit;
import java.util.Objects;

/**
 * SNAP's {@code X-TIMESTAMP} (docs/contract.md §9): ISO-8601 date and time to the second, optionally a fraction of 1 to 9
 * digits, then {@code Z} or an offset {@code ±HH:MM}: {@code 2026-11-21T10:15:30+07:00} (the standard's examples),
 * {@code 2026-11-21T03:15:30.068Z} (midtrans-client, {@code Date.toISOString()}), {@code 2026-11-21T03:15:30.123456Z}.
 * No {@code T}-less, zone-less or minute-precision forms. A timestamp is accepted while it is at most
 * {@link #DEFAULT_TOLERANCE} from server time in either direction (exactly 300 s is accepted).
 */
public final class SnapTimestamps {

    /** The window: a timestamp more than 300 s from server time is refused. */
    public static final Duration DEFAULT_TOLERANCE = Duration.ofSeconds(300);
    /** Longer than any accepted form (35 characters with nine fraction digits). */
    private static final int MAX_LENGTH = 40;

    private static final DateTimeFormatter PARSER = new DateTimeFormatterBuilder()
            .parseCaseSensitive()
            .append(DateTimeFormatter.ISO_LOCAL_DATE)
            .appendLiteral('T')
            .appendValue(ChronoField.HOUR_OF_DAY, 2).appendLiteral(':')
            .appendValue(ChronoField.MINUTE_OF_HOUR, 2).appendLiteral(':')
            .appendValue(ChronoField.SECOND_OF_MINUTE, 2)
            .optionalStart().appendFraction(ChronoField.NANO_OF_SECOND, 1, 9, true).optionalEnd()
            .appendOffset("+HH:MM", "Z")
            .toFormatter()
            .withResolverStyle(ResolverStyle.STRICT)
            .withChronology(IsoChronology.INSTANCE);

    private static final DateTimeFormatter FORMAT = new DateTimeFormatterBuilder()
            .append(DateTimeFormatter.ISO_LOCAL_DATE)
            .appendLiteral('T')
            .appendPattern("HH:mm:ss")
            .appendOffset("+HH:MM", "Z")
            .toFormatter();

    private SnapTimestamps() {
    }

    /**
     * Parses an {@code X-TIMESTAMP} value.
     *
     * @throws DateTimeParseException when it is not one of the accepted forms
     */
    public static OffsetDateTime parse(String text) {
        Objects.requireNonNull(text, "text");
        if (text.length() > MAX_LENGTH) {
            throw new DateTimeParseException("timestamp too long", text.substring(0, MAX_LENGTH), 0);
        }
        return OffsetDateTime.parse(text, PARSER);
    }

    /** A timestamp for now in {@code zone}, to the second: {@code 2026-11-21T10:15:30+07:00}. */
    public static String now(Clock clock, ZoneId zone) {
        return format(OffsetDateTime.ofInstant(clock.instant(), zone));
    }

    /** {@code time} to the second, with its offset ({@code Z} for UTC). */
    public static String format(OffsetDateTime time) {
        return time.truncatedTo(ChronoUnit.SECONDS).format(FORMAT);
    }

    /**
     * The instant of {@code header} when it is present, well-formed and within {@code tolerance} of {@code clock}.
     *
     * @throws SnapSignatureException {@link SnapSignatureException#MISSING_TIMESTAMP},
     *                                {@link SnapSignatureException#INVALID_TIMESTAMP} or
     *                                {@link SnapSignatureException#TIMESTAMP_OUTSIDE_WINDOW}
     */
    public static Instant requireFresh(String header, Clock clock, Duration tolerance) {
        if (header == null || header.isBlank()) {
            throw new SnapSignatureException(SnapSignatureException.MISSING_TIMESTAMP);
        }
        Instant sent;
        try {
            sent = parse(header).toInstant();
        } catch (DateTimeParseException e) {
            throw new SnapSignatureException(SnapSignatureException.INVALID_TIMESTAMP);
        }
        if (Duration.between(sent, clock.instant()).abs().compareTo(tolerance) > 0) {
            throw new SnapSignatureException(SnapSignatureException.TIMESTAMP_OUTSIDE_WINDOW);
        }
        return sent;
    }
}

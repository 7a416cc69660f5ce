package io.paygate.model.api;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;

/** The two date-time forms on the wire, formatted in the gateway's time zone ({@code gateway.timezone}). */
public final class WireTime {

    /** The contract's default {@code gateway.timezone}. */
    public static final ZoneId DEFAULT_ZONE = ZoneId.of("Asia/Jakarta");

    private static final DateTimeFormatter EXPIRY_LINK = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss");

    private WireTime() {
    }

    /** {@code expiryLink}: {@code YYYY-MM-DD HH:MM:SS} (19 characters) in {@code zone}. */
    public static String expiryLink(Instant instant, ZoneId zone) {
        return EXPIRY_LINK.format(instant.atZone(zone));
    }

    /** ISO-8601 with offset, seconds precision, e.g. {@code 2026-11-21T10:15:30+07:00} (transactionDate, ...). */
    public static String dateTime(Instant instant, ZoneId zone) {
        return DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(instant.truncatedTo(ChronoUnit.SECONDS).atZone(zone));
    }
}

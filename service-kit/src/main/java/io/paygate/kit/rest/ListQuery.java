package io.paygate.kit.rest;

import io.paygate.kit.error.ApiException;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;

/**
 * The filters every list takes (docs/contract.md §3b): {@code from}/{@code to} ISO-8601 with offset, years 2000–9999 as
 * written, {@code limit} 1–200.
 */
public record ListQuery(Instant from, Instant to, int limit) {

    public static final int DEFAULT_LIMIT = 50;
    public static final int MAX_LIMIT = 200;

    /** @throws ApiException {@code 400SS01} naming the parameter that is not what it must be */
    public static ListQuery of(String from, String to, String limit) {
        int size = DEFAULT_LIMIT;
        if (limit != null) {
            if (!limit.matches("[1-9][0-9]{0,2}") || Integer.parseInt(limit) > MAX_LIMIT) {
                throw ApiException.invalidFormat("limit");
            }
            size = Integer.parseInt(limit);
        }
        Instant start = time(from, "from");
        Instant end = time(to, "to");
        if (start != null && end != null && !start.isBefore(end)) {
            throw ApiException.invalidFormat("to");
        }
        return new ListQuery(start, end, size);
    }

    /** The earliest and latest year a list date may be written with (the database and the cursors hold these). */
    public static final int FIRST_YEAR = 2000;
    public static final int LAST_YEAR = 9999;

    private static Instant time(String value, String field) {
        if (value == null) {
            return null;
        }
        OffsetDateTime parsed;
        try {
            parsed = OffsetDateTime.parse(value);
        } catch (DateTimeParseException e) {
            throw ApiException.invalidFormat(field);
        }
        // ISO-8601 allows -999999999 to +999999999: such a year overflowed the JDBC timestamp (a 500).
        if (parsed.getYear() < FIRST_YEAR || parsed.getYear() > LAST_YEAR) {
            throw ApiException.invalidFormat(field);
        }
        return parsed.toInstant();
    }
}

package io.paygate.payment.lists;

import io.paygate.kit.error.ApiException;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;

/** The filters every list takes (docs/contract.md §3b): {@code from}/{@code to} ISO-8601 with offset, {@code limit} 1–200. */
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

    private static Instant time(String value, String field) {
        if (value == null) {
            return null;
        }
        try {
            return OffsetDateTime.parse(value).toInstant();
        } catch (DateTimeParseException e) {
            throw ApiException.invalidFormat(field);
        }
    }
}

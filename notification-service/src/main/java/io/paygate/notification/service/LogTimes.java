package io.paygate.notification.service;

import io.paygate.kit.error.ApiException;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;

/**
 * The {@code from}/{@code to} of the notification log's search and of a bulk redelivery (docs/contract.md §6): ISO-8601
 * with an offset ({@code 2026-11-21T10:15:30+07:00}, {@code …Z}), years 2000–9999 as written, as the lists of §3b take
 * them; {@code from} inclusive, {@code to} exclusive, on {@code createdAt}.
 */
final class LogTimes {

    static final int FIRST_YEAR = 2000;
    static final int LAST_YEAR = 9999;

    private LogTimes() {
    }

    /**
     * @return the instant, or null when {@code value} is null
     * @throws ApiException {@code 400SS01} naming {@code field} when it is not such a time
     */
    static Instant parse(String value, String field) {
        if (value == null) {
            return null;
        }
        OffsetDateTime parsed;
        try {
            parsed = OffsetDateTime.parse(value);
        } catch (DateTimeParseException e) {
            throw ApiException.invalidFormat(field);
        }
        // ISO-8601 allows years up to ±999999999, which no timestamp column holds.
        if (parsed.getYear() < FIRST_YEAR || parsed.getYear() > LAST_YEAR) {
            throw ApiException.invalidFormat(field);
        }
        return parsed.toInstant();
    }

    /** @throws ApiException {@code 400SS01 to} when both are given and {@code to} is not after {@code from} */
    static void requireOrdered(Instant from, Instant to) {
        if (from != null && to != null && !from.isBefore(to)) {
            throw ApiException.invalidFormat("to");
        }
    }
}

package io.paygate.merchant.operator;

import io.paygate.kit.error.ApiException;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.regex.Pattern;

/** The operator lists' query parameters: {@code limit} 1–200 (default 50), times ISO-8601 with offset. */
final class Limits {

    static final int DEFAULT = 50;
    static final int MAX = 200;
    private static final Pattern DIGITS = Pattern.compile("[0-9]{1,3}");

    private Limits() {
    }

    /** {@code 400SS01 limit} for anything but 1–200. */
    static int of(String limit) {
        if (limit == null) {
            return DEFAULT;
        }
        int value = DIGITS.matcher(limit).matches() ? Integer.parseInt(limit) : -1;
        if (value < 1 || value > MAX) {
            throw ApiException.invalidFormat("limit");
        }
        return value;
    }

    /** {@code 400SS01 <name>} for a time that is not ISO-8601 with an offset, years 2000–9999. */
    static Instant time(String text, String name) {
        if (text == null) {
            return null;
        }
        try {
            OffsetDateTime time = OffsetDateTime.parse(text);
            if (time.getYear() < 2000 || time.getYear() > 9999) {
                throw ApiException.invalidFormat(name);
            }
            return time.toInstant();
        } catch (DateTimeParseException e) {
            throw ApiException.invalidFormat(name);
        }
    }
}

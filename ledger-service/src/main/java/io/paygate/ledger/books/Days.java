package io.paygate.ledger.books;

import io.paygate.kit.error.ApiException;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;

/** A day as the ledger's endpoints take it (docs/contract.md §12): {@code YYYY-MM-DD}, a real date. */
public final class Days {

    private Days() {
    }

    /** The day, or null when absent; {@code 400SS01 <field>} when it is not a real YYYY-MM-DD. */
    public static LocalDate optional(String value, String field) {
        if (value == null) {
            return null;
        }
        try {
            if (!value.matches("[0-9]{4}-[0-9]{2}-[0-9]{2}")) {
                throw ApiException.invalidFormat(field);
            }
            return LocalDate.parse(value);
        } catch (DateTimeParseException e) {
            throw ApiException.invalidFormat(field);
        }
    }

    /** The day; {@code 400SS02 <field>} when absent or empty, {@code 400SS01 <field>} when not a real YYYY-MM-DD. */
    public static LocalDate required(String value, String field) {
        if (value == null || value.isEmpty()) {
            throw ApiException.mandatory(field);
        }
        return optional(value, field);
    }
}

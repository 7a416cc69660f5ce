package io.paygate.ledger.books;

import io.paygate.kit.error.ApiException;

import java.math.BigDecimal;
import java.util.regex.Pattern;

/** Amounts on the wire (docs/contract.md §1): strings {@code ^[0-9]{1,13}\.[0-9]{2}$}, greater than 0. */
public final class Amounts {

    private static final Pattern AMOUNT = Pattern.compile("[0-9]{1,13}\\.[0-9]{2}");

    private Amounts() {
    }

    /** @throws ApiException {@code 400SS02} when missing, {@code 400SS01} when not an amount or not above 0 */
    public static BigDecimal parse(String field, String text) {
        if (text == null || text.isEmpty()) {
            throw ApiException.mandatory(field);
        }
        if (!AMOUNT.matcher(text).matches()) {
            throw ApiException.invalidFormat(field);
        }
        BigDecimal amount = new BigDecimal(text);
        if (amount.signum() <= 0) {
            throw ApiException.invalidFormat(field);
        }
        return amount;
    }

    /** An amount as the wire writes it: two decimals. */
    public static String text(BigDecimal amount) {
        return amount.setScale(2, java.math.RoundingMode.UNNECESSARY).toPlainString();
    }
}

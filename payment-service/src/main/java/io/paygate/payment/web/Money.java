package io.paygate.payment.web;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Locale;

/**
 * Amounts as a customer reads them: Indonesian rupiah the Indonesian way without decimals ({@code Rp 150.000},
 * {@code Rp 150.000,50} only when there are cents), every other currency as its code with two decimals
 * ({@code USD 1,234.50}).
 */
public final class Money {

    private Money() {
    }

    public static String format(BigDecimal amount, String currency) {
        if ("IDR".equals(currency)) {
            DecimalFormatSymbols symbols = new DecimalFormatSymbols(Locale.ROOT);
            symbols.setGroupingSeparator('.');
            symbols.setDecimalSeparator(',');
            boolean whole = amount.stripTrailingZeros().scale() <= 0;
            DecimalFormat format = new DecimalFormat(whole ? "#,##0" : "#,##0.00", symbols);
            return "Rp " + format.format(whole ? amount.setScale(0, RoundingMode.UNNECESSARY) : amount);
        }
        DecimalFormat format = new DecimalFormat("#,##0.00", DecimalFormatSymbols.getInstance(Locale.ROOT));
        return currency + " " + format.format(amount.setScale(2, RoundingMode.HALF_UP));
    }
}

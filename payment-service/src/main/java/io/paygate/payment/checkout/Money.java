package io.paygate.payment.checkout;

import io.paygate.kit.web.PageLanguage;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Currency;
import java.util.Locale;

/**
 * Amounts as a customer reads them: Indonesian rupiah the Indonesian way in either language ({@code Rp 150.000},
 * {@code Rp 150.000,50} only when there are cents); every other currency as its code with the currency's decimals,
 * (more only if the amount has them), grouped as the page's language groups them ({@code USD 1,234.50}, in Indonesian {@code USD 1.234,50}).
 */
public final class Money {

    private Money() {
    }

    public static String format(BigDecimal amount, String currency, PageLanguage language) {
        if ("IDR".equals(currency)) {
            boolean whole = amount.stripTrailingZeros().scale() <= 0;
            DecimalFormat format = new DecimalFormat(whole ? "#,##0" : "#,##0.00", symbols(PageLanguage.ID));
            return "Rp " + format.format(whole ? amount.setScale(0, RoundingMode.UNNECESSARY) : amount);
        }
        // never rounds a cent away: a JPY 10.5 the merchant sent shows as such
        int digits = Math.max(fractionDigits(currency), amount.stripTrailingZeros().scale());
        String pattern = digits == 0 ? "#,##0" : "#,##0." + "0".repeat(digits);
        DecimalFormat format = new DecimalFormat(pattern, symbols(language));
        return currency + " " + format.format(amount.setScale(digits, RoundingMode.UNNECESSARY));
    }

    /** Separators spelled out rather than read from the JDK's locale data (a native image holds few locales). */
    private static DecimalFormatSymbols symbols(PageLanguage language) {
        DecimalFormatSymbols symbols = new DecimalFormatSymbols(Locale.ROOT);
        symbols.setGroupingSeparator(language == PageLanguage.ID ? '.' : ',');
        symbols.setDecimalSeparator(language == PageLanguage.ID ? ',' : '.');
        return symbols;
    }

    /** ISO 4217's minor units (JPY 0, USD 2, KWD 3); two for a code the JDK does not know. */
    private static int fractionDigits(String currency) {
        try {
            int digits = Currency.getInstance(currency).getDefaultFractionDigits();
            return digits < 0 ? 2 : digits;
        } catch (IllegalArgumentException | NullPointerException unknown) {
            return 2;
        }
    }
}

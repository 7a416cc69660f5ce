package io.paygate.payment.checkout;

import io.paygate.model.api.Card;

import io.paygate.payment.provider.CardDetails;

import java.time.YearMonth;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The card form's checks (docs/contract.md §2): a number that fails Luhn, a past expiry or a malformed CVV is refused on
 * the page and nothing is charged. Each refused field gets its {@link Refusal}, which the page words for the customer.
 */
public final class CardValidator {

    /** Either a card to charge, or the refused fields with the reasons (form field name → reason). */
    public record Result(CardDetails card, Map<String, Refusal> errors) {
        public boolean valid() {
            return card != null;
        }
    }

    private CardValidator() {
    }

    /** Checks the form as posted; {@code today} is the current month in the gateway time zone. */
    public static Result check(String cardNumber, String expiryMonth, String expiryYear, String cvv,
                               String cardholderName, YearMonth today) {
        Map<String, Refusal> errors = new LinkedHashMap<>();
        String number = cardNumber == null ? "" : cardNumber.replaceAll("[\\s-]", "");
        if (!number.matches("[0-9]{12,19}") || !Card.luhn(number)) {
            errors.put("cardNumber", Refusal.CARD_NUMBER_INVALID);
        }
        Integer month = parse(expiryMonth, "(0?[1-9]|1[0-2])");
        Integer year = parse(expiryYear, "([0-9]{2}|20[0-9]{2})");
        if (month == null) {
            errors.put("expiryMonth", Refusal.EXPIRY_MONTH_INVALID);
        }
        if (year == null) {
            errors.put("expiryYear", Refusal.EXPIRY_YEAR_INVALID);
        }
        if (month != null && year != null) {
            int fullYear = year < 100 ? 2000 + year : year;
            YearMonth expiry = YearMonth.of(fullYear, month);
            if (expiry.isBefore(today)) {
                errors.put("expiryYear", Refusal.CARD_EXPIRED);
            } else if (expiry.isAfter(today.plusYears(20))) {
                errors.put("expiryYear", Refusal.EXPIRY_YEAR_TOO_FAR);
            }
            year = fullYear;
        }
        boolean amex = number.startsWith("34") || number.startsWith("37");
        if (cvv == null || !cvv.strip().matches(amex ? "[0-9]{4}" : "[0-9]{3}")) {
            errors.put("cvv", amex ? Refusal.CVV_FOUR_DIGITS : Refusal.CVV_THREE_DIGITS);
        }
        String name = cardholderName == null ? "" : cardholderName.strip();
        if (name.isEmpty() || name.length() > 64 || name.chars().anyMatch(Character::isISOControl)) {
            errors.put("cardholderName", Refusal.CARDHOLDER_NAME_MISSING);
        }
        if (!errors.isEmpty()) {
            return new Result(null, java.util.Collections.unmodifiableMap(errors));
        }
        return new Result(new CardDetails(number, month, year, cvv.strip(), name), Map.of());
    }

    private static Integer parse(String value, String pattern) {
        if (value == null || !value.strip().matches(pattern)) {
            return null;
        }
        return Integer.parseInt(value.strip());
    }
}

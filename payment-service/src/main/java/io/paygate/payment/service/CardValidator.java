package io.paygate.payment.service;

import io.paygate.model.api.Card;

import io.paygate.payment.provider.CardDetails;

import java.time.YearMonth;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The card form's checks (CONTRACT §2): a number that fails Luhn, a past expiry or a malformed CVV is refused on
 * the page and nothing is charged. Messages are written for the customer; none repeats what was typed.
 */
public final class CardValidator {

    /** Either a card to charge, or the refused fields with their messages (form field name → message). */
    public record Result(CardDetails card, Map<String, String> errors) {
        public boolean valid() {
            return card != null;
        }
    }

    private CardValidator() {
    }

    /** Checks the form as posted; {@code today} is the current month in the gateway time zone. */
    public static Result check(String cardNumber, String expiryMonth, String expiryYear, String cvv,
                               String cardholderName, YearMonth today) {
        Map<String, String> errors = new LinkedHashMap<>();
        String number = cardNumber == null ? "" : cardNumber.replaceAll("[\\s-]", "");
        if (!number.matches("[0-9]{12,19}") || !Card.luhn(number)) {
            errors.put("cardNumber", "Enter a valid card number.");
        }
        Integer month = parse(expiryMonth, "(0?[1-9]|1[0-2])");
        Integer year = parse(expiryYear, "([0-9]{2}|20[0-9]{2})");
        if (month == null) {
            errors.put("expiryMonth", "Enter the expiry month, 01 to 12.");
        }
        if (year == null) {
            errors.put("expiryYear", "Enter the expiry year, e.g. " + today.plusYears(2).getYear() + ".");
        }
        if (month != null && year != null) {
            int fullYear = year < 100 ? 2000 + year : year;
            YearMonth expiry = YearMonth.of(fullYear, month);
            if (expiry.isBefore(today)) {
                errors.put("expiryYear", "This card has expired.");
            } else if (expiry.isAfter(today.plusYears(20))) {
                errors.put("expiryYear", "Check the expiry year.");
            }
            year = fullYear;
        }
        boolean amex = number.startsWith("34") || number.startsWith("37");
        if (cvv == null || !cvv.strip().matches(amex ? "[0-9]{4}" : "[0-9]{3}")) {
            errors.put("cvv", amex ? "Enter the 4-digit security code." : "Enter the 3-digit security code.");
        }
        String name = cardholderName == null ? "" : cardholderName.strip();
        if (name.isEmpty() || name.length() > 64 || name.chars().anyMatch(Character::isISOControl)) {
            errors.put("cardholderName", "Enter the name on the card.");
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

package io.paygate.payment.checkout;

import org.junit.jupiter.api.Test;

import java.time.YearMonth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CardValidatorTest {

    static final YearMonth NOV_2026 = YearMonth.of(2026, 11);

    CardValidator.Result check(String number, String month, String year, String cvv) {
        return CardValidator.check(number, month, year, cvv, "Budi Santoso", NOV_2026);
    }

    @Test
    void acceptsTheSandboxTestCardsWithSpacesOrDashes() {
        for (String n : new String[]{"4111 1111 1111 1111", "5555-5555-5555-4444", "4000000000000002",
                "4000000000009995", "4000000000003220"}) {
            CardValidator.Result result = check(n, "12", "2028", "123");
            assertTrue(result.valid(), n + " " + result.errors());
        }
        assertEquals("4111111111111111", check("4111 1111 1111 1111", "1", "28", "123").card().number());
    }

    @Test
    void refusesANumberFailingLuhn() {
        assertEquals(Refusal.CARD_NUMBER_INVALID, check("4111111111111112", "12", "2028", "123").errors().get("cardNumber"));
        assertFalse(check("4111", "12", "2028", "123").valid());
        assertFalse(check("41111111111111x1", "12", "2028", "123").valid());
    }

    @Test
    void acceptsTheCurrentMonthAndRefusesThePreviousOne() {
        assertTrue(check("4111111111111111", "11", "2026", "123").valid());
        assertEquals(Refusal.CARD_EXPIRED, check("4111111111111111", "10", "2026", "123").errors().get("expiryYear"));
        assertEquals(Refusal.CARD_EXPIRED, check("4111111111111111", "12", "25", "123").errors().get("expiryYear"));
    }

    @Test
    void refusesMalformedMonthsAndYears() {
        assertTrue(check("4111111111111111", "13", "2028", "123").errors().containsKey("expiryMonth"));
        assertTrue(check("4111111111111111", "0", "2028", "123").errors().containsKey("expiryMonth"));
        assertTrue(check("4111111111111111", "12", "202", "123").errors().containsKey("expiryYear"));
        assertEquals(Refusal.EXPIRY_YEAR_TOO_FAR, check("4111111111111111", "12", "2060", "123").errors().get("expiryYear"));
    }

    @Test
    void cvvIsThreeDigitsOrFourForAmex() {
        assertFalse(check("4111111111111111", "12", "2028", "12").valid());
        assertFalse(check("4111111111111111", "12", "2028", "1234").valid());
        assertFalse(check("4111111111111111", "12", "2028", "12a").valid());
        assertTrue(check("378282246310005", "12", "2028", "1234").valid());
        assertEquals(Refusal.CVV_FOUR_DIGITS, check("378282246310005", "12", "2028", "123").errors().get("cvv"));
    }

    @Test
    void cardDetailsNeverPrintTheNumberOrCvv() {
        String printed = check("4111111111111111", "12", "2028", "987").card().toString();
        assertEquals("CardDetails[411111******1111]", printed);
    }
}

package io.paygate.payment.checkout;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;

import static io.paygate.kit.web.PageLanguage.EN;
import static io.paygate.kit.web.PageLanguage.ID;
import static org.junit.jupiter.api.Assertions.assertEquals;

class MoneyTest {

    @Test
    void rupiahHasDotsForThousandsAndNoDecimalsInBothLanguages() {
        for (var language : new io.paygate.kit.web.PageLanguage[]{EN, ID}) {
            assertEquals("Rp 150.000", Money.format(new BigDecimal("150000.00"), "IDR", language));
            assertEquals("Rp 1.234.567", Money.format(new BigDecimal("1234567"), "IDR", language));
            assertEquals("Rp 5", Money.format(new BigDecimal("5.00"), "IDR", language));
        }
    }

    @Test
    void rupiahShowsCentsOnlyWhenThereAreAny() {
        assertEquals("Rp 150.000,50", Money.format(new BigDecimal("150000.5"), "IDR", EN));
        assertEquals("Rp 150.000,05", Money.format(new BigDecimal("150000.05"), "IDR", ID));
    }

    @Test
    void otherCurrenciesHaveTheirCodeAndDecimalsGroupedAsThePagesLanguageGroups() {
        assertEquals("USD 1,234.50", Money.format(new BigDecimal("1234.5"), "USD", EN));
        assertEquals("USD 1.234,50", Money.format(new BigDecimal("1234.5"), "USD", ID));
        assertEquals("SGD 0.99", Money.format(new BigDecimal("0.99"), "SGD", EN));
    }

    @Test
    void eachCurrencyHasItsOwnMinorUnitsAndNoCentIsRoundedAway() {
        assertEquals("JPY 1,235", Money.format(new BigDecimal("1235"), "JPY", EN));
        assertEquals("JPY 10.5", Money.format(new BigDecimal("10.50"), "JPY", EN));
        assertEquals("KWD 1.250", Money.format(new BigDecimal("1.25"), "KWD", EN));
        assertEquals("XYZ 3,00", Money.format(new BigDecimal("3"), "XYZ", ID));
    }
}

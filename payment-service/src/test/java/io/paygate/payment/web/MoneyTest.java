package io.paygate.payment.web;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;

import static org.junit.jupiter.api.Assertions.assertEquals;

class MoneyTest {

    @Test
    void rupiahHasDotsForThousandsAndNoDecimals() {
        assertEquals("Rp 150.000", Money.format(new BigDecimal("150000.00"), "IDR"));
        assertEquals("Rp 1.234.567", Money.format(new BigDecimal("1234567"), "IDR"));
        assertEquals("Rp 5", Money.format(new BigDecimal("5.00"), "IDR"));
    }

    @Test
    void rupiahShowsCentsOnlyWhenThereAreAny() {
        assertEquals("Rp 150.000,50", Money.format(new BigDecimal("150000.5"), "IDR"));
    }

    @Test
    void otherCurrenciesHaveTheirCodeAndTwoDecimals() {
        assertEquals("USD 1,234.50", Money.format(new BigDecimal("1234.5"), "USD"));
        assertEquals("SGD 0.99", Money.format(new BigDecimal("0.99"), "SGD"));
    }
}

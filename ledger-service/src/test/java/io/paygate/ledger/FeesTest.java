package io.paygate.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.ledger.books.Fees;
import io.paygate.model.json.Json;
import io.paygate.testsupport.SandboxMerchants;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** docs/contract.md §12's fee and VAT arithmetic: exact code, then family, then none; half-up to the rupiah. */
class FeesTest {

    private static final JsonNode DEMO = Json.tree(SandboxMerchants.DEMO_FEES);
    private static final BigDecimal VAT = new BigDecimal("11");

    @Test
    void exactCodeThenFamilyThenNoFee() {
        assertEquals(new BigDecimal("4900.00"), Fees.fee(DEMO, "CARD", new BigDecimal("100000.00")));
        assertEquals(new BigDecimal("4000.00"), Fees.fee(DEMO, "VA_BCA", new BigDecimal("100000.00")));
        assertEquals(new BigDecimal("700.00"), Fees.fee(DEMO, "QRIS", new BigDecimal("100000.00")));
        assertEquals(new BigDecimal("0.00"), Fees.fee(DEMO, "GOPAY", new BigDecimal("100000.00")));
        assertEquals(new BigDecimal("0.00"), Fees.fee(null, "CARD", new BigDecimal("100000.00")));
        assertEquals(new BigDecimal("5000.00"), Fees.fee(DEMO, Fees.DISBURSEMENT, new BigDecimal("1.00")));
    }

    @Test
    void roundsHalfUpToTheRupiah() {
        // 0.7 % of 50 = 0.35 -> 0; of 72 = 0.504 -> 1; 2.9 % of 1.00 = 0.029 + 2000 -> 2000
        assertEquals(new BigDecimal("0.00"), Fees.fee(DEMO, "QRIS", new BigDecimal("50.00")));
        assertEquals(new BigDecimal("1.00"), Fees.fee(DEMO, "QRIS", new BigDecimal("72.00")));
        assertEquals(new BigDecimal("2000.00"), Fees.fee(DEMO, "CARD", new BigDecimal("1.00")));
        // VAT 11 % of 4900 = 539; of 4500 = 495; of 50 = 5.5 -> 6 (half-up)
        assertEquals(new BigDecimal("539.00"), Fees.vat(new BigDecimal("4900.00"), VAT));
        assertEquals(new BigDecimal("6.00"), Fees.vat(new BigDecimal("50.00"), VAT));
    }

    @Test
    void theLargestAmountNeitherOverflowsNorLosesASen() {
        BigDecimal max = new BigDecimal("9999999999999.99");
        // 2.9 % of it = 289999999999.99971 + 2000 -> 290000002000 (half-up)
        BigDecimal fee = Fees.fee(DEMO, "CARD", max);
        assertEquals(new BigDecimal("290000002000.00"), fee);
        assertEquals(new BigDecimal("31900000220.00"), Fees.vat(fee, VAT));
        assertEquals(new BigDecimal("9678099997779.99"), max.subtract(fee).subtract(Fees.vat(fee, VAT)));
    }
}

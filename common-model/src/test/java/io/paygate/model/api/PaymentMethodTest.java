package io.paygate.model.api;

import io.paygate.model.api.payment.MethodKind;
import io.paygate.model.api.payment.PaymentMethod;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PaymentMethodTest {

    /** docs/contract.md §2a: the codes, case-insensitive, and the seed's home-market aliases. */
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
            "VA_BCA, VA_BCA", "va_bca, VA_BCA", "vabca, VA_BCA", "VABNI, VA_BNI", "vabri, VA_BRI",
            "vamandiri, VA_MANDIRI", "vapermata, VA_PERMATA", "vacimb, VA_CIMB", "qris, QRIS", "GoPay, GOPAY",
            "shopeepay, SHOPEEPAY", "ovo, OVO", "dana, DANA", "linkaja, LINKAJA", "alfamart, ALFAMART",
            "idm, INDOMARET", "INDOMARET, INDOMARET", "cc, CARD", "CARD, CARD", "DIRECT_DEBIT, DIRECT_DEBIT",
            "BCA_DD, DIRECT_DEBIT", "' qris ', QRIS"
    })
    void readsEveryCodeAndAlias(String code, PaymentMethod expected) {
        assertEquals(Optional.of(expected), PaymentMethod.fromCode(code));
    }

    @Test
    void refusesUnknownCodes() {
        assertEquals(Optional.empty(), PaymentMethod.fromCode("VA_XYZ"));
        assertEquals(Optional.empty(), PaymentMethod.fromCode(""));
        assertEquals(Optional.empty(), PaymentMethod.fromCode(null));
        assertEquals(Optional.empty(), PaymentMethod.fromCode("va-bca"));
    }

    @Test
    void kindsSayWhatTheReplyCarriesAndWhatRefunds() {
        assertEquals(MethodKind.VIRTUAL_ACCOUNT, PaymentMethod.VA_CIMB.kind());
        assertTrue(PaymentMethod.VA_BCA.kind().paidWithCode());
        assertTrue(PaymentMethod.VA_MANDIRI.kind().paidWithCode());
        assertTrue(PaymentMethod.INDOMARET.kind().paidWithCode());
        assertFalse(PaymentMethod.QRIS.kind().paidWithCode());
        assertTrue(PaymentMethod.QRIS.hasQr() && PaymentMethod.GOPAY.hasQr() && PaymentMethod.SHOPEEPAY.hasQr());
        assertFalse(PaymentMethod.DANA.hasQr());
        assertTrue(PaymentMethod.DANA.hasAppLink() && PaymentMethod.GOPAY.hasAppLink());
        assertFalse(PaymentMethod.OVO.hasAppLink());
        assertTrue(PaymentMethod.OVO.needsAccount());
        assertFalse(PaymentMethod.VA_BCA.kind().refundable());
        assertFalse(PaymentMethod.ALFAMART.kind().refundable());
        assertTrue(PaymentMethod.QRIS.kind().refundable() && PaymentMethod.GOPAY.kind().refundable());
        assertFalse(PaymentMethod.CARD.kind().opensCharge());
        assertTrue(PaymentMethod.OVO.kind().opensCharge());
    }

    @Test
    void defaultLifetimesAreTheContractTable() {
        assertEquals(Duration.ofHours(24), PaymentMethod.VA_BRI.kind().defaultLifetime());
        assertEquals(Duration.ofHours(24), PaymentMethod.VA_MANDIRI.kind().defaultLifetime());
        assertEquals(Duration.ofHours(24), PaymentMethod.ALFAMART.kind().defaultLifetime());
        assertEquals(Duration.ofMinutes(15), PaymentMethod.QRIS.kind().defaultLifetime());
        assertEquals(Duration.ofMinutes(15), PaymentMethod.LINKAJA.kind().defaultLifetime());
        assertEquals(Duration.ofMinutes(15), PaymentMethod.OVO.kind().defaultLifetime());
        assertEquals("virtual-account", MethodKind.VIRTUAL_ACCOUNT.configName());
    }
}

package io.paygate.payment.provider.midtrans;

import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.model.json.Json;
import io.paygate.payment.provider.ChargeOpening;
import io.paygate.payment.provider.OpenedCharge;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The charge bodies of the methods paid later and what their answers give the customer (docs.midtrans.com samples). */
class MidtransOpenChargeTest {

    private static final Instant NOW = Instant.parse("2026-11-25T09:00:00.400Z"); // 16:00:00 WIB
    private static final Instant EXPIRES = Instant.parse("2026-11-26T09:00:00Z");

    static ChargeOpening opening(PaymentMethod method) {
        return new ChargeOpening("mid", "CHG0123456789ABCDEFGHJKMNP", "PAYCODE", method, new BigDecimal("150000.00"),
                "IDR", EXPIRES, null, new ChargeOpening.Payer("Budi", null, "budi@example.com", "+628123456789"),
                "A Very Long Merchant Name Beyond Thirty Characters");
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> body(PaymentMethod method) {
        return MidtransOpenCharge.body(opening(method), NOW, "https://pay.example/pg/pay/PAYCODE");
    }

    @Test
    void everyChargeCarriesTheOrderTheWholeRupiahTheCustomerAndACustomExpiryInWib() {
        Map<String, Object> body = body(PaymentMethod.VA_BCA);
        assertEquals("bank_transfer", body.get("payment_type"));
        assertEquals(Map.of("order_id", "CHG0123456789ABCDEFGHJKMNP", "gross_amount", 150000L),
                body.get("transaction_details"));
        assertEquals(Map.of("first_name", "Budi", "email", "budi@example.com", "phone", "+628123456789"),
                body.get("customer_details"));
        assertEquals(Map.of("order_time", "2026-11-25 16:00:00 +0700", "expiry_duration", 86400L, "unit", "second"),
                body.get("custom_expiry"));
        assertEquals(Map.of("bank", "bca"), body.get("bank_transfer"));
    }

    @Test
    void aVirtualAccountNumberTheMerchantChoseIsMidtranssCustomVaNumber() {
        ChargeOpening o = opening(PaymentMethod.VA_BNI);
        ChargeOpening chosen = new ChargeOpening(o.merchantId(), o.reference(), o.paymentCode(), o.method(), o.amount(),
                o.currency(), o.expiresAt(), o.accountId(), o.customer(), o.merchantName(), "123450000000001");
        assertEquals(Map.of("bank", "bni", "va_number", "123450000000001"),
                MidtransOpenCharge.body(chosen, NOW, "https://pay.example/pg/pay/PAYCODE").get("bank_transfer"));
    }

    @Test
    void eachMethodNamesItsBankStoreOrWalletAsMidtransDocumentsIt() {
        assertEquals(Map.of("bank", "permata"), body(PaymentMethod.VA_PERMATA).get("bank_transfer"));
        assertEquals(Map.of("bank", "cimb"), body(PaymentMethod.VA_CIMB).get("bank_transfer"));
        assertEquals("echannel", body(PaymentMethod.VA_MANDIRI).get("payment_type"));
        assertEquals(Map.of("bill_info1", "Payment:", "bill_info2", "A Very Long Merchant Name Beyo"),
                body(PaymentMethod.VA_MANDIRI).get("echannel"));
        assertEquals("qris", body(PaymentMethod.QRIS).get("payment_type"));
        assertEquals(Map.of("enable_callback", true, "callback_url", "https://pay.example/pg/pay/PAYCODE"),
                body(PaymentMethod.GOPAY).get("gopay"));
        assertEquals(Map.of("callback_url", "https://pay.example/pg/pay/PAYCODE"),
                body(PaymentMethod.SHOPEEPAY).get("shopeepay"));
        assertEquals(Map.of("store", "indomaret", "message", "A Very Long Merchant"),
                body(PaymentMethod.INDOMARET).get("cstore"));
        assertEquals("alfamart", ((Map<?, ?>) body(PaymentMethod.ALFAMART).get("cstore")).get("store"));
        assertNull(MidtransOpenCharge.paymentType(PaymentMethod.OVO));
        assertNull(MidtransOpenCharge.paymentType(PaymentMethod.DIRECT_DEBIT));
    }

    @Test
    void answersGiveTheNumberCodeQrOrAppLinkAndMidtranssExpiry() {
        OpenedCharge bca = opened(PaymentMethod.VA_BCA, """
                {"va_numbers":[{"bank":"bca","va_number":"812785002530231"}],"expiry_time":"2026-11-26 15:00:00"}""");
        assertEquals("812785002530231", bca.payCode());
        assertEquals(Instant.parse("2026-11-26T08:00:00Z"), bca.expiresAt());
        assertEquals("850003072869607", opened(PaymentMethod.VA_PERMATA,
                "{\"permata_va_number\":\"850003072869607\"}").payCode());
        OpenedCharge bill = opened(PaymentMethod.VA_MANDIRI, "{\"bill_key\":\"778347787706\",\"biller_code\":\"70012\"}");
        assertEquals("778347787706", bill.payCode());
        assertEquals("70012", bill.billerCode());
        assertEquals("010811223344", opened(PaymentMethod.ALFAMART, "{\"payment_code\":\"010811223344\"}").payCode());
        OpenedCharge qris = opened(PaymentMethod.QRIS, """
                {"qr_string":"00020101021226620014COM.GO-JEK.WWW6304ABCD","actions":[{"name":"generate-qr-code",
                 "method":"GET","url":"https://api.midtrans.com/v2/qris/x/qr-code"}]}""");
        assertEquals("00020101021226620014COM.GO-JEK.WWW6304ABCD", qris.qrString());
        assertNull(qris.providerQrUrl(), "the gateway draws the payload itself");
        OpenedCharge gopay = opened(PaymentMethod.GOPAY, """
                {"actions":[{"name":"generate-qr-code","method":"GET","url":"https://api.midtrans.com/v2/gopay/x/qr-code"},
                 {"name":"deeplink-redirect","method":"GET","url":"gojek://gopay/merchanttransfer?tref=1"}]}""");
        assertEquals("gojek://gopay/merchanttransfer?tref=1", gopay.appUrl());
        assertEquals("https://api.midtrans.com/v2/gopay/x/qr-code", gopay.providerQrUrl());
        assertEquals(EXPIRES, gopay.expiresAt(), "no expiry_time: what was asked");
    }

    @Test
    void anAnswerWithoutWhatTheCustomerPaysWithOrWithMarkupIsNotUsed() {
        assertThrows(MidtransUnavailable.class, () -> opened(PaymentMethod.VA_BNI, "{\"va_numbers\":[]}"));
        assertThrows(MidtransUnavailable.class, () -> opened(PaymentMethod.VA_BNI,
                "{\"va_numbers\":[{\"bank\":\"bni\",\"va_number\":\"<script>alert(1)</script>\"}]}"));
        assertThrows(MidtransUnavailable.class, () -> opened(PaymentMethod.VA_MANDIRI, "{\"bill_key\":\"778347787706\"}"));
        assertThrows(MidtransUnavailable.class, () -> opened(PaymentMethod.SHOPEEPAY, """
                {"actions":[{"name":"deeplink-redirect","method":"GET","url":"javascript:alert(1)//"}]}"""));
        assertThrows(MidtransUnavailable.class, () -> opened(PaymentMethod.QRIS, "{\"qr_string\":\"short\"}"));
    }

    private static OpenedCharge opened(PaymentMethod method, String json) {
        return MidtransOpenCharge.opened(Json.tree(json), method, EXPIRES);
    }
}

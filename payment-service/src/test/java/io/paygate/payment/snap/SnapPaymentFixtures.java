package io.paygate.payment.snap;

import io.paygate.qa.SnapSigning;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.SandboxSnap;
import io.restassured.response.ValidatableResponse;
import io.restassured.specification.RequestSpecification;

import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

/** SNAP payment requests as a SNAP client signs them (the QA kit's {@link SnapSigning}), and their bodies. */
final class SnapPaymentFixtures {

    static final String CREATE_VA = "/v1.0/transfer-va/create-va";
    static final String VA_STATUS = "/v1.0/transfer-va/status";
    static final String DELETE_VA = "/v1.0/transfer-va/delete-va";
    static final String QR_GENERATE = "/v1.0/qr/qr-mpm-generate";
    static final String QR_QUERY = "/v1.0/qr/qr-mpm-query";
    static final String QR_CANCEL = "/v1.0/qr/qr-mpm-cancel";
    static final String QR_REFUND = "/v1.0/qr/qr-mpm-refund";
    static final String DEBIT_PAY = "/v1.0/debit/payment-host-to-host";
    static final String DEBIT_STATUS = "/v1.0/debit/status";
    static final String DEBIT_CANCEL = "/v1.0/debit/cancel";
    static final String DEBIT_REFUND = "/v1.0/debit/refund";
    static final String TRANSFER = "/v1.0/transfer-interbank";
    static final String TRANSFER_STATUS = "/v1.0/transfer/status";
    /**
     * demo's first company code (docs/contract.md §8), left-padded with spaces to 8 as midtrans-client's example
     * sends one; demo2's is {@code "   22345"}.
     */
    static final String PARTNER_SERVICE_ID = "   12345";
    /** A reply time as docs/contract.md §9 has them: ISO-8601, whole seconds, with the offset. */
    static final String WHOLE_SECONDS = "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(Z|[+-]\\d{2}:\\d{2})$";

    private SnapPaymentFixtures() {
    }

    /** A JSON request of {@code merchant} signed with {@code token}. */
    static RequestSpecification snap(SandboxMerchants.Merchant merchant, String token) {
        return given().contentType("application/json").filter(signing(merchant, token));
    }

    static SnapSigning signing(SandboxMerchants.Merchant merchant, String token) {
        return SnapSigning.as(SandboxSnap.clientKey(merchant), merchant.clientSecret(), token);
    }

    static String newReference() {
        return "SNAP-" + UUID.randomUUID().toString().substring(0, 18);
    }

    /** A customer number no other test uses (12 digits). */
    static String newCustomerNo() {
        return String.valueOf(ThreadLocalRandom.current().nextLong(100_000_000_000L, 999_999_999_999L));
    }

    static String createVaBody(String trxId, String customerNo, String amount, String channel) {
        return createVaBody(PARTNER_SERVICE_ID, trxId, customerNo, amount, channel);
    }

    /** create-va under company code {@code partnerServiceId} (demo's {@link #PARTNER_SERVICE_ID} above). */
    static String createVaBody(String partnerServiceId, String trxId, String customerNo, String amount,
                               String channel) {
        String info = channel == null ? "" : ",\"additionalInfo\":{\"channel\":\"" + channel + "\"}";
        return """
                {"partnerServiceId":"%s","customerNo":"%s","virtualAccountNo":"%s%s",\
                "virtualAccountName":"Budi Santoso","virtualAccountEmail":"budi@example.com",\
                "virtualAccountPhone":"6281234567890","trxId":"%s",\
                "totalAmount":{"value":"%s","currency":"IDR"},"virtualAccountTrxType":"C"%s}"""
                .formatted(partnerServiceId, customerNo, partnerServiceId, customerNo, trxId, amount, info);
    }

    /** status or delete-va as midtrans-client's example asks (the number and an inquiry id, no trxId). */
    static String vaLookupBody(String customerNo, String trxId) {
        String by = trxId == null ? "\"inquiryRequestId\":\"" + UUID.randomUUID() + "\""
                : "\"trxId\":\"" + trxId + "\"";
        return """
                {"partnerServiceId":"%s","customerNo":"%s","virtualAccountNo":"%s%s",%s,\
                "additionalInfo":{"merchantId":"demo"}}"""
                .formatted(PARTNER_SERVICE_ID, customerNo, PARTNER_SERVICE_ID, customerNo, by);
    }

    static String generateBody(String reference, String amount) {
        return """
                {"partnerReferenceNo":"%s","merchantId":"demo","amount":{"value":"%s","currency":"IDR"},\
                "validityPeriod":"2099-07-03T12:08:56-07:00","additionalInfo":{"acquirer":"gopay"}}"""
                .formatted(reference, amount);
    }

    /**
     * payment-host-to-host as midtrans-client's example sends it ({@code urlParam} one object, {@code validUpTo} with
     * microseconds, an empty {@code chargeToken}); {@code bankCardToken} left out when null.
     */
    static String debitBody(String reference, String bankCardToken, String amount) {
        String token = bankCardToken == null ? "" : "\"bankCardToken\":\"" + bankCardToken + "\",";
        return """
                {"partnerReferenceNo":"%s",%s"chargeToken":"","merchantId":"demo",\
                "urlParam":{"url":"https://shop.example.com/return","type":"PAY_RETURN","isDeeplink":"Y"},\
                "validUpTo":"2099-07-20T20:34:15.452305Z","payOptionDetails":[{"payMethod":"DANA",\
                "payOption":"DANA","transAmount":{"value":"1500","currency":"IDR"}}],\
                "amount":{"value":"%s","currency":"IDR"},"additionalInfo":{}}"""
                .formatted(reference, token, amount);
    }

    /** transfer-interbank with every member the standard lists (the optional ones too). */
    static String transferBody(String reference, String accountNo, String amount) {
        return """
                {"partnerReferenceNo":"%s","amount":{"value":"%s","currency":"IDR"},\
                "beneficiaryAccountName":"Siti Rahayu","beneficiaryAccountNo":"%s","beneficiaryAddress":"Jakarta",\
                "beneficiaryBankCode":"014","beneficiaryBankName":"Bank Central Asia",\
                "beneficiaryEmail":"siti@example.com","currency":"IDR","customerReference":"INV-7",\
                "sourceAccountNo":"0000000000","transactionDate":"2026-11-21T10:15:30+07:00",\
                "originatorInfos":[{"originatorCustomerNo":"1","originatorCustomerName":"Shop"}],\
                "additionalInfo":{"remark":"Invoice 7"}}"""
                .formatted(reference, amount, accountNo);
    }

    static void assertRefused(ValidatableResponse reply, int status, String code, String message) {
        reply.statusCode(status).body("responseCode", equalTo(code)).body("responseMessage", equalTo(message));
    }
}

package io.paygate.qa.sample;

import io.paygate.qa.CallbackReceiver;
import io.paygate.qa.Delivery;
import io.paygate.qa.Paygate;
import io.paygate.qa.PaygateTarget;
import io.paygate.qa.PaygateTest;
import io.paygate.qa.SnapClient;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

import static io.paygate.qa.sample.SampleSuite.WAIT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * SNAP BI (docs/contract.md §9) as a SNAP merchant uses it: a token from its private key, a virtual account and a QRIS
 * payment made through SNAP, paid in the sandbox, each notified at the SNAP URLs, signed with the merchant's own gateway
 * key (the receiver checks it, the merchant it names, and answers as the standard does), and the same payments seen
 * through the merchant's own {@code /pg/} status. Needs {@code paygate.snap.private-key-file} (or
 * {@code paygate.snap.private-key}) and the merchant's company code, {@code paygate.snap.partner-service-id}.
 */
@PaygateTest
class SnapTest {

    /** The merchant's company code for virtual accounts (8 characters, spaces first), as the deployment has it. */
    private static final String PARTNER_SERVICE_ID = String.format("%8s",
            System.getProperty("paygate.snap.partner-service-id", "12345"));

    @BeforeEach
    void snapNotificationsComeToTheReceiver(Paygate paygate, CallbackReceiver receiver) {
        paygate.callbacks().registerSnap(receiver.url("/v1.0/transfer-va/payment"),
                receiver.url("/v1.0/qr/qr-mpm-notify"), receiver.url("/v1.0/debit/notify"));
    }

    private static String digits(int n) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < n; i++) {
            out.append(ThreadLocalRandom.current().nextInt(10));
        }
        return out.toString();
    }

    @Test
    void aTokenIsIssuedForTheMerchantsKeyAndRefusedForAnotherSignature(Paygate paygate) {
        SnapClient snap = paygate.snap();
        assertFalse(snap.accessToken().isBlank());
        Response refused = snap.tokenRequest().header("X-SIGNATURE", "AAAA").body("{\"grantType\":\"client_credentials\"}")
                .post(snap.baseUrl() + "/v1.0/access-token/b2b");
        assertEquals(401, refused.statusCode());
        assertEquals("4017300", refused.jsonPath().getString("responseCode"));
    }

    @Test
    void aVirtualAccountMadeThroughSnapIsPaidAndTheMerchantIsNotifiedSignedForItAlone(Paygate paygate,
                                                                                   PaygateTarget target,
                                                                                   CallbackReceiver receiver) {
        String customerNo = digits(10);
        String number = PARTNER_SERVICE_ID + customerNo;
        String trxId = "QA-VA-" + digits(10);
        Response created = paygate.snap().post("/v1.0/transfer-va/create-va", Map.of(
                "partnerServiceId", PARTNER_SERVICE_ID, "customerNo", customerNo, "virtualAccountNo", number,
                "virtualAccountName", "Budi Santoso", "trxId", trxId,
                "totalAmount", Map.of("value", "150000.00", "currency", "IDR"), "virtualAccountTrxType", "C"));
        assertEquals(200, created.statusCode(), created.asString());
        assertEquals("2002700", created.jsonPath().getString("responseCode"));
        assertEquals(number, created.jsonPath().getString("virtualAccountData.virtualAccountNo"));

        Response again = paygate.snap().post("/v1.0/transfer-va/create-va", Map.of(
                "partnerServiceId", PARTNER_SERVICE_ID, "customerNo", customerNo, "virtualAccountNo", number,
                "virtualAccountName", "Siti", "trxId", trxId + "-2",
                "totalAmount", Map.of("value", "99000.00", "currency", "IDR"), "virtualAccountTrxType", "C"));
        assertEquals("4092700", again.jsonPath().getString("responseCode"), "one open account per number");

        paygate.sandbox().payVirtualAccount(number.replace(" ", ""), "150000.00");

        Delivery paid = receiver.awaitSnapVaPayment(trxId, WAIT);
        JsonPath body = paid.json();
        assertEquals(target.merchantId(), body.getString("additionalInfo.merchantId"));
        assertEquals("150000.00", body.getString("paidAmount.value"));
        assertEquals("/v1.0/transfer-va/payment", paid.path());
        assertEquals("CAPTURED", paygate.payments().awaitStatus(trxId, WAIT, "CAPTURED").status(),
                "a SNAP payment is an ordinary payment, its order id the trxId");
    }

    @Test
    void aQrisPaymentMadeThroughSnapIsPaidInTheSandboxQueriedAndNotified(Paygate paygate, PaygateTarget target,
                                                                         CallbackReceiver receiver) {
        String reference = "QA-QR-" + digits(10);
        Response generated = paygate.snap().post("/v1.0/qr/qr-mpm-generate", Map.of("partnerReferenceNo", reference,
                "merchantId", target.merchantId(), "amount", Map.of("value", "25000.00", "currency", "IDR")));
        assertEquals("2004700", generated.jsonPath().getString("responseCode"), generated.asString());
        String qrContent = generated.jsonPath().getString("qrContent");
        assertTrue(qrContent.startsWith("000201"), "an EMVCo payload: " + qrContent);

        paygate.sandbox().payQrisPayload(qrContent);

        Delivery paid = receiver.awaitSnapQrNotification(reference, "00", WAIT);
        assertEquals(target.merchantId(), paid.json().getString("additionalInfo.merchantId"));
        Response query = paygate.snap().post("/v1.0/qr/qr-mpm-query", Map.of("originalPartnerReferenceNo",
                reference, "serviceCode", "47", "merchantId", target.merchantId()));
        assertEquals("2005100", query.jsonPath().getString("responseCode"), query.asString());
        assertEquals("00", query.jsonPath().getString("latestTransactionStatus"));
    }
}

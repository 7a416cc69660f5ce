package io.paygate.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.model.json.Json;
import io.paygate.model.snap.binding.AccountBindingCustomer;
import io.paygate.model.snap.binding.AccountBindingInfo;
import io.paygate.model.snap.binding.AccountBindingRequest;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.SandboxSnap;
import io.paygate.testsupport.rest.SnapClients;
import io.paygate.testsupport.sink.MerchantSink;
import io.restassured.response.Response;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 35's proof: an independently written, widely used SNAP BI client (npm {@code midtrans-client}'s SnapBi,
 * pinned in {@code test-support/snap-client}), tried unchanged with only its sandbox base URL pointed at the stack,
 * gets a token, creates, asks about, pays, refunds and cancels virtual accounts, QRIS payments and direct debits (a
 * hosted one, and one charging a binding the customer approved on the bank page, asked about by
 * {@code originalExternalId} as the client's README does; contract §9), and the SNAP notifications paygate sends for
 * them pass two verifiers the merchant did not write: midtrans-client's own and dana-node's WebhookParser, with the
 * merchant's own keys from {@code GET /pg/snap/public-keys/demo.pem}. A byte changed in a notification fails both, and
 * so does another merchant's key ({@code demo2}'s: issue 43, a notification relayed to another merchant).
 */
class SnapClientIT {

    private static final String VA_PATH = "/snap/v1.0/transfer-va/payment";
    private static final String QR_PATH = "/snap/v1.0/qr/qr-mpm-notify";
    private static final String DEBIT_PATH = "/snap/v1.0/debit/notify";
    private static final String PARTNER_SERVICE_ID = "   12345";

    static MerchantSink sink;
    static SnapClient client;
    static String gatewayKey;
    static String otherMerchantsKey;

    @BeforeAll
    static void start() throws Exception {
        Path root = Path.of(System.getProperty("paygate.home", "..")).toAbsolutePath().normalize();
        client = SnapClient.demo(root, Stack.payment());
        sink = MerchantSink.start();
        // The merchant answers SNAP notifications the standard's way: delivered means 2xx and a 200… code.
        sink.respondWith(MerchantSink.Reply.status(200,
                "{\"responseCode\":\"2005200\",\"responseMessage\":\"Successful\"}"));
        Merchant.api(Stack.notification()).body(Json.write(Map.of(
                "snapVaPaymentUrl", sink.url(VA_PATH),
                "snapQrNotifyUrl", sink.url(QR_PATH),
                "snapDebitNotifyUrl", sink.url(DEBIT_PATH))))
                .put("/pg/merchant/callbacks").then().statusCode(200);
        // The merchant fetches its keys at {base_url}, the SNAP paths' base URL, as the merchant guide says: on the local
        // stack payment-service's port, which forwards them from notification-service as the Ingress routes them.
        gatewayKey = given().get(Stack.payment() + "/pg/snap/public-keys/"
                + SandboxSnap.clientKey(SandboxMerchants.DEMO) + ".pem").then().statusCode(200).extract().asString();
        otherMerchantsKey = given().get(Stack.payment() + "/pg/snap/public-keys/"
                + SandboxSnap.clientKey(SandboxMerchants.DEMO2) + ".pem").then().statusCode(200).extract().asString();
        assertEquals(given().get(Stack.notification() + "/pg/snap/public-keys/"
                + SandboxSnap.clientKey(SandboxMerchants.DEMO) + ".pem").asString(), gatewayKey,
                "the same keys as notification-service serves");
        given().get(Stack.payment() + "/pg/snap/public-keys/nobody.pem").then().statusCode(404);
        given().get(Stack.payment() + "/pg/snap/public-key.pem").then().statusCode(410);
    }

    @AfterAll
    static void stop() {
        if (sink != null) {
            sink.close();
        }
    }

    @Test
    void theClientGetsAToken() {
        JsonNode token = client.token();
        assertEquals("2007300", token.path("responseCode").asText(), token.toString());
        assertEquals("Bearer", token.path("tokenType").asText());
        assertEquals("900", token.path("expiresIn").asText());
        assertFalse(token.path("accessToken").asText().isEmpty());
    }

    @Test
    void aVirtualAccountIsCreatedPaidAskedAboutAndNotifiedAndAnotherDeleted() throws Exception {
        String customerNo = newCustomerNo();
        String trxId = Merchant.newId("SNAPVA");
        JsonNode created = client.call("va", "createPayment", newExternalId(), createVa(customerNo, trxId));
        assertEquals("2002700", created.path("responseCode").asText(), created.toString());
        String number = created.at("/virtualAccountData/virtualAccountNo").asText();
        assertEquals(PARTNER_SERVICE_ID + customerNo, number);

        JsonNode unpaid = client.call("va", "getStatus", newExternalId(), vaLookup(customerNo));
        assertEquals("2002600", unpaid.path("responseCode").asText(), unpaid.toString());
        assertEquals("02", unpaid.at("/virtualAccountData/paymentFlagStatus").asText());

        sandbox("/pg/sandbox/va/pay", Map.of("accountNumber", number.replace(" ", ""), "amount", "150000.00"));
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(500)).until(() -> "00".equals(
                client.call("va", "getStatus", newExternalId(), vaLookup(customerNo))
                        .at("/virtualAccountData/paymentFlagStatus").asText()));
        JsonNode paid = client.call("va", "getStatus", newExternalId(), vaLookup(customerNo));
        assertEquals("2002600", paid.path("responseCode").asText(), paid.toString());
        assertEquals("150000.00", paid.at("/virtualAccountData/paidAmount/value").asText());

        MerchantSink.Received notification = awaitNotification(VA_PATH, trxId);
        JsonNode body = Json.read(notification.body(), JsonNode.class);
        assertEquals(number, body.path("virtualAccountNo").asText());
        assertEquals("00", body.path("paymentFlagStatus").asText());
        assertVerifiedByBothAndTamperingFails(notification);

        // the second as midtrans-client's README writes it: no virtualAccountTrxType, the bank in additionalInfo.bank
        String otherCustomerNo = newCustomerNo();
        JsonNode other = client.call("va", "createPayment", newExternalId(),
                readmeCreateVa(otherCustomerNo, Merchant.newId("SNAPVA")));
        assertEquals("2002700", other.path("responseCode").asText(), other.toString());
        JsonNode deleted = client.call("va", "cancel", newExternalId(), vaLookup(otherCustomerNo));
        assertEquals("2003100", deleted.path("responseCode").asText(), deleted.toString());
        JsonNode gone = client.call("va", "getStatus", newExternalId(), vaLookup(otherCustomerNo));
        assertEquals("01", gone.at("/virtualAccountData/paymentFlagStatus").asText(), gone.toString());
    }

    @Test
    void aQrisIsGeneratedPaidAskedAboutNotifiedAndRefundedAndAnotherCancelled() throws Exception {
        String reference = Merchant.newId("SNAPQR");
        JsonNode generated = client.call("qris", "createPayment", newExternalId(), generate(reference));
        assertEquals("2004700", generated.path("responseCode").asText(), generated.toString());
        String referenceNo = generated.path("referenceNo").asText();
        String qrContent = generated.path("qrContent").asText();
        assertFalse(qrContent.isEmpty());

        sandbox("/pg/sandbox/qris/pay", Map.of("payload", qrContent));
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(500)).until(() -> "00".equals(
                client.call("qris", "getStatus", newExternalId(), qrQuery(reference, referenceNo))
                        .path("latestTransactionStatus").asText()));
        JsonNode query = client.call("qris", "getStatus", newExternalId(), qrQuery(reference, referenceNo));
        assertEquals("2005100", query.path("responseCode").asText(), query.toString());
        assertEquals("150000.00", query.at("/amount/value").asText());

        MerchantSink.Received notification = awaitNotification(QR_PATH, reference);
        JsonNode body = Json.read(notification.body(), JsonNode.class);
        assertEquals(referenceNo, body.path("originalReferenceNo").asText());
        assertEquals("00", body.path("latestTransactionStatus").asText());
        assertVerifiedByBothAndTamperingFails(notification);

        // midtrans-client's README refund body
        String refundNo = Merchant.newId("RF");
        JsonNode refund = client.call("qris", "refund", newExternalId(), Map.of("merchantId", "demo",
                "originalPartnerReferenceNo", reference, "originalReferenceNo", referenceNo,
                "partnerRefundNo", refundNo, "reason", "Customer returned the goods",
                "refundAmount", Map.of("value", "50000.00", "currency", "IDR"),
                "additionalInfo", Map.of("foo", "bar")));
        assertTrue(List.of("2007800", "2027800").contains(refund.path("responseCode").asText()), refund.toString());
        assertEquals(refundNo, refund.path("partnerRefundNo").asText());
        assertEquals("50000.00", refund.at("/refundAmount/value").asText());
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(500)).until(() -> "04".equals(
                client.call("qris", "getStatus", newExternalId(), qrQuery(reference, referenceNo))
                        .path("latestTransactionStatus").asText()));

        // a second one, cancelled as midtrans-client's README does: originalReferenceNo, merchantId, reason
        String second = Merchant.newId("SNAPQR");
        JsonNode other = client.call("qris", "createPayment", newExternalId(), generate(second));
        assertEquals("2004700", other.path("responseCode").asText(), other.toString());
        JsonNode cancelled = client.call("qris", "cancel", newExternalId(), Map.of("originalReferenceNo",
                other.path("referenceNo").asText(), "merchantId", "demo", "reason", "cancel reason"));
        assertEquals("2007700", cancelled.path("responseCode").asText(), cancelled.toString());
        JsonNode after = client.call("qris", "getStatus", newExternalId(),
                qrQuery(second, other.path("referenceNo").asText()));
        assertEquals("05", after.path("latestTransactionStatus").asText(), after.toString());
        MerchantSink.Received cancelNotice = awaitNotification(QR_PATH, second);
        assertEquals("05", Json.read(cancelNotice.body(), JsonNode.class).path("latestTransactionStatus").asText());
        assertVerifiedByBothAndTamperingFails(cancelNotice);
    }

    @Test
    void theGatewayRefusesWhatTheClientSendsWrongAndSaysSoAsData() {
        // the library hands non-2xx replies back as data: a reused X-EXTERNAL-ID is refused, a missing one named
        String externalId = newExternalId();
        String reference = Merchant.newId("SNAPQR");
        JsonNode first = client.call("qris", "createPayment", externalId, generate(reference));
        assertEquals("2004700", first.path("responseCode").asText(), first.toString());
        JsonNode reused = client.call("qris", "getStatus", externalId,
                qrQuery(reference, first.path("referenceNo").asText()));
        assertEquals("4095100", reused.path("responseCode").asText(), reused.toString());
        JsonNode missing = client.call("qris", "getStatus", null,
                qrQuery(reference, first.path("referenceNo").asText()));
        assertEquals("4005102", missing.path("responseCode").asText(), missing.toString());
        assertEquals("Invalid Mandatory Field X-EXTERNAL-ID", missing.path("responseMessage").asText());
        JsonNode forged = client.call("qris", "getStatus", newExternalId(),
                qrQuery(reference, first.path("referenceNo").asText()), Map.of("X-SIGNATURE", "AAAA"));
        assertEquals("4015100", forged.path("responseCode").asText(), forged.toString());
    }

    @Test
    void aDirectDebitWithoutATokenIsTheHostedPageAskedAboutAndCancelled() {
        String reference = Merchant.newId("SNAPDD");
        JsonNode reply = client.call("directDebit", "createPayment", newExternalId(), Map.of(
                "partnerReferenceNo", reference, "merchantId", "demo",
                "amount", Map.of("value", "150000.00", "currency", "IDR"),
                "urlParam", List.of(Map.of("url", "https://shop.example/return", "type", "PAY_RETURN",
                        "isDeeplink", "N")),
                "additionalInfo", Map.of("channel", "MANDIRI_DD")));
        assertEquals("2005400", reply.path("responseCode").asText(), reply.toString());
        assertEquals(reference, reply.path("partnerReferenceNo").asText());
        assertTrue(reply.path("webRedirectUrl").asText().endsWith("/pg/pay/" + reply.path("referenceNo").asText()),
                reply.toString());
        JsonNode status = client.call("directDebit", "getStatus", newExternalId(), Map.of(
                "originalPartnerReferenceNo", reference, "serviceCode", "54", "merchantId", "demo"));
        assertEquals("2005500", status.path("responseCode").asText(), status.toString());
        JsonNode cancelled = client.call("directDebit", "cancel", newExternalId(), Map.of(
                "originalPartnerReferenceNo", reference, "merchantId", "demo", "reason", "cancel reason"));
        assertEquals("2005700", cancelled.path("responseCode").asText(), cancelled.toString());
        MerchantSink.Received notice = awaitNotification(DEBIT_PATH, reference);
        assertVerifiedByBothAndTamperingFails(notice);
    }

    /**
     * A customer binds through SNAP 07 (the QA kit's SNAP client) and approves on the sandbox bank page;
     * midtrans-client charges the binding with {@code bankCardToken}, asks the status by {@code originalExternalId}
     * (its README's body), refunds it; the charge's debit notification passes both verifiers and {@code /pg/} shows
     * the payment refunded.
     */
    @Test
    void aBoundAccountIsChargedByTokenAskedAboutByOriginalExternalIdRefundedAndNotified() throws Exception {
        String customer = Merchant.newId("CUST");
        // the kit's client takes its token at payment-service (/v1.0/access-token/b2b) and binds at binding-service
        io.paygate.qa.SnapClient kit = SnapClients.at(Stack.payment(), SandboxMerchants.DEMO);
        kit.accessToken();
        Response bound = kit.at(Stack.binding()).bindAccount(new AccountBindingRequest(Merchant.newId("SNAPBIND"),
                "+6281234567890", "demo", null, new AccountBindingCustomer(customer, "budi@example.com", "Budi",
                "Santoso"), null, null, new AccountBindingInfo("BCA_DD")));
        assertEquals("2000700", bound.path("responseCode"), bound.asString());
        String bindingId = bound.path("referenceNo");
        String bankPage = bound.path("redirectUrl");
        assertTrue(bankPage.endsWith("/pg/bind/" + bindingId), bankPage);
        // the customer opens the bank page and approves with the sandbox OTP, over HTTP as a browser posts the form
        given().redirects().follow(false).get(bankPage).then().statusCode(200);
        given().redirects().follow(false).contentType("application/x-www-form-urlencoded").formParam("otp", "123456")
                .post(bankPage + "/authorize").then().statusCode(303);
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(300)).until(() -> "ACTIVE".equals(
                Merchant.api(Stack.binding()).get("/pg/payment/card/directdebit/bind/" + bindingId)
                        .path("status")));

        String reference = Merchant.newId("SNAPDD");
        String paidWith = newExternalId();
        JsonNode paid = client.call("directDebit", "createPayment", paidWith, Map.of(
                "partnerReferenceNo", reference, "bankCardToken", bindingId, "chargeToken", "", "merchantId", "demo",
                "amount", Map.of("value", "150000.00", "currency", "IDR"),
                "urlParam", Map.of("url", "https://shop.example/return", "type", "PAY_RETURN", "isDeeplink", "N"),
                "validUpTo", "2030-07-20T20:34:15.452305Z",
                "additionalInfo", Map.of("customerId", customer)));
        assertEquals("2005400", paid.path("responseCode").asText(), paid.toString());
        assertTrue(paid.path("webRedirectUrl").isMissingNode(), paid.toString());
        String referenceNo = paid.path("referenceNo").asText();

        // as midtrans-client's README asks it: the payment request's X-EXTERNAL-ID and serviceCode 54, nothing else
        Map<String, Object> byExternalId = Map.of("originalExternalId", paidWith, "serviceCode", "54");
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(500)).until(() -> "00".equals(
                client.call("directDebit", "getStatus", newExternalId(), byExternalId)
                        .path("latestTransactionStatus").asText()));
        JsonNode status = client.call("directDebit", "getStatus", newExternalId(), byExternalId);
        assertEquals("2005500", status.path("responseCode").asText(), status.toString());
        assertEquals(referenceNo, status.path("originalReferenceNo").asText());
        assertEquals(reference, status.path("originalPartnerReferenceNo").asText());
        assertEquals("150000.00", status.at("/transAmount/value").asText());

        // midtrans-client's README refund body: originalReferenceNo and reason (the refund's id is its X-EXTERNAL-ID)
        String refundedWith = newExternalId();
        JsonNode refund = client.call("directDebit", "refund", refundedWith, Map.of(
                "originalReferenceNo", referenceNo, "reason", "refund reason"));
        assertTrue(List.of("2005800", "2025800").contains(refund.path("responseCode").asText()), refund.toString());
        assertEquals(refundedWith, refund.path("partnerRefundNo").asText());
        assertEquals("150000.00", refund.at("/refundAmount/value").asText());
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(500)).until(() -> "04".equals(
                client.call("directDebit", "getStatus", newExternalId(), byExternalId)
                        .path("latestTransactionStatus").asText()));

        // the charge's outcome is notified at snapDebitNotifyUrl (a refund makes none, contract §9: its reply says it)
        MerchantSink.Received notice = awaitNotification(DEBIT_PATH, reference);
        JsonNode body = Json.read(notice.body(), JsonNode.class);
        assertEquals(referenceNo, body.path("originalReferenceNo").asText(), notice.body());
        assertEquals(reference, body.path("originalPartnerReferenceNo").asText(), notice.body());
        assertEquals("00", body.path("latestTransactionStatus").asText(), notice.body());
        assertVerifiedByBothAndTamperingFails(notice);

        // a SNAP payment is an ordinary payment: /pg/ shows the same one, refunded, and the refund by its id
        Merchant.api(Stack.payment()).get("/pg/payment/card/status/" + reference).then().statusCode(200)
                .body("paymentCode", equalTo(referenceNo))
                .body("result.payment.status", equalTo("REFUNDED"))
                .body("sourceOfFunds.type", equalTo("DIRECT_DEBIT"));
        Merchant.api(Stack.payment()).get("/pg/payment/card/refund/" + refundedWith).then().statusCode(200)
                .body("orderId", equalTo(reference)).body("status", equalTo("SUCCEEDED"));
    }

    private static void assertVerifiedByBothAndTamperingFails(MerchantSink.Received notification) {
        assertEquals(-1, notification.path().indexOf('?'), "registered without a query string");
        JsonNode verdict = client.verify(notification, notification.body(), gatewayKey);
        assertTrue(verdict.path("midtrans").asBoolean(), "midtrans-client verifies " + notification.body());
        assertTrue(verdict.path("dana").asBoolean(), "dana-node verifies " + notification.body() + ": " + verdict);
        // one byte changed inside a string value (the body stays valid JSON): both must refuse it
        String body = notification.body();
        int at = body.indexOf("\":\"") + 3;
        char c = body.charAt(at);
        String tampered = body.substring(0, at) + (c == '0' ? '1' : '0') + body.substring(at + 1);
        JsonNode refused = client.verify(notification, tampered, gatewayKey);
        assertFalse(refused.path("midtrans").asBoolean(), "midtrans-client refuses " + tampered);
        assertFalse(refused.path("dana").asBoolean(), "dana-node refuses " + tampered);
        // the same notification relayed to another merchant: its verifiers, with its own keys, refuse it
        JsonNode relayed = client.verify(notification, body, otherMerchantsKey);
        assertFalse(relayed.path("midtrans").asBoolean(), "midtrans-client with demo2's key refuses " + body);
        assertFalse(relayed.path("dana").asBoolean(), "dana-node with demo2's key refuses " + body);
        assertEquals(SandboxMerchants.DEMO.id(), Json.read(body, JsonNode.class).at("/additionalInfo/merchantId")
                .asText(), body);
    }

    private static MerchantSink.Received awaitNotification(String path, String names) {
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200))
                .until(() -> !Merchant.notifications(sink, path, names).isEmpty());
        return Merchant.notifications(sink, path, names).get(0);
    }

    private static Map<String, Object> createVa(String customerNo, String trxId) {
        return Map.of("partnerServiceId", PARTNER_SERVICE_ID, "customerNo", customerNo,
                "virtualAccountNo", PARTNER_SERVICE_ID + customerNo, "virtualAccountName", "Budi Santoso",
                "virtualAccountEmail", "budi@example.com", "virtualAccountPhone", "6281234567890",
                "trxId", trxId, "totalAmount", Map.of("value", "150000.00", "currency", "IDR"),
                "virtualAccountTrxType", "C", "additionalInfo", Map.of("channel", "VA_BCA"));
    }

    private static Map<String, Object> readmeCreateVa(String customerNo, String trxId) {
        return Map.of("partnerServiceId", PARTNER_SERVICE_ID, "customerNo", customerNo,
                "virtualAccountNo", PARTNER_SERVICE_ID + customerNo, "virtualAccountName", "Merchant Operation",
                "virtualAccountEmail", "merchant-ops@midtrans.com", "virtualAccountPhone", "6281932358123",
                "trxId", trxId, "totalAmount", Map.of("value", "150000.00", "currency", "IDR"),
                "expiredDate", "2030-07-20T20:50:04Z",
                "additionalInfo", Map.of("merchantId", "demo", "bank", "bca",
                        "flags", Map.of("shouldRandomizeVaNumber", true),
                        "customerDetails", Map.of("firstName", "Merchant", "lastName", "Operation",
                                "email", "merchant-ops@midtrans.com", "phone", "+6281932358123")));
    }

    /** status and delete-va as midtrans-client's README asks: the number and an inquiry id, no trxId. */
    private static Map<String, Object> vaLookup(String customerNo) {
        return Map.of("partnerServiceId", PARTNER_SERVICE_ID, "customerNo", customerNo,
                "virtualAccountNo", PARTNER_SERVICE_ID + customerNo,
                "inquiryRequestId", UUID.randomUUID().toString(), "additionalInfo", Map.of("merchantId", "demo"));
    }

    private static Map<String, Object> generate(String reference) {
        return Map.of("partnerReferenceNo", reference, "merchantId", "demo",
                "amount", Map.of("value", "150000.00", "currency", "IDR"),
                "validityPeriod", "2099-07-03T12:08:56-07:00", "additionalInfo", Map.of("acquirer", "gopay"));
    }

    /** As midtrans-client's README: both references, merchantId, serviceCode 47. */
    private static Map<String, Object> qrQuery(String reference, String referenceNo) {
        return Map.of("originalReferenceNo", referenceNo, "originalPartnerReferenceNo", reference,
                "merchantId", "demo", "serviceCode", "47");
    }

    private static String newExternalId() {
        return UUID.randomUUID().toString(); // what midtrans-client's README passes
    }

    private static String newCustomerNo() {
        return String.valueOf(ThreadLocalRandom.current().nextLong(100_000_000_000L, 999_999_999_999L));
    }

    private static void sandbox(String path, Map<String, String> body) throws Exception {
        Merchant.ops(Stack.payment()).body(Json.write(body)).post(path).then().statusCode(200);
    }
}

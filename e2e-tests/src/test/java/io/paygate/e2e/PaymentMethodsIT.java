package io.paygate.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.testsupport.sink.MerchantSink;
import io.restassured.response.Response;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every kind of docs/contract.md §2a method on the whole stack, preselected by the merchant's API: the reply carries what the
 * customer pays with, the sandbox's apps pay it (their QA twins), and the merchant is notified once, signed, with
 * {@code sourceOfFunds}, agreeing with the status inquiry. Unpaid charges expire with the link; a switched-away virtual
 * account refuses money; a closed account refuses another amount; a declined wallet fails.
 */
class PaymentMethodsIT {

    static MerchantSink sink;

    @BeforeAll
    static void start() {
        sink = MerchantSink.start();
    }

    @AfterAll
    static void stop() {
        sink.close();
    }

    @Test
    void aVirtualAccountPaidByTransferIsNotifiedWithItsNumber() throws Exception {
        Preselected p = preselect("VA_BNI", null);
        String va = p.reply.path("paymentCode").asText();
        assertEquals(va, p.reply.at("/accountList/0/accountNumber").asText());
        ops("/pg/sandbox/va/pay", Map.of("accountNumber", va, "amount", "149999.00")).then().statusCode(409)
                .body("responseMessage", startsWith("Conflict. Wrong amount"));
        ops("/pg/sandbox/va/pay", Map.of("accountNumber", va, "amount", "150000.00")).then().statusCode(200);
        JsonNode n = Merchant.awaitOnlyPaymentNotification(sink, p.payment);
        assertEquals("CAPTURED", n.at("/result/payment/status").asText());
        assertEquals("VA_BNI", n.at("/sourceOfFunds/type").asText());
        assertEquals(va, n.at("/sourceOfFunds/paymentCode").asText());
        assertTrue(n.path("card").isMissingNode());
        Merchant.assertStatusAgrees(n);
    }

    @Test
    void aMandiriBillIsPaidByItsBillKey() throws Exception {
        Preselected p = preselect("VA_MANDIRI", null);
        assertEquals("70012", p.reply.at("/accountList/0/billerCode").asText());
        ops("/pg/sandbox/va/pay", Map.of("accountNumber", p.reply.path("paymentCode").asText(),
                "amount", "150000.00")).then().statusCode(200);
        JsonNode n = Merchant.awaitOnlyPaymentNotification(sink, p.payment);
        assertEquals("VA_MANDIRI", n.at("/sourceOfFunds/type").asText());
        Merchant.assertStatusAgrees(n);
    }

    @Test
    void aQrisIsPaidByItsPayload() throws Exception {
        Preselected p = preselect("QRIS", null);
        byte[] png = given().get(p.reply.path("imageurl").asText()).then().statusCode(200).extract().asByteArray();
        ops("/pg/sandbox/qris/pay", Map.of("payload", QrCodes.decode(png))).then().statusCode(200);
        JsonNode n = Merchant.awaitOnlyPaymentNotification(sink, p.payment);
        assertEquals("CAPTURED", n.at("/result/payment/status").asText());
        assertEquals("QRIS", n.at("/sourceOfFunds/type").asText());
        Merchant.assertStatusAgrees(n);
    }

    @Test
    void walletsAreApprovedOrDeclinedInTheirApp() throws Exception {
        Preselected gopay = preselect("GOPAY", null);
        String appUrl = gopay.reply.path("appurl").asText();
        ops("/pg/sandbox/wallet/" + appUrl.substring(appUrl.lastIndexOf('/') + 1),
                Map.of("action", "approve", "pin", "123456")).then().statusCode(200);
        assertEquals("GOPAY", Merchant.awaitOnlyPaymentNotification(sink, gopay.payment).at("/sourceOfFunds/type")
                .asText());

        Preselected dana = preselect("DANA", null);
        String danaUrl = dana.reply.path("appurl").asText();
        ops("/pg/sandbox/wallet/" + danaUrl.substring(danaUrl.lastIndexOf('/') + 1), Map.of("action", "decline"))
                .then().statusCode(200);
        JsonNode declined = Merchant.awaitOnlyPaymentNotification(sink, dana.payment);
        assertEquals("FAILED", declined.at("/result/payment/status").asText());
        assertEquals("Declined by the customer", declined.at("/result/payment/statusDesc").asText());
        Merchant.assertStatusAgrees(declined);
    }

    @Test
    void aStoreCodeIsPaidAtTheCashier() throws Exception {
        Preselected p = preselect("INDOMARET", null);
        ops("/pg/sandbox/cashier/pay", Map.of("store", "INDOMARET", "paymentCode",
                p.reply.path("paymentCode").asText(), "amount", "150000.00")).then().statusCode(200);
        JsonNode n = Merchant.awaitOnlyPaymentNotification(sink, p.payment);
        assertEquals("INDOMARET", n.at("/sourceOfFunds/type").asText());
        Merchant.assertStatusAgrees(n);
    }

    @Test
    void unpaidAccountsAndQrsExpireWithTheirLinkAndRefuseMoneyAfterwards() throws Exception {
        Preselected va = preselect("VA_PERMATA", null);
        Preselected qris = preselect("QRIS", null);
        String payload = QrCodes.decode(given().get(qris.reply.path("imageurl").asText()).asByteArray());
        JsonNode vaExpired = Merchant.awaitOnlyPaymentNotification(sink, va.payment);
        JsonNode qrisExpired = Merchant.awaitOnlyPaymentNotification(sink, qris.payment);
        assertEquals("EXPIRED", vaExpired.at("/result/payment/status").asText());
        assertEquals("VA_PERMATA", vaExpired.at("/sourceOfFunds/type").asText());
        assertEquals("EXPIRED", qrisExpired.at("/result/payment/status").asText());
        ops("/pg/sandbox/va/pay", Map.of("accountNumber", va.reply.path("paymentCode").asText(),
                "amount", "150000.00")).then().statusCode(409)
                .body("responseMessage", equalTo("Conflict. This payment code has expired"));
        ops("/pg/sandbox/qris/pay", Map.of("payload", payload)).then().statusCode(409);
    }

    @Test
    void switchingFromAnAccountToQrisCancelsTheAccountAndOnlyOneCaptureIsNotified() throws Exception {
        Preselected p = preselect("VA_BCA", null);
        String va = p.reply.path("paymentCode").asText();
        given().redirects().follow(false).contentType("application/x-www-form-urlencoded")
                .formParam("type", "QRIS").post(p.payment.redirectUrl() + "/method").then().statusCode(303);
        ops("/pg/sandbox/va/pay", Map.of("accountNumber", va, "amount", "150000.00")).then().statusCode(409)
                .body("responseMessage", equalTo("Conflict. This payment code was cancelled"));
        byte[] png = given().get(p.payment.redirectUrl() + "/qr.png").then().statusCode(200).extract().asByteArray();
        ops("/pg/sandbox/qris/pay", Map.of("payload", QrCodes.decode(png))).then().statusCode(200);
        JsonNode n = Merchant.awaitOnlyPaymentNotification(sink, p.payment);
        assertEquals("CAPTURED", n.at("/result/payment/status").asText());
        assertEquals("QRIS", n.at("/sourceOfFunds/type").asText());
    }

    @Test
    void ovoPushesToTheNamedAccount() throws Exception {
        Preselected p = preselect("OVO", "+6281298765432");
        assertTrue(p.reply.path("appurl").isMissingNode());
        JsonNode status = Signatures.read(Merchant.api(Stack.payment())
                .get("/pg/payment/card/status/" + p.payment.orderId()).asString());
        assertEquals("OVO", status.at("/sourceOfFunds/type").asText());
        // a push wallet has no link: the sandbox wallet takes the payment's code
        ops("/pg/sandbox/wallet/" + p.payment.paymentCode(), Map.of("action", "approve", "pin", "123456")).then()
                .statusCode(200);
        assertEquals("CAPTURED", Merchant.awaitOnlyPaymentNotification(sink, p.payment).at("/result/payment/status")
                .asText());
    }

    private record Preselected(Merchant.Payment payment, JsonNode reply) {
    }

    private static Preselected preselect(String type, String accountId) throws Exception {
        String orderId = Merchant.newId("ORD");
        String account = accountId == null ? "" : ",\"accountId\":\"" + accountId + "\"";
        String reply = Merchant.api(Stack.payment()).body("""
                {"order":{"id":"%s","amount":"150000.00","description":"Kopi 1 kg"},"customer":{"email":\
                "budi@example.com","firstName":"Budi","lastName":"Santoso","mobilePhone":"+6281234567890"},\
                "url":{"callbackUrl":"%s"},"sourceOfFunds":{"type":"%s"%s}}""".formatted(orderId,
                sink.url(Merchant.PAYMENTS), type, account)).post("/pg/payment/card/initiate").then().statusCode(200)
                .extract().asString();
        JsonNode body = Signatures.read(reply);
        String redirect = body.path("redirecturl").asText();
        return new Preselected(new Merchant.Payment(orderId, redirect.substring(redirect.lastIndexOf('/') + 1),
                redirect), body);
    }

    private static Response ops(String path, Map<String, String> body) throws Exception {
        return Merchant.ops(Stack.payment()).body(io.paygate.model.json.Json.write(body)).post(path);
    }
}

package io.paygate.payment.initiation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.agroal.api.AgroalDataSource;
import io.paygate.model.event.PaymentStatusChanged;
import io.paygate.model.event.Topics;
import io.paygate.model.json.Json;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.sandbox.QrisPayload;
import io.paygate.payment.support.Db;
import io.paygate.payment.support.Methods;
import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.PaymentEvents;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.payment.support.QrDecoder;
import io.paygate.payment.support.Requests;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every method of docs/contract.md §2a preselected at initiation ({@code sourceOfFunds.type}): the reply carries what the
 * customer pays with, the sandbox app pays it, the payment is CAPTURED and its one event carries
 * {@code sourceOfFunds}.
 */
@QuarkusTest
@PaymentTestResources
class PreselectedMethodsTest {

    @Inject
    AgroalDataSource dataSource;

    @BeforeAll
    static void topics() {
        KafkaResource.broker().createTopics(Topics.PAYMENT_STATUS);
    }

    @Test
    void aBcaVirtualAccountIsPaidByTransferOfTheExactAmount() {
        String orderId = Requests.orderId();
        JsonNode reply = initiate(orderId, "VA_BCA");
        String va = reply.path("paymentCode").asText();
        assertTrue(va.matches("39108[0-9]{11}"), va);
        assertEquals("VA", reply.at("/accountList/0/type").asText());
        assertEquals("BCA", reply.at("/accountList/0/bank").asText());
        assertEquals(va, reply.at("/accountList/0/accountNumber").asText());
        assertEquals("Demo Store", reply.at("/accountList/0/accountName").asText());
        assertTrue(reply.path("imageurl").isMissingNode() && reply.path("appurl").isMissingNode());
        String code = pageCode(reply);

        // the same request again: the same numbers, and still one charge at the provider
        ObjectNode again = (ObjectNode) Json.tree(PaymentApi.initiate(Methods.preselecting(orderId, "VA_BCA")).then()
                .statusCode(200).extract().asString());
        again.set("processingTime", reply.path("processingTime"));
        assertEquals(reply, again);
        assertEquals(1, db().count("SELECT count(*) FROM payment_charge c JOIN payment p ON p.id = c.payment_id "
                + "WHERE p.order_id = ?", orderId));

        PaymentApi.status(SandboxMerchants.DEMO, orderId).then().statusCode(200)
                .body("result.payment.status", equalTo("PENDING"))
                .body("sourceOfFunds.type", equalTo("VA_BCA"))
                .body("sourceOfFunds.paymentCode", equalTo(va));

        Methods.vaPay(va, "150001.00").then().statusCode(409).body("responseCode", equalTo("4090800"))
                .body("responseMessage", startsWith("Conflict. Wrong amount"));
        assertEquals("PENDING", PaymentApi.statusOf(orderId));
        Methods.vaPay(va, "150000.00").then().statusCode(200).body("responseCode", equalTo("2000000"))
                .body("paymentCode", equalTo(code));
        PaymentApi.awaitStatus(orderId, "CAPTURED");
        Methods.vaPay(va, "150000.00").then().statusCode(409)
                .body("responseMessage", equalTo("Conflict. This payment code is already paid"));

        PaymentStatusChanged data = PaymentEvents.awaitOne("demo", code).dataAs(PaymentStatusChanged.class);
        assertEquals(PaymentStatus.CAPTURED, data.status());
        assertEquals("VA_BCA", data.sourceOfFunds().type());
        assertEquals(va, data.sourceOfFunds().paymentCode());
        assertEquals(va, data.toNotification().sourceOfFunds().paymentCode());
        assertEquals(null, data.toNotification().card());
    }

    @Test
    void everyBankGetsItsOwnVirtualAccount() {
        for (String bank : new String[]{"VA_BNI", "VA_BRI", "VA_PERMATA", "VA_CIMB"}) {
            JsonNode reply = initiate(Requests.orderId(), bank.toLowerCase().replace("_", ""));
            assertEquals(bank.substring(3), reply.at("/accountList/0/bank").asText(), bank);
            assertTrue(reply.path("paymentCode").asText().matches("[0-9]{16}"), bank);
        }
    }

    @Test
    void aMandiriBillIsPaidByBillerCodeAndBillKey() {
        String orderId = Requests.orderId();
        JsonNode reply = initiate(orderId, "vamandiri");
        String billKey = reply.path("paymentCode").asText();
        assertTrue(billKey.matches("[0-9]{12}"), billKey);
        assertEquals("BILL", reply.at("/accountList/0/type").asText());
        assertEquals("MANDIRI", reply.at("/accountList/0/bank").asText());
        assertEquals("70012", reply.at("/accountList/0/billerCode").asText());
        assertEquals(billKey, reply.at("/accountList/0/billKey").asText());
        Methods.vaPay(billKey, "150000.00").then().statusCode(200);
        PaymentApi.awaitStatus(orderId, "CAPTURED");
        PaymentApi.status(SandboxMerchants.DEMO, orderId).then()
                .body("sourceOfFunds.type", equalTo("VA_MANDIRI"))
                .body("sourceOfFunds.paymentCode", equalTo(billKey));
    }

    @Test
    void aQrisIsPaidByScanningItsImage() {
        String orderId = Requests.orderId();
        JsonNode reply = initiate(orderId, "QRIS");
        String code = pageCode(reply);
        assertEquals(code, reply.path("paymentCode").asText(), "QRIS has no number: paymentCode is the reference");
        String imageUrl = reply.path("imageurl").asText();
        assertTrue(imageUrl.endsWith("/pg/pay/" + code + "/qr.png"), imageUrl);
        Response png = given().get("/pg/pay/" + code + "/qr.png");
        png.then().statusCode(200).contentType("image/png").header("Cache-Control", "no-store");
        String payload = QrDecoder.decode(png.asByteArray());
        QrisPayload qr = QrisPayload.parse(payload);
        assertEquals("12", qr.field("01").orElseThrow());
        assertEquals("360", qr.field("53").orElseThrow());
        assertEquals(0, new BigDecimal("150000").compareTo(qr.amount().orElseThrow()));
        assertEquals("Demo Store", qr.field("59").orElseThrow());
        assertTrue(qr.reference().isPresent());

        // an edited amount with a recomputed CRC is refused for its amount; a broken CRC is not a QRIS at all
        String cheaper = payload.substring(0, payload.length() - 4).replace("5406150000", "540515000");
        cheaper = cheaper + QrisPayload.crc(cheaper);
        Methods.qrisPay(cheaper).then().statusCode(409).body("responseMessage", startsWith("Conflict. Wrong amount"));
        String broken = payload.substring(0, payload.length() - 4) + "0000";
        Methods.qrisPay(broken).then().statusCode(400).body("responseCode", equalTo("4000801"))
                .body("responseMessage", equalTo("Invalid Field Format payload"));
        assertEquals("PENDING", PaymentApi.statusOf(orderId));

        Methods.qrisPay(payload).then().statusCode(200);
        PaymentApi.awaitStatus(orderId, "CAPTURED");
        given().get("/pg/pay/" + code + "/qr.png").then().statusCode(404);
        PaymentStatusChanged data = PaymentEvents.awaitOne("demo", code).dataAs(PaymentStatusChanged.class);
        assertEquals("QRIS", data.sourceOfFunds().type());
        assertEquals(null, data.sourceOfFunds().paymentCode());
    }

    @Test
    void gopayOffersItsAppAndItsQrAndIsApprovedWithThePin() {
        String orderId = Requests.orderId();
        JsonNode reply = initiate(orderId, "gopay");
        String appUrl = reply.path("appurl").asText();
        assertTrue(appUrl.contains("/pg/sandbox/wallet/CHG"), appUrl);
        assertTrue(reply.path("imageurl").asText().endsWith("/qr.png"));
        String reference = Methods.walletReference(appUrl);
        Methods.wallet(reference, "approve", "000000").then().statusCode(409)
                .body("responseMessage", equalTo("Conflict. Wrong PIN"));
        // a push wallet has no link: the sandbox wallet takes the payment's code
        Methods.wallet(pageCode(reply), "approve", "123456").then().statusCode(200);
        PaymentApi.awaitStatus(orderId, "CAPTURED");
    }

    @Test
    void aDeclinedWalletPaymentFailsWithTheCustomersWord() {
        String orderId = Requests.orderId();
        JsonNode reply = initiate(orderId, "DANA");
        assertTrue(reply.path("imageurl").isMissingNode(), "DANA has no QR");
        Methods.wallet(Methods.walletReference(reply.path("appurl").asText()), "decline", null).then().statusCode(200);
        PaymentApi.awaitStatus(orderId, "FAILED");
        PaymentApi.status(SandboxMerchants.DEMO, orderId).then()
                .body("result.payment.statusDesc", equalTo("Declined by the customer"))
                .body("sourceOfFunds.type", equalTo("DANA"));
    }

    @Test
    void ovoPushesToTheCustomersAccount() {
        String orderId = Requests.orderId();
        ObjectNode body = Methods.preselecting(orderId, "OVO");
        Requests.with(body, "sourceOfFunds.accountId", "+6281298765432");
        JsonNode reply = Json.tree(PaymentApi.initiate(body).then().statusCode(200).extract().asString());
        assertTrue(reply.path("appurl").isMissingNode() && reply.path("imageurl").isMissingNode());
        String reference = db().value("SELECT c.reference FROM payment_charge c JOIN payment p ON p.id = c.payment_id "
                + "WHERE p.order_id = ?", orderId);
        assertEquals("+6281298765432", db().value("SELECT account_id FROM sandbox_charge WHERE reference = ?",
                reference));
        // a push wallet has no link: the sandbox wallet takes the payment's code
        Methods.wallet(pageCode(reply), "approve", "123456").then().statusCode(200);
        PaymentApi.awaitStatus(orderId, "CAPTURED");
    }

    @Test
    void aStoreCodeIsPaidAtTheCashier() {
        String orderId = Requests.orderId();
        JsonNode reply = initiate(orderId, "alfamart");
        String storeCode = reply.path("paymentCode").asText();
        assertEquals("STORE", reply.at("/accountList/0/type").asText());
        assertEquals("ALFAMART", reply.at("/accountList/0/store").asText());
        assertEquals(storeCode, reply.at("/accountList/0/paymentCode").asText());
        Methods.cashierPay("INDOMARET", storeCode, "150000.00").then().statusCode(404)
                .body("responseCode", equalTo("4040801"));
        Methods.cashierPay("ALFAMART", storeCode, "150000.00").then().statusCode(200);
        PaymentApi.awaitStatus(orderId, "CAPTURED");
        JsonNode idm = initiate(Requests.orderId(), "idm");
        assertEquals("INDOMARET", idm.at("/accountList/0/store").asText());
    }

    @Test
    void aCardPreselectionOpensNothingAtTheProvider() {
        String orderId = Requests.orderId();
        JsonNode reply = initiate(orderId, "CARD");
        assertEquals(pageCode(reply), reply.path("paymentCode").asText());
        assertTrue(reply.path("accountList").isMissingNode());
        assertEquals(0, db().count("SELECT count(*) FROM payment_charge c JOIN payment p ON p.id = c.payment_id "
                + "WHERE p.order_id = ?", orderId));
        assertEquals("CARD", db().value("SELECT preselected FROM payment WHERE order_id = ?", orderId));
    }

    @Test
    void aProviderThatRefusesIsABadGatewayAndTheSameRequestReusesTheSameCharge() {
        String orderId = Requests.orderId();
        ObjectNode body = Methods.preselecting(orderId, "VA_BNI");
        Requests.with(body, "order.currency", "USD"); // the sandbox opens rupiah charges only
        for (int attempt = 0; attempt < 2; attempt++) {
            PaymentApi.initiate(body).then().statusCode(502).body("responseCode", equalTo("5020100"))
                    .body("responseMessage", equalTo("Bad Gateway The payment provider refused VA_BNI"));
        }
        assertEquals("PENDING", db().value("SELECT status FROM payment WHERE order_id = ?", orderId));
        assertEquals(0, db().count("SELECT count(*) FROM sandbox_charge s JOIN payment p "
                + "ON p.payment_code = s.payment_code WHERE p.order_id = ?", orderId));
    }

    @Test
    void theCheckPathAnswersLikeTheStatusPath() {
        String orderId = Requests.orderId();
        initiate(orderId, "VA_CIMB");
        String status = PaymentApi.status(SandboxMerchants.DEMO, orderId).asString();
        String check = given().filter(io.paygate.testsupport.rest.MerchantSigningFilter.as(SandboxMerchants.DEMO))
                .get("/pg/payment/card/check/" + orderId).then().statusCode(200).extract().asString();
        assertEquals(Json.tree(status), Json.tree(check));
        given().filter(io.paygate.testsupport.rest.MerchantSigningFilter.as(SandboxMerchants.DEMO2))
                .get("/pg/payment/card/check/" + orderId).then().statusCode(404)
                .body("responseCode", equalTo("4040301"));
    }

    @Test
    void theSurplusListNeedsTheOpsToken() {
        given().get("/pg/ops/payments/surplus").then().statusCode(401);
        given().header("Authorization", "Bearer " + SandboxMerchants.OPS_TOKEN).get("/pg/ops/payments/surplus")
                .then().statusCode(200).body("responseCode", equalTo("2000000"));
        given().header("Authorization", "Bearer " + SandboxMerchants.OPS_TOKEN)
                .get("/pg/ops/payments/surplus?limit=abc").then().statusCode(400)
                .body("responseMessage", equalTo("Invalid Field Format limit"));
    }

    private JsonNode initiate(String orderId, String type) {
        String reply = PaymentApi.initiate(Methods.preselecting(orderId, type)).then().statusCode(200)
                .body("responseCode", equalTo("2000000"))
                .body("redirecturl", matchesPattern(".*/pg/pay/[A-Z0-9]+"))
                .body("expiryLink", matchesPattern("[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}"))
                .extract().asString();
        return Json.tree(reply);
    }

    private static String pageCode(JsonNode reply) {
        String url = reply.path("redirecturl").asText();
        return url.substring(url.lastIndexOf('/') + 1);
    }

    private Db db() {
        return new Db(dataSource);
    }
}

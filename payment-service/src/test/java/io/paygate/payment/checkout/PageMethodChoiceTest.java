package io.paygate.payment.checkout;

import com.fasterxml.jackson.databind.JsonNode;
import io.agroal.api.AgroalDataSource;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.PaymentStatusChanged;
import io.paygate.model.event.Topics;
import io.paygate.model.json.Json;
import io.paygate.payment.provider.ProviderSignature;
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
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Choosing a method on the hosted page (docs/contract.md §2a): the charge opens at the provider; choosing another cancels it
 * there first; money a cancelled charge still takes is a surplus, never a second capture.
 */
@QuarkusTest
@PaymentTestResources
class PageMethodChoiceTest {

    private static final byte[] PROVIDER_SECRET = "test-provider-secret".getBytes(StandardCharsets.UTF_8);

    @Inject
    AgroalDataSource dataSource;

    @BeforeAll
    static void topics() {
        KafkaResource.broker().createTopics(Topics.PAYMENT_STATUS);
    }

    @Test
    void switchingFromAVirtualAccountToQrisCancelsTheAccountAndOnlyTheQrisPays() {
        String orderId = Requests.orderId();
        String code = PaymentApi.newPayment(orderId);
        Methods.choose(code, "VA_BRI").then().statusCode(303).header("Location", endsWith("/pg/pay/" + code));
        String va = statusOf(orderId).at("/sourceOfFunds/paymentCode").asText();
        assertTrue(va.startsWith("26215"), va);

        Methods.choose(code, "QRIS").then().statusCode(303);
        JsonNode status = statusOf(orderId);
        assertEquals("QRIS", status.at("/sourceOfFunds/type").asText());
        assertEquals("PENDING", status.at("/result/payment/status").asText());
        Methods.vaPay(va, "150000.00").then().statusCode(409)
                .body("responseMessage", equalTo("Conflict. This payment code was cancelled"));

        String payload = QrDecoder.decode(given().get("/pg/pay/" + code + "/qr.png").then().statusCode(200)
                .extract().asByteArray());
        Methods.qrisPay(payload).then().statusCode(200);
        PaymentApi.awaitStatus(orderId, "CAPTURED");
        assertEquals(List.of("CANCELLED", "PAID"), db().values("SELECT c.state FROM payment_charge c JOIN payment p "
                + "ON p.id = c.payment_id WHERE p.order_id = ? ORDER BY c.created_at", orderId));
        EventEnvelope event = PaymentEvents.awaitOne("demo", code);
        assertEquals("QRIS", event.dataAs(PaymentStatusChanged.class).sourceOfFunds().type());
    }

    @Test
    void choosingTheSameMethodAgainKeepsTheSameNumber() {
        String orderId = Requests.orderId();
        String code = PaymentApi.newPayment(orderId);
        Methods.choose(code, "VA_PERMATA").then().statusCode(303);
        String first = statusOf(orderId).at("/sourceOfFunds/paymentCode").asText();
        Methods.choose(code, "vapermata").then().statusCode(303);
        assertEquals(first, statusOf(orderId).at("/sourceOfFunds/paymentCode").asText());
        assertEquals(1, db().count("SELECT count(*) FROM payment_charge c JOIN payment p ON p.id = c.payment_id "
                + "WHERE p.order_id = ?", orderId));
    }

    @Test
    void aCardAfterAnOpenAccountCancelsTheAccountFirst() {
        String orderId = Requests.orderId();
        String code = PaymentApi.newPayment(orderId);
        Methods.choose(code, "ALFAMART").then().statusCode(303);
        String storeCode = statusOf(orderId).at("/sourceOfFunds/paymentCode").asText();
        PaymentApi.payByCard(code, "4111 1111 1111 1111").then().statusCode(303);
        PaymentApi.awaitStatus(orderId, "CAPTURED");
        Methods.cashierPay("ALFAMART", storeCode, "150000.00").then().statusCode(409)
                .body("responseMessage", equalTo("Conflict. This payment code was cancelled"));
        JsonNode status = statusOf(orderId);
        assertEquals("CARD", status.at("/sourceOfFunds/type").asText());
        assertEquals("411111******1111", status.at("/card/mask").asText());
    }

    @Test
    void anAccountPaidBeforeTheSwitchCapturesThePaymentAndNothingNewOpens() {
        String orderId = Requests.orderId();
        String code = PaymentApi.newPayment(orderId);
        Methods.choose(code, "VA_BCA").then().statusCode(303);
        String va = statusOf(orderId).at("/sourceOfFunds/paymentCode").asText();
        // the bank takes the transfer; its callback has not arrived when the customer switches
        db().update("UPDATE sandbox_charge SET state = 'DECIDED', outcome = 'CAPTURED', notify_at = ? "
                + "WHERE pay_code = ?", java.sql.Timestamp.from(Instant.now().plus(Duration.ofHours(1))), va);
        Methods.choose(code, "QRIS").then().statusCode(303);
        assertEquals("CAPTURED", PaymentApi.statusOf(orderId));
        assertEquals("VA_BCA", statusOf(orderId).at("/sourceOfFunds/type").asText());
        assertEquals(1, db().count("SELECT count(*) FROM payment_charge c JOIN payment p ON p.id = c.payment_id "
                + "WHERE p.order_id = ?", orderId));
    }

    @Test
    void moneyACancelledChargeTakesIsASurplusNotASecondCapture() {
        String orderId = Requests.orderId();
        String code = PaymentApi.newPayment(orderId);
        Methods.choose(code, "VA_CIMB").then().statusCode(303);
        String oldReference = db().value("SELECT provider_reference FROM payment WHERE order_id = ?", orderId);
        Methods.choose(code, "GOPAY").then().statusCode(303);
        String walletReference = db().value("SELECT provider_reference FROM payment WHERE order_id = ?", orderId);
        assertNotEquals(oldReference, walletReference);
        Methods.wallet(walletReference, "approve", "123456").then().statusCode(200);
        PaymentApi.awaitStatus(orderId, "CAPTURED");

        // the bank pays the cancelled account anyway (a provider that took money after the cancellation)
        for (int i = 0; i < 2; i++) {
            callback("{\"reference\":\"%s\",\"paymentCode\":\"%s\",\"status\":\"CAPTURED\"}"
                    .formatted(oldReference, code)).then().statusCode(200);
        }
        assertEquals("CAPTURED", PaymentApi.statusOf(orderId));
        assertEquals(1, db().count("SELECT count(*) FROM payment_surplus WHERE charge_reference = ?", oldReference));
        assertEquals("NEEDS_OPERATOR", db().value("SELECT state FROM payment_surplus WHERE charge_reference = ?",
                oldReference));
        given().header("Authorization", "Bearer " + SandboxMerchants.OPS_TOKEN).get("/pg/ops/payments/surplus")
                .then().statusCode(200).body("surplus.chargeReference", hasItem(oldReference));
        List<?> events = PaymentEvents.awaitRecords("demo", code, 1, Duration.ofSeconds(20));
        assertEquals(1, events.size(), "one capture, one event");
    }

    @Test
    void anOvoWithoutTheMerchantsAccountCannotBeChosen() {
        String code = PaymentApi.newPayment(Requests.orderId());
        Methods.choose(code, "OVO").then().statusCode(400);
        Methods.choose(code, "BITCOIN").then().statusCode(400);
        assertEquals(null, db().value("SELECT provider_reference FROM payment WHERE payment_code = ?", code));
    }

    @Test
    void aPaymentThatIsNoLongerPayableOpensNothing() {
        String orderId = Requests.orderId();
        String code = PaymentApi.newPayment(orderId);
        PaymentApi.payByCard(code, "4111 1111 1111 1111").then().statusCode(303);
        PaymentApi.awaitStatus(orderId, "CAPTURED");
        Methods.choose(code, "VA_BCA").then().statusCode(303);
        assertEquals(0, db().count("SELECT count(*) FROM payment_charge c JOIN payment p ON p.id = c.payment_id "
                + "WHERE p.order_id = ?", orderId));
    }

    private static io.restassured.response.Response callback(String body) {
        byte[] raw = body.getBytes(StandardCharsets.UTF_8);
        long now = Instant.now().getEpochSecond();
        return given().contentType("application/json").header(ProviderSignature.TIMESTAMP_HEADER, Long.toString(now))
                .header(ProviderSignature.SIGNATURE_HEADER, ProviderSignature.sign(PROVIDER_SECRET, now, raw))
                .body(raw).post("/pg/provider/sandbox/callback");
    }

    private static JsonNode statusOf(String orderId) {
        return Json.tree(PaymentApi.status(SandboxMerchants.DEMO, orderId).then().statusCode(200).extract().asString());
    }

    private Db db() {
        return new Db(dataSource);
    }
}

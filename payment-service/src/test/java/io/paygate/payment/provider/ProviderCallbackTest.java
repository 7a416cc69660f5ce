package io.paygate.payment.provider;

import io.agroal.api.AgroalDataSource;
import io.paygate.model.event.Topics;
import io.paygate.payment.support.Db;
import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.PaymentEvents;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.payment.support.Requests;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The provider callback (docs/contract.md §2): its signature is verified before any state change. Uses a payment waiting for
 * 3-D Secure, so the sandbox provider itself never calls back during the test.
 */
@QuarkusTest
@PaymentTestResources
class ProviderCallbackTest {

    static final byte[] SECRET = "test-provider-secret".getBytes(StandardCharsets.UTF_8);

    @Inject
    AgroalDataSource dataSource;
    Db db;
    String orderId;
    String code;
    String reference;

    @BeforeAll
    static void topics() {
        KafkaResource.broker().createTopics(Topics.PAYMENT_STATUS);
    }

    @BeforeEach
    void paymentWaitingForItsDecision() {
        db = new Db(dataSource);
        orderId = Requests.orderId();
        code = PaymentApi.newPayment(orderId);
        PaymentApi.payByCard(code, "4000000000003220").then().statusCode(303);
        reference = db.value("SELECT provider_reference FROM payment WHERE payment_code = ?", code);
    }

    String decision(String status) {
        return "{\"reference\":\"" + reference + "\",\"paymentCode\":\"" + code + "\",\"status\":\"" + status
                + "\",\"statusDesc\":null}";
    }

    static Response post(String body, byte[] secret, long timestamp) {
        byte[] raw = body.getBytes(StandardCharsets.UTF_8);
        return given().contentType("application/json")
                .header(ProviderSignature.TIMESTAMP_HEADER, Long.toString(timestamp))
                .header(ProviderSignature.SIGNATURE_HEADER, ProviderSignature.sign(secret, timestamp, raw))
                .body(raw).post("/pg/provider/sandbox/callback");
    }

    @Test
    void aCallbackSignedWithAnotherKeyIsRefusedAndChangesNothing() {
        post(decision("CAPTURED"), "not-the-secret".getBytes(), Instant.now().getEpochSecond()).then().statusCode(401)
                .body("responseCode", equalTo("4010800"))
                .body("responseMessage", equalTo("Unauthorized. Invalid provider signature"));
        assertEquals("PROCESSING", PaymentApi.statusOf(orderId));
    }

    @Test
    void anUnsignedOrStaleCallbackIsRefused() {
        given().contentType("application/json").body(decision("CAPTURED")).post("/pg/provider/sandbox/callback")
                .then().statusCode(401).body("responseCode", equalTo("4010800"));
        post(decision("CAPTURED"), SECRET, Instant.now().minus(Duration.ofMinutes(10)).getEpochSecond()).then()
                .statusCode(401);
        assertEquals("PROCESSING", PaymentApi.statusOf(orderId));
    }

    @Test
    void aTamperedBodyIsRefused() {
        long now = Instant.now().getEpochSecond();
        byte[] signedFor = decision("FAILED").getBytes(StandardCharsets.UTF_8);
        given().contentType("application/json").header(ProviderSignature.TIMESTAMP_HEADER, Long.toString(now))
                .header(ProviderSignature.SIGNATURE_HEADER, ProviderSignature.sign(SECRET, now, signedFor))
                .body(decision("CAPTURED")).post("/pg/provider/sandbox/callback").then().statusCode(401);
        assertEquals("PROCESSING", PaymentApi.statusOf(orderId));
    }

    @Test
    void aSignedDecisionIsAppliedOnceEvenWhenRepeated() {
        long now = Instant.now().getEpochSecond();
        post(decision("CAPTURED"), SECRET, now).then().statusCode(200).body("responseCode", equalTo("2000000"));
        post(decision("CAPTURED"), SECRET, now).then().statusCode(200);
        assertEquals("CAPTURED", PaymentApi.statusOf(orderId));
        assertEquals(1, PaymentEvents.awaitRecords("demo", code, 1, Duration.ofSeconds(20)).size());
    }

    @Test
    void aFailureAfterTheCaptureIsAConflict() {
        long now = Instant.now().getEpochSecond();
        post(decision("CAPTURED"), SECRET, now).then().statusCode(200);
        post(decision("FAILED"), SECRET, now).then().statusCode(409).body("responseCode", equalTo("4090800"));
        assertEquals("CAPTURED", PaymentApi.statusOf(orderId));
    }

    @Test
    void moneyTakenAfterTheFailureIsASurplusNotACapture() {
        long now = Instant.now().getEpochSecond();
        post(decision("FAILED"), SECRET, now).then().statusCode(200);
        post(decision("CAPTURED"), SECRET, now).then().statusCode(200);
        post(decision("CAPTURED"), SECRET, now).then().statusCode(200);
        assertEquals("FAILED", PaymentApi.statusOf(orderId));
        assertEquals(1, db.count("SELECT count(*) FROM payment_surplus WHERE charge_reference = ?", reference));
        assertEquals("REFUND_PENDING", db.value("SELECT state FROM payment_surplus WHERE charge_reference = ?",
                reference), "card money goes back through the provider");
    }

    @Test
    void aDecisionForAnotherChargeIsAConflict() {
        String forged = decision("CAPTURED").replace(reference, "SBXNOTTHISCHARGE0000000");
        post(forged, SECRET, Instant.now().getEpochSecond()).then().statusCode(409);
        assertEquals("PROCESSING", PaymentApi.statusOf(orderId));
    }
}

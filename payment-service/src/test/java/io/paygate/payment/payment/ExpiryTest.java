package io.paygate.payment.payment;

import io.agroal.api.AgroalDataSource;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.PaymentStatusChanged;
import io.paygate.model.event.Topics;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.support.Db;
import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.PaymentEvents;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.payment.support.Requests;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** PENDING → EXPIRED when the link lifetime passes (docs/contract.md §2), by the job or on the spot; final states stay. */
@QuarkusTest
@PaymentTestResources
class ExpiryTest {

    @Inject
    AgroalDataSource dataSource;
    Db db;

    @BeforeAll
    static void topics() {
        KafkaResource.broker().createTopics(Topics.PAYMENT_STATUS);
    }

    @BeforeEach
    void db() {
        db = new Db(dataSource);
    }

    @Test
    void theExpiryJobExpiresAPendingPaymentPastItsLinkLifetimeAndEmitsTheEvent() {
        String orderId = Requests.orderId();
        String code = PaymentApi.newPayment(orderId);
        db.expireLink(code);
        // Nothing reads the payment through the API meanwhile: the scheduled job alone moves it.
        await().atMost(Duration.ofSeconds(15)).until(() -> "EXPIRED".equals(db.statusOf(code)));
        EventEnvelope event = PaymentEvents.awaitOne("demo", code);
        assertEquals(1, event.sequence());
        PaymentStatusChanged data = event.dataAs(PaymentStatusChanged.class);
        assertEquals(PaymentStatus.EXPIRED, data.status());
        assertNull(data.method());
        assertNull(data.card());
        assertEquals(Requests.CALLBACK_URL, data.callbackUrl());
        PaymentApi.status(SandboxMerchants.DEMO, orderId).then().statusCode(200)
                .body("result.payment.status", equalTo("EXPIRED"));
    }

    @Test
    void anExpiredLinkShowsTheExpiredPageWith410() {
        String code = PaymentApi.newPayment(Requests.orderId());
        db.expireLink(code);
        PaymentApi.page(code).then().statusCode(410).contentType(containsString("text/html"))
                .body(containsString("data-view=\"expired\"")).body(containsString("This payment link has expired"));
        assertEquals("EXPIRED", db.statusOf(code));
    }

    @Test
    void aCardPostedAfterExpiryIsNotCharged() {
        String orderId = Requests.orderId();
        String code = PaymentApi.newPayment(orderId);
        db.expireLink(code);
        PaymentApi.payByCard(code, "4111111111111111").then().statusCode(303);
        assertEquals(0, db.chargesOf(code));
        assertEquals("EXPIRED", PaymentApi.statusOf(orderId));
    }

    @Test
    void aCapturedPaymentNeverExpires() {
        String orderId = Requests.orderId();
        String code = PaymentApi.newPayment(orderId);
        PaymentApi.payByCard(code, "4111111111111111").then().statusCode(303);
        PaymentApi.awaitStatus(orderId, "CAPTURED");
        db.expireLink(code);
        await().pollDelay(Duration.ofSeconds(2)).atMost(Duration.ofSeconds(5))
                .until(() -> "CAPTURED".equals(db.statusOf(code)));
        PaymentApi.page(code).then().statusCode(200).body(containsString("data-view=\"captured\""));
        assertEquals(1, PaymentEvents.awaitRecords("demo", code, 1, Duration.ofSeconds(20)).size());
    }

    @Test
    void anExpiredPaymentCannotBeSimulatedIntoAnotherState() {
        String code = PaymentApi.newPayment(Requests.orderId());
        db.expireLink(code);
        await().atMost(Duration.ofSeconds(15)).until(() -> "EXPIRED".equals(db.statusOf(code)));
        given().header("Authorization", "Bearer " + SandboxMerchants.OPS_TOKEN).contentType("application/json")
                .body("{\"status\":\"CAPTURED\"}").post("/pg/sandbox/payments/" + code + "/simulate").then()
                .statusCode(409).body("responseCode", equalTo("4090800"));
        assertEquals("EXPIRED", db.statusOf(code));
    }
}

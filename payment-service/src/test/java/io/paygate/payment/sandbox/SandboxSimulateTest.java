package io.paygate.payment.sandbox;

import io.paygate.model.event.PaymentStatusChanged;
import io.paygate.model.event.Topics;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.PaymentEvents;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.payment.support.Requests;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** {@code POST /pg/sandbox/payments/{code}/simulate} (docs/contract.md §2), ops token only. */
@QuarkusTest
@PaymentTestResources
class SandboxSimulateTest {

    @BeforeAll
    static void topics() {
        KafkaResource.broker().createTopics(Topics.PAYMENT_STATUS);
    }

    static Response simulate(String code, String body) {
        return given().header("Authorization", "Bearer " + SandboxMerchants.OPS_TOKEN).contentType("application/json")
                .body(body).post("/pg/sandbox/payments/" + code + "/simulate");
    }

    @Test
    void simulatedCaptureMovesAPendingPaymentAndEmitsTheEvent() {
        String orderId = Requests.orderId();
        String code = PaymentApi.newPayment(orderId);
        simulate(code, "{\"status\":\"CAPTURED\"}").then().statusCode(200)
                .body("responseCode", equalTo("2000000")).body("status", equalTo("CAPTURED"))
                .body("paymentCode", equalTo(code));
        assertEquals("CAPTURED", PaymentApi.statusOf(orderId));
        assertEquals(PaymentStatus.CAPTURED,
                PaymentEvents.awaitOne("demo", code).dataAs(PaymentStatusChanged.class).status());
    }

    @Test
    void simulatedFailureCarriesADescription() {
        String orderId = Requests.orderId();
        String code = PaymentApi.newPayment(orderId);
        simulate(code, "{\"status\":\"FAILED\",\"statusDesc\":\"Do not honour\"}").then().statusCode(200);
        PaymentApi.status(SandboxMerchants.DEMO, orderId).then()
                .body("result.payment.status", equalTo("FAILED"))
                .body("result.payment.statusDesc", equalTo("Do not honour"));
    }

    @Test
    void aFinalPaymentNeverChangesAgain() {
        String orderId = Requests.orderId();
        String code = PaymentApi.newPayment(orderId);
        simulate(code, "{\"status\":\"CAPTURED\"}").then().statusCode(200);
        simulate(code, "{\"status\":\"FAILED\"}").then().statusCode(409)
                .body("responseCode", equalTo("4090800"));
        assertEquals("CAPTURED", PaymentApi.statusOf(orderId));
        assertEquals(1, PaymentEvents.awaitOne("demo", code).sequence());
    }

    @Test
    void anUnknownOutcomeIsAnInvalidField() {
        String code = PaymentApi.newPayment(Requests.orderId());
        simulate(code, "{\"status\":\"PAID\"}").then().statusCode(400)
                .body("responseCode", equalTo("4000801")).body("responseMessage", equalTo("Invalid Field Format status"));
        simulate(code, "{}").then().statusCode(400)
                .body("responseCode", equalTo("4000802")).body("responseMessage", equalTo("Invalid Mandatory Field status"));
    }

    @Test
    void anUnknownPaymentIsNotFound() {
        simulate("PC0000000000000000", "{\"status\":\"CAPTURED\"}").then().statusCode(404)
                .body("responseCode", equalTo("4040801"));
    }

    @Test
    void simulationNeedsTheOpsToken() {
        String code = PaymentApi.newPayment(Requests.orderId());
        given().contentType("application/json").body("{\"status\":\"CAPTURED\"}")
                .post("/pg/sandbox/payments/" + code + "/simulate").then().statusCode(401)
                .body("responseCode", equalTo("4010800"));
        given().header("Authorization", "Bearer wrong").contentType("application/json").body("{\"status\":\"CAPTURED\"}")
                .post("/pg/sandbox/payments/" + code + "/simulate").then().statusCode(401)
                .body("responseMessage", equalTo("Unauthorized. Invalid ops token"));
        // A merchant signature is not an ops token.
        PaymentApi.as(SandboxMerchants.DEMO).body("{\"status\":\"CAPTURED\"}")
                .post("/pg/sandbox/payments/" + code + "/simulate").then().statusCode(401);
    }
}

package io.paygate.payment.refund;

import com.fasterxml.jackson.databind.JsonNode;
import io.agroal.api.AgroalDataSource;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.PaymentStatusChanged;
import io.paygate.model.event.Topics;
import io.paygate.model.json.Json;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.support.Db;
import io.paygate.payment.support.Methods;
import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.PaymentEvents;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.payment.support.QrDecoder;
import io.paygate.payment.support.Refunds;
import io.paygate.payment.support.Requests;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Refunds (docs/contract.md §3a) against the sandbox provider, over real HTTP, PostgreSQL and Kafka. */
@QuarkusTest
@PaymentTestResources
class RefundsTest {

    @Inject
    AgroalDataSource dataSource;

    @BeforeAll
    static void topics() {
        KafkaResource.broker().createTopics(Topics.PAYMENT_STATUS);
    }

    @Test
    void aCardPaymentRefundedInTwoPartsIsPartlyThenFullyRefundedAndEachPartIsNotified() {
        String orderId = Requests.orderId();
        String code = Refunds.capturedByCard(orderId);
        Refunds.refund(SandboxMerchants.DEMO, orderId, "RF-" + UUID.randomUUID(), "50000.00").then().statusCode(200)
                .body("responseCode", equalTo("2000000")).body("status", equalTo("SUCCEEDED"))
                .body("amount", equalTo(50000.00f)).body("refundedAmount", equalTo(50000.00f))
                .body("orderId", equalTo(orderId))
                // whole seconds with the offset, as the SNAP refund's refundTime that shows it (docs/contract.md §9)
                .body("createdAt", matchesPattern("^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(Z|[+-]\\d{2}:\\d{2})$"));
        assertEquals("PARTIALLY_REFUNDED", PaymentApi.statusOf(orderId));
        String second = "RF-" + UUID.randomUUID();
        Refunds.refund(SandboxMerchants.DEMO, orderId, second, "100000").then().statusCode(200)
                .body("status", equalTo("SUCCEEDED")).body("refundedAmount", equalTo(150000.00f));
        assertEquals("REFUNDED", PaymentApi.statusOf(orderId));
        Refunds.refund(SandboxMerchants.DEMO, orderId, "RF-" + UUID.randomUUID(), "1").then().statusCode(409)
                .body("responseCode", equalTo("4090900"))
                .body("responseMessage", equalTo("Conflict. the payment is REFUNDED; only a captured payment can be "
                        + "refunded"));

        List<ConsumerRecord<String, String>> records = PaymentEvents.awaitRecords("demo", code, 3,
                Duration.ofSeconds(30));
        assertEquals(3, records.size());
        PaymentStatusChanged partly = EventEnvelope.fromJson(records.get(1).value()).dataAs(PaymentStatusChanged.class);
        assertEquals(PaymentStatus.PARTIALLY_REFUNDED, partly.status());
        assertEquals(0, new BigDecimal("50000").compareTo(partly.refund().amount()));
        assertEquals("SUCCEEDED", partly.refund().status());
        PaymentStatusChanged fully = EventEnvelope.fromJson(records.get(2).value()).dataAs(PaymentStatusChanged.class);
        assertEquals(PaymentStatus.REFUNDED, fully.status());
        assertEquals(second, fully.refund().refundId());
        assertEquals(0, new BigDecimal("150000").compareTo(fully.refund().refundedAmount()));
        assertEquals(second, fully.toNotification().result().refund().refundId());
        Refunds.get(SandboxMerchants.DEMO, second).then().statusCode(200).body("status", equalTo("SUCCEEDED"))
                .body("refundedAmount", equalTo(150000.00f));
    }

    @Test
    void aRefundTheProviderRefusesFailsAndLeavesThePaymentCaptured() {
        String orderId = Requests.orderId();
        String code = Refunds.capturedByCard(orderId);
        String refundId = "RF-" + UUID.randomUUID();
        Refunds.refund(SandboxMerchants.DEMO, orderId, refundId, "1000.13").then().statusCode(200)
                .body("status", equalTo("FAILED")).body("statusDesc", equalTo("Refund refused by the provider"))
                .body("refundedAmount", equalTo(0.0f));
        assertEquals("CAPTURED", PaymentApi.statusOf(orderId));
        List<ConsumerRecord<String, String>> records = PaymentEvents.awaitRecords("demo", code, 2,
                Duration.ofSeconds(30));
        PaymentStatusChanged failed = EventEnvelope.fromJson(records.get(1).value()).dataAs(PaymentStatusChanged.class);
        assertEquals(PaymentStatus.CAPTURED, failed.status());
        assertEquals("FAILED", failed.refund().status());
    }

    @Test
    void theSameRefundIdAnswersTheSameRefundAndAnotherBodyIsAConflict() {
        String orderId = Requests.orderId();
        Refunds.capturedByCard(orderId);
        String refundId = "RF-" + UUID.randomUUID();
        String first = Refunds.refund(SandboxMerchants.DEMO, orderId, refundId, "20000.00").then().statusCode(200)
                .extract().asString();
        String again = Refunds.refund(SandboxMerchants.DEMO, orderId, refundId, "20000.00").then().statusCode(200)
                .extract().asString();
        assertEquals(Json.tree(first), Json.tree(again));
        Refunds.refund(SandboxMerchants.DEMO, orderId, refundId, "30000.00").then().statusCode(409)
                .body("responseMessage", equalTo("Conflict. refundId already used with different content"));
        assertEquals(1, db().count("SELECT count(*) FROM refund WHERE refund_id = ?", refundId));
        assertEquals("20000.00", db().value("SELECT refunded_amount FROM payment WHERE order_id = ?", orderId));
    }

    @Test
    void badRefundsAreRefusedWithTheirCodeAndWriteNothing() {
        String orderId = Requests.orderId();
        Refunds.capturedByCard(orderId);
        refused(orderId, "150000.01", 409, "4090900", "Conflict. the amount exceeds what is left to refund "
                + "(150000.00)");
        refused(orderId, "10.123", 400, "4000901", "Invalid Field Format amount");
        refused(orderId, "0", 400, "4000901", "Invalid Field Format amount");
        refused("NO-SUCH-ORDER", "10", 404, "4040901", "Transaction Not Found");
        Refunds.refund(SandboxMerchants.DEMO2, orderId, "RF-" + UUID.randomUUID(), "10").then().statusCode(404)
                .body("responseCode", equalTo("4040901"));
        Refunds.refund(SandboxMerchants.DEMO, "{\"orderId\":\"" + orderId + "\",\"amount\":\"10\"}").then()
                .statusCode(400).body("responseCode", equalTo("4000902"))
                .body("responseMessage", equalTo("Invalid Mandatory Field refundId"));
        Refunds.refund(SandboxMerchants.DEMO, "{\"orderId\":\"" + orderId + "\",\"refundId\":\"R1\",\"amount\":10}")
                .then().statusCode(400).body("responseCode", equalTo("4000900"));
        assertEquals(0, db().count("SELECT count(*) FROM refund WHERE order_id = ?", orderId));
        Refunds.get(SandboxMerchants.DEMO, "NO-SUCH-REFUND").then().statusCode(404)
                .body("responseCode", equalTo("4040901"));
        given().contentType("application/json").body("{}").post("/pg/payment/card/refund").then().statusCode(401);
    }

    @Test
    void aVirtualAccountPaymentCannotBeRefundedThroughTheProvider() {
        String orderId = Requests.orderId();
        JsonNode reply = Json.tree(PaymentApi.initiate(Methods.preselecting(orderId, "VA_BCA")).then().statusCode(200)
                .extract().asString());
        Methods.vaPay(reply.path("paymentCode").asText(), "150000.00").then().statusCode(200);
        PaymentApi.awaitStatus(orderId, "CAPTURED");
        refused(orderId, "1000", 409, "4090900", "Conflict. VA_BCA payments cannot be refunded through the "
                + "provider");
        refused(Requests.orderId(), "1000", 404, "4040901", "Transaction Not Found");
    }

    @Test
    void aPendingPaymentCannotBeRefunded() {
        String orderId = Requests.orderId();
        PaymentApi.newPayment(orderId);
        refused(orderId, "1000", 409, "4090900", "Conflict. the payment is PENDING; only a captured payment can be "
                + "refunded");
    }

    @Test
    void aQrisPaymentIsRefundedThroughTheProvider() {
        String orderId = Requests.orderId();
        JsonNode reply = Json.tree(PaymentApi.initiate(Methods.preselecting(orderId, "QRIS")).then().statusCode(200)
                .extract().asString());
        String code = reply.path("redirecturl").asText().substring(reply.path("redirecturl").asText()
                .lastIndexOf('/') + 1);
        String payload = QrDecoder.decode(given().get("/pg/pay/" + code + "/qr.png").asByteArray());
        Methods.qrisPay(payload).then().statusCode(200);
        PaymentApi.awaitStatus(orderId, "CAPTURED");
        Refunds.refund(SandboxMerchants.DEMO, orderId, "RF-" + UUID.randomUUID(), "150000.00").then()
                .statusCode(200).body("status", equalTo("SUCCEEDED"));
        assertEquals("REFUNDED", PaymentApi.statusOf(orderId));
    }

    @Test
    void concurrentRefundsNeverExceedTheCapturedAmount() throws Exception {
        String orderId = Requests.orderId();
        Refunds.capturedByCard(orderId);
        ExecutorService pool = Executors.newFixedThreadPool(12);
        try {
            List<Callable<Integer>> calls = new ArrayList<>();
            for (int i = 0; i < 24; i++) {
                calls.add(() -> Refunds.refund(SandboxMerchants.DEMO, orderId, "RF-" + UUID.randomUUID(), "10000.00")
                        .statusCode());
            }
            List<Integer> statuses = new ArrayList<>();
            for (Future<Integer> f : pool.invokeAll(calls)) {
                statuses.add(f.get());
            }
            assertEquals(15, statuses.stream().filter(s -> s == 200).count(), statuses.toString());
            assertEquals(9, statuses.stream().filter(s -> s == 409).count(), statuses.toString());
        } finally {
            pool.shutdownNow();
        }
        assertEquals("150000.00", db().value("SELECT sum(amount) FROM refund WHERE order_id = ? "
                + "AND status = 'SUCCEEDED'", orderId));
        assertEquals("150000.00", db().value("SELECT refunded_amount FROM payment WHERE order_id = ?", orderId));
        assertEquals("REFUNDED", PaymentApi.statusOf(orderId));
    }

    private static void refused(String orderId, String amount, int status, String code, String message) {
        Refunds.refund(SandboxMerchants.DEMO, orderId, "RF-" + UUID.randomUUID(), amount).then().statusCode(status)
                .body("responseCode", equalTo(code)).body("responseMessage", equalTo(message));
    }

    private Db db() {
        return new Db(dataSource);
    }
}

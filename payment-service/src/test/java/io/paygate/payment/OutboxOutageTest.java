package io.paygate.payment;

import io.agroal.api.AgroalDataSource;
import io.paygate.model.event.PaymentStatusChanged;
import io.paygate.model.event.Topics;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.support.Db;
import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.PaymentEvents;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.payment.support.Requests;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.infra.EmbeddedKafkaBroker;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The transactional outbox through a Kafka outage (docs/contract.md §7): with the broker unreachable, initiations and
 * captures still succeed and their events wait in the database; once it is back every event arrives exactly once.
 */
@QuarkusTest
@PaymentTestResources
class OutboxOutageTest {

    @Inject
    AgroalDataSource dataSource;

    @Test
    void paymentsSucceedWhileKafkaIsDownAndEveryEventArrivesOnceAfterwards() {
        EmbeddedKafkaBroker broker = KafkaResource.broker();
        broker.createTopics(Topics.PAYMENT_STATUS);
        Db db = new Db(dataSource);
        String capturedOrder = Requests.orderId();
        String failedOrder = Requests.orderId();
        String captured;
        String failed;
        broker.disconnect();
        try {
            captured = PaymentApi.newPayment(capturedOrder);
            failed = PaymentApi.newPayment(failedOrder);
            PaymentApi.payByCard(captured, "4111111111111111").then().statusCode(303);
            PaymentApi.awaitStatus(capturedOrder, "CAPTURED");
            given().header("Authorization", "Bearer " + SandboxMerchants.OPS_TOKEN).contentType("application/json")
                    .body("{\"status\":\"FAILED\"}").post("/pg/sandbox/payments/" + failed + "/simulate").then()
                    .statusCode(200);
            assertEquals("FAILED", PaymentApi.statusOf(failedOrder));
            assertEquals(2, db.count("SELECT count(*) FROM outbox_event WHERE published_at IS NULL AND msg_key IN (?, ?)",
                    "demo:" + captured, "demo:" + failed), "both events wait in the outbox");
        } finally {
            broker.reconnect();
        }
        List<ConsumerRecord<String, String>> capturedEvents =
                PaymentEvents.awaitRecords("demo", captured, 1, Duration.ofSeconds(60));
        List<ConsumerRecord<String, String>> failedEvents =
                PaymentEvents.awaitRecords("demo", failed, 1, Duration.ofSeconds(60));
        assertEquals(1, capturedEvents.size(), "exactly one event for the capture");
        assertEquals(1, failedEvents.size(), "exactly one event for the failure");
        assertEquals(PaymentStatus.CAPTURED, io.paygate.model.event.EventEnvelope.fromJson(capturedEvents.get(0).value())
                .dataAs(PaymentStatusChanged.class).status());
        assertEquals(PaymentStatus.FAILED, io.paygate.model.event.EventEnvelope.fromJson(failedEvents.get(0).value())
                .dataAs(PaymentStatusChanged.class).status());
        assertEquals(0, db.count("SELECT count(*) FROM outbox_event WHERE published_at IS NULL AND msg_key IN (?, ?)",
                "demo:" + captured, "demo:" + failed), "both marked published");
    }
}

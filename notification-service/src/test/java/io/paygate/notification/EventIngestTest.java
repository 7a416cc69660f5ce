package io.paygate.notification;

import io.agroal.api.AgroalDataSource;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.EventTypes;
import io.paygate.model.event.Topics;
import io.paygate.model.status.DisbursementStatus;
import io.paygate.notification.support.Events;
import io.paygate.notification.support.MerchantApi;
import io.paygate.notification.support.NotificationDb;
import io.paygate.notification.support.NotificationTestResources;
import io.paygate.notification.support.NotificationTopicsResource;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.paygate.testsupport.sink.MerchantSink;
import io.paygate.testsupport.sink.MerchantSink.Reply;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static io.paygate.testsupport.SandboxMerchants.DEMO;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Consuming events (docs/contract.md §7): idempotent by eventId, latest state wins, poison to the dead-letter topic. */
@QuarkusTest
@NotificationTestResources
class EventIngestTest {

    private static final Duration WAIT = Duration.ofSeconds(20);

    @Inject
    AgroalDataSource dataSource;

    MerchantSink sink;
    NotificationDb db;

    @BeforeEach
    void start() {
        sink = MerchantSink.start();
        db = new NotificationDb(dataSource);
        MerchantApi.registerCallbacks(DEMO, sink.url("/disbursements"), sink.url("/bindings"));
    }

    @AfterEach
    void stop() {
        sink.close();
    }

    @Test
    void duplicateEventsMakeOneNotificationAndOneDelivery() throws Exception {
        EventEnvelope event = Events.payment(DEMO.id(), Events.id("PC"), sink.url("/callback"));
        Events.send(event);
        Events.send(event);
        Events.send(event);
        sink.awaitReceived(1, WAIT);
        await().atMost(WAIT).until(() -> "DELIVERED".equals(db.byEvent(event.eventId()).orElseThrow().status()));
        await().during(Duration.ofMillis(1500)).atMost(Duration.ofSeconds(3)).until(() -> sink.received().size() == 1);
        assertEquals(1, db.count("SELECT count(*) FROM notification WHERE event_id = ?", event.eventId()));
    }

    @Test
    void olderEventArrivingAfterANewerOneIsNotSent() throws Exception {
        String ref = Events.id("DB");
        EventEnvelope newer = Events.disbursement(DEMO.id(), 2, ref, DisbursementStatus.SUCCESS);
        EventEnvelope older = Events.disbursement(DEMO.id(), 1, ref, DisbursementStatus.PAYING);
        Events.send(newer);
        sink.awaitReceived(1, WAIT);
        Events.send(older);

        await().atMost(WAIT).until(() -> db.byEvent(older.eventId()).isPresent());
        NotificationDb.Row row = db.byEvent(older.eventId()).orElseThrow();
        assertEquals("OBSOLETE", row.status());
        assertEquals("superseded by a newer event (sequence 2)", row.lastError());
        await().during(Duration.ofMillis(1500)).atMost(Duration.ofSeconds(3)).until(() -> sink.received().size() == 1);
        assertTrue(sink.received().get(0).body().contains("\"latestTransactionStatus\":\"00\""));
        MerchantApi.as(DEMO).post("/pg/notifications/" + row.id() + "/redeliver").then().statusCode(409)
                .body("responseCode", equalTo("4090700"));
    }

    @Test
    void olderAndNewerEventsArrivingTogetherSendOnlyTheNewer() throws Exception {
        String ref = Events.id("DB");
        EventEnvelope paying = Events.disbursement(DEMO.id(), 1, ref, DisbursementStatus.PAYING);
        EventEnvelope success = Events.disbursement(DEMO.id(), 2, ref, DisbursementStatus.SUCCESS);
        EventEnvelope refunded = Events.disbursement(DEMO.id(), 3, ref, DisbursementStatus.REFUNDED);
        Events.send(success);
        Events.send(refunded);
        Events.send(paying);
        await().atMost(WAIT).until(() -> "DELIVERED".equals(db.byEvent(refunded.eventId()).map(NotificationDb.Row::status)
                .orElse(null)));
        await().atMost(WAIT).until(() -> db.byEvent(paying.eventId()).isPresent());
        assertEquals("OBSOLETE", db.byEvent(paying.eventId()).orElseThrow().status());
        await().during(Duration.ofMillis(1500)).atMost(Duration.ofSeconds(3))
                .until(() -> sink.received().stream().noneMatch(r -> r.body().contains("\"latestTransactionStatus\":\"02\"")));
        assertTrue(sink.received().stream().anyMatch(r -> r.body().contains("\"latestTransactionStatus\":\"04\"")));
        assertTrue(sink.received().stream().allMatch(r -> r.body().contains("\"latestTransactionStatus\":\"04\"")
                        || r.body().contains("\"latestTransactionStatus\":\"00\"")),
                "never the older 02; 00 only if it was already on its way when 04 arrived");
    }

    @Test
    void newerEventMakesAnUndeliveredOlderOneObsolete() throws Exception {
        String ref = Events.id("DB");
        sink.enqueue(Reply.status(503, "{}").withHeader("Retry-After", "30"));
        EventEnvelope first = Events.disbursement(DEMO.id(), 1, ref, DisbursementStatus.PAYING);
        Events.send(first);
        sink.awaitReceived(1, WAIT);
        await().atMost(WAIT).until(() -> db.byEvent(first.eventId()).orElseThrow().attempts() == 1);

        EventEnvelope second = Events.disbursement(DEMO.id(), 2, ref, DisbursementStatus.SUCCESS);
        Events.send(second);
        List<MerchantSink.Received> received = sink.awaitReceived(2, WAIT);
        assertTrue(received.get(1).body().contains("\"latestTransactionStatus\":\"00\""));
        await().atMost(WAIT).until(() -> "OBSOLETE".equals(db.byEvent(first.eventId()).orElseThrow().status()));
        assertEquals(null, db.byEvent(first.eventId()).orElseThrow().nextAttemptAt(), "no further attempt scheduled");
        await().atMost(WAIT).until(() -> "DELIVERED".equals(db.byEvent(second.eventId()).orElseThrow().status()));
    }

    @Test
    void poisonRecordsGoToTheDeadLetterTopicWithTheReasonAndTheConsumerCarriesOn() throws Exception {
        String unique = UUID.randomUUID().toString();
        // signed, so it gets past the signature check (which needs only a top-level eventId and sequence)
        Events.sendRaw(Topics.PAYMENT_STATUS, "garbage-" + unique, "{\"eventId\":\"not-a-uuid\",\"sequence\":1}");
        EventEnvelope foreignType = Events.payment(DEMO.id(), Events.id("PC"), sink.url("/callback"));
        Events.sendRaw(Topics.PAYMENT_STATUS, "type-" + unique, foreignType.toJson()
                .replace(EventTypes.PAYMENT_STATUS_CHANGED, "PaymentRefunded"));
        EventEnvelope unknownMerchant = Events.payment("nobody", Events.id("PC"), sink.url("/callback"));
        Events.sendRaw(Topics.PAYMENT_STATUS, "merchant-" + unique, unknownMerchant.toJson());
        EventEnvelope good = Events.payment(DEMO.id(), Events.id("PC"), sink.url("/callback"));
        Events.send(good);

        sink.awaitReceived(1, WAIT);
        await().atMost(WAIT).until(() -> "DELIVERED".equals(db.byEvent(good.eventId()).orElseThrow().status()));
        Map<String, String> reasons = deadLetterReasons(unique, 3);
        assertEquals("unparseable: not an event envelope", reasons.get("garbage-" + unique));
        assertEquals("unknown event type 'PaymentRefunded' on payment-status", reasons.get("type-" + unique));
        assertEquals("unknown merchant 'nobody'", reasons.get("merchant-" + unique));
        assertEquals(0, db.count("SELECT count(*) FROM notification WHERE event_id IN (?, ?)",
                foreignType.eventId(), unknownMerchant.eventId()));
    }

    private static Map<String, String> deadLetterReasons(String unique, int expected) {
        Map<String, String> reasons = new HashMap<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, KafkaResource.broker().bootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG, "dlq-reader-" + unique,
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest"),
                new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(List.of(NotificationTopicsResource.DEAD_LETTER_TOPIC));
            await().atMost(WAIT).until(() -> {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(200))) {
                    if (record.key() != null && record.key().endsWith(unique)) {
                        reasons.put(record.key(), new String(record.headers().lastHeader("dead-letter-reason").value(),
                                StandardCharsets.UTF_8));
                        assertEquals("payment-status", new String(
                                record.headers().lastHeader("dead-letter-topic").value(), StandardCharsets.UTF_8));
                    }
                }
                return reasons.size() >= expected;
            });
        }
        return reasons;
    }
}

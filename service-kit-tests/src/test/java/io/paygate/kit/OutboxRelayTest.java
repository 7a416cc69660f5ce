package io.paygate.kit;

import io.agroal.api.AgroalDataSource;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.EventSignatureException;
import io.paygate.model.event.EventSigner;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.kafka.SignedEvents;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.paygate.testsupport.quarkus.PostgresResource;
import io.paygate.testsupport.quarkus.SandboxConfigResource;
import io.paygate.testsupport.rest.MerchantSigningFilter;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

@QuarkusTest
@WithTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "kit"))
@WithTestResource(KafkaResource.class)
@WithTestResource(SandboxConfigResource.class)
class OutboxRelayTest {

    @Inject
    AgroalDataSource dataSource;

    @Test
    void committedEventsReachKafkaOnceAndRolledBackOnesNever() throws Exception {
        String kept = "res-" + UUID.randomUUID();
        String dropped = "res-" + UUID.randomUUID();
        String eventId = given().filter(MerchantSigningFilter.as(SandboxMerchants.DEMO)).contentType("application/json")
                .body("{\"resourceId\":\"" + kept + "\",\"failAfterWrite\":false}").post("/pg/kit/events")
                .then().statusCode(200).extract().path("eventId");
        given().filter(MerchantSigningFilter.as(SandboxMerchants.DEMO)).contentType("application/json")
                .body("{\"resourceId\":\"" + dropped + "\",\"failAfterWrite\":true}").post("/pg/kit/events")
                .then().statusCode(500);

        List<ConsumerRecord<String, String>> records = readTopic("kit-test", Duration.ofSeconds(20), 1);
        List<ConsumerRecord<String, String>> mine = records.stream()
                .filter(r -> r.key().endsWith(kept) || r.key().endsWith(dropped)).toList();
        assertEquals(1, mine.size(), "exactly the committed event");
        assertEquals("demo:" + kept, mine.get(0).key());
        EventEnvelope envelope = EventEnvelope.fromJson(mine.get(0).value());
        assertEquals(UUID.fromString(eventId), envelope.eventId());
        assertEquals(kept, envelope.resourceId());

        try (Connection c = dataSource.getConnection();
             PreparedStatement s = c.prepareStatement(
                     "SELECT published_at, (SELECT count(*) FROM outbox_event WHERE msg_key = ?) FROM outbox_event WHERE id = ?")) {
            s.setString(1, "demo:" + dropped);
            s.setObject(2, UUID.fromString(eventId));
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                assertNotNull(rs.getTimestamp(1), "marked published");
                assertEquals(0, rs.getInt(2), "the rolled back event was never written");
            }
        }
    }

    @Test
    void publishedEventsCarryAProducerSignatureOverEventIdSequenceAndTheExactValue() {
        String resourceId = "signed-" + UUID.randomUUID();
        String eventId = given().filter(MerchantSigningFilter.as(SandboxMerchants.DEMO)).contentType("application/json")
                .body("{\"resourceId\":\"" + resourceId + "\",\"failAfterWrite\":false,\"sequence\":7}")
                .post("/pg/kit/events").then().statusCode(200).extract().path("eventId");

        ConsumerRecord<String, String> record = readTopic("kit-test", Duration.ofSeconds(20), 1).stream()
                .filter(r -> r.key().endsWith(resourceId)).findFirst().orElseThrow();
        Header header = record.headers().lastHeader(EventSigner.HEADER);
        assertNotNull(header, "paygate-signature header");
        String signature = new String(header.value(), StandardCharsets.US_ASCII);
        byte[] value = record.value().getBytes(StandardCharsets.UTF_8);
        assertDoesNotThrow(() -> SignedEvents.signer().verify(signature, eventId, 7, value));
        assertDoesNotThrow(() -> SignedEvents.verify(header, value));
        assertEquals(SignedEvents.signer().sign(eventId, 7, value), signature, "one v1 entry: no previous key set");
        assertThrows(EventSignatureException.class, () -> SignedEvents.signer().verify(signature, eventId, 8, value));
        assertThrows(EventSignatureException.class,
                () -> EventSigner.of("another-key-of-at-least-thirty-two-bytes").verify(signature, value));
    }

    @Test
    void readinessAndMetricsReportTheBacklogWithoutFailingOnIt() throws Exception {
        monitor.refresh();
        given().get("/q/health/ready").then().statusCode(200)
                .body("checks.find { it.name == 'Outbox' }.status", org.hamcrest.Matchers.equalTo("UP"))
                .body("checks.find { it.name == 'Outbox' }.data.relay", org.hamcrest.Matchers.equalTo("leading"))
                .body("checks.find { it.name == 'Outbox' }.data.unpublished", org.hamcrest.Matchers.greaterThanOrEqualTo(0));
        given().get("/q/metrics").then().statusCode(200)
                .body(org.hamcrest.Matchers.containsString("paygate_outbox_unpublished"))
                .body(org.hamcrest.Matchers.containsString("paygate_outbox_lag_seconds"));
    }

    @Inject
    @org.eclipse.microprofile.health.Readiness
    io.paygate.kit.outbox.OutboxMonitor monitor;

    static List<ConsumerRecord<String, String>> readTopic(String topic, Duration timeout, int atLeast) {
        List<ConsumerRecord<String, String>> records = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, KafkaResource.broker().bootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG, "reader-" + UUID.randomUUID(),
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest"), new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(List.of(topic));
            long deadline = System.nanoTime() + timeout.toNanos();
            // Keep reading a little after the first records so a duplicate would show up.
            long quietUntil = Long.MAX_VALUE;
            while (System.nanoTime() < Math.min(deadline, quietUntil)) {
                consumer.poll(Duration.ofMillis(300)).forEach(records::add);
                if (records.size() >= atLeast && quietUntil == Long.MAX_VALUE) {
                    quietUntil = System.nanoTime() + Duration.ofSeconds(2).toNanos();
                }
            }
        }
        return records;
    }
}

package io.paygate.kit.outbox;

import io.agroal.api.AgroalDataSource;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.paygate.kit.kafka.KafkaClientConfig;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.EventSigner;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.paygate.testsupport.quarkus.PostgresResource;
import io.paygate.testsupport.quarkus.SandboxConfigResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.eclipse.microprofile.health.Readiness;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One event that cannot be published (larger than its topic's {@code max.message.bytes}) is retried
 * {@code max-attempts} times and parked with its error, counted and listed for operators, and the later events of its
 * resource are held behind it, while every other resource's events keep flowing. A broker outage parks nothing.
 */
@QuarkusTest
@WithTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "kit_relays"))
@WithTestResource(KafkaResource.class)
@WithTestResource(SandboxConfigResource.class)
class OutboxParkingTest {

    private static final int MAX_ATTEMPTS = 3;
    private static final String OPS = "Bearer " + SandboxMerchants.OPS_TOKEN;

    @Inject
    AgroalDataSource dataSource;
    @Inject
    KafkaClientConfig kafka;
    @Inject
    EventSigner signer;
    @Inject
    MeterRegistry registry;
    @Inject
    OutboxRelay appRelay;
    @Inject
    @Readiness
    OutboxMonitor monitor;

    RelayHarness relays;
    Counter parked;

    @BeforeEach
    void harness() throws InterruptedException {
        parked = OutboxRelay.parkedCounter(registry);
        relays = new RelayHarness(appRelay, dataSource, kafka, signer, parked);
    }

    @AfterEach
    void stopRelays() throws InterruptedException {
        relays.close();
    }

    @Test
    void aPoisonedEventIsParkedWithItsErrorAndHoldsItsResourceWhileOthersFlow() throws Exception {
        String topic = "small-" + UUID.randomUUID();
        RelayHarness.createTopic(topic, Map.of("max.message.bytes", "4000"));
        double parkedBefore = parked.count();
        relays.start(2, RelayHarness.settings(50, MAX_ATTEMPTS, Duration.ofMillis(100)));

        UUID poisoned = relays.insert(topic, "poisoned", 1, "x".repeat(20_000));
        UUID heldBehind = relays.insert(topic, "poisoned", 2, "");
        UUID fine = relays.insert(topic, "fine", 1, "");
        UUID fineLater = relays.insert(topic, "fine", 2, "");

        List<ConsumerRecord<String, String>> records = RelayHarness.read(topic, Duration.ofSeconds(20),
                read -> OrderedRelayTest.firstCopies(read).getOrDefault("fine", List.of()).size() == 2);
        assertEquals(List.of(1L, 2L), OrderedRelayTest.firstCopies(records).get("fine"), "the other resource flows");
        awaitParked(poisoned, Duration.ofSeconds(20));

        Row row = row(poisoned);
        assertEquals(MAX_ATTEMPTS, row.attempts, "parked after max-attempts tries");
        assertTrue(row.lastError.startsWith("RecordTooLargeException"), row.lastError);
        Row held = row(heldBehind);
        assertNotNull(held.parkedAt, "the resource's later event is held, not sent past the parked one");
        assertEquals("held behind parked event " + poisoned, held.lastError);
        assertEquals(0, held.attempts);
        assertNotNull(row(fine).publishedAt);
        assertNotNull(row(fineLater).publishedAt);
        assertEquals(parkedBefore + 2, parked.count(), "paygate_outbox_parked_total counts both");

        // An event of the resource written after the parking is held too, when the relay meets it.
        UUID later = relays.insert(topic, "poisoned", 3, "");
        awaitParked(later, Duration.ofSeconds(10));
        assertEquals("held behind parked event " + poisoned, row(later).lastError);

        monitor.refresh();
        // The gauge is checked through the readiness data it shares its value with: a test JVM that ran another
        // application first keeps that one's gauges in Micrometer's global registry, so the scrape may show those.
        given().get("/q/metrics").then().statusCode(200).body(containsString("paygate_outbox_parked_total"));
        given().get("/q/health/ready").then()
                .body("checks.find { it.name == 'Outbox' }.data.parked", org.hamcrest.Matchers.equalTo(3));
        JsonPath listing = given().header("Authorization", OPS).get("/pg/ops/outbox/parked")
                .then().statusCode(200).extract().jsonPath();
        assertEquals("2000000", listing.getString("responseCode"));
        assertEquals(List.of(poisoned.toString(), heldBehind.toString(), later.toString()),
                listing.getList("parked.id"));
        assertTrue(listing.getString("parked[0].lastError").startsWith("RecordTooLargeException"));
        assertEquals("demo:poisoned", listing.getString("parked[0].key"));
        assertEquals(MAX_ATTEMPTS, listing.getInt("parked[0].attempts"));
        assertFalse(listing.prettify().contains("xxxxxxxx"), "the listing shows no payload");
        given().get("/pg/ops/outbox/parked").then().statusCode(401);
        given().header("Authorization", "Bearer wrong").post("/pg/ops/outbox/parked/" + poisoned + "/retry")
                .then().statusCode(401);
        given().header("Authorization", OPS).post("/pg/ops/outbox/parked/" + heldBehind + "/retry")
                .then().statusCode(409);
        given().header("Authorization", OPS).post("/pg/ops/outbox/parked/" + UUID.randomUUID() + "/retry")
                .then().statusCode(404);
        given().header("Authorization", OPS).post("/pg/ops/outbox/parked/not-a-uuid/retry").then().statusCode(404);

        // The operator fixes the cause (the topic takes larger records now) and retries: the three go, in order.
        RelayHarness.alterTopic(topic, "max.message.bytes", "1048576");
        JsonPath retried = given().header("Authorization", OPS).post("/pg/ops/outbox/parked/" + poisoned + "/retry")
                .then().statusCode(200).extract().jsonPath();
        assertEquals(List.of(poisoned.toString(), heldBehind.toString(), later.toString()), retried.getList("requeued"));
        records = RelayHarness.read(topic, Duration.ofSeconds(20),
                read -> OrderedRelayTest.firstCopies(read).getOrDefault("poisoned", List.of()).size() == 3);
        assertEquals(List.of(1L, 2L, 3L), OrderedRelayTest.firstCopies(records).get("poisoned"));
        assertNull(row(poisoned).parkedAt);
        given().header("Authorization", OPS).get("/pg/ops/outbox/parked").then().statusCode(200)
                .body("parked.size()", org.hamcrest.Matchers.equalTo(0));
    }

    @Test
    void aBrokerOutageParksNothingAndEveryEventArrivesAfterwards() throws Exception {
        String topic = "outage-" + UUID.randomUUID();
        RelayHarness.createTopic(topic, Map.of());
        relays.start(2, RelayHarness.settings(50, MAX_ATTEMPTS, Duration.ofMillis(50)));
        relays.awaitLeader(Duration.ofSeconds(10));
        double parkedBefore = parked.count();
        KafkaResource.broker().disconnect();
        List<UUID> written;
        try {
            written = List.of(relays.insert(topic, "a", 1, ""), relays.insert(topic, "a", 2, ""),
                    relays.insert(topic, "b", 1, ""));
            // Long enough for several failed rounds (publish timeout 10 s, delivery timeout at least 7 s).
            Thread.sleep(16_000);
            for (UUID id : written) {
                Row row = row(id);
                assertNull(row.parkedAt, "an outage parks nothing");
                assertNull(row.publishedAt);
                assertEquals(0, row.attempts, "an outage counts no attempt against the event");
            }
        } finally {
            KafkaResource.broker().reconnect();
        }
        List<ConsumerRecord<String, String>> records = RelayHarness.read(topic, Duration.ofSeconds(60),
                read -> OrderedRelayTest.firstCopies(read).values().stream().mapToInt(List::size).sum() == 3);
        Map<String, List<Long>> arrived = OrderedRelayTest.firstCopies(records);
        assertEquals(List.of(1L, 2L), arrived.get("a"));
        assertEquals(List.of(1L), arrived.get("b"));
        assertEquals(parkedBefore, parked.count());
        for (UUID id : written) {
            assertNotNull(row(id).publishedAt);
        }
        assertTrue(records.stream().allMatch(r -> EventEnvelope.fromJson(r.value()).resourceId().length() == 1));
    }

    private void awaitParked(UUID id, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (row(id).parkedAt == null) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("event " + id + " not parked within " + timeout + ": " + row(id));
            }
            Thread.sleep(100);
        }
    }

    private record Row(int attempts, String lastError, java.sql.Timestamp parkedAt, java.sql.Timestamp publishedAt) {
    }

    private Row row(UUID id) throws Exception {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(
                "SELECT publish_attempts, last_error, parked_at, published_at FROM outbox_event WHERE id = ?")) {
            s.setObject(1, id);
            try (ResultSet rs = s.executeQuery()) {
                assertTrue(rs.next(), "event " + id + " exists");
                return new Row(rs.getInt(1), rs.getString(2), rs.getTimestamp(3), rs.getTimestamp(4));
            }
        }
    }
}

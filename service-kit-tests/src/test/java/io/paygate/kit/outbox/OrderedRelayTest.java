package io.paygate.kit.outbox;

import io.agroal.api.AgroalDataSource;
import io.micrometer.core.instrument.MeterRegistry;
import io.paygate.kit.kafka.KafkaClientConfig;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.EventSigner;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.paygate.testsupport.quarkus.PostgresResource;
import io.paygate.testsupport.quarkus.SandboxConfigResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/contract.md §7 "with any number of replicas, a resource's events are published in the order its state changed":
 * three relays (three replicas' worth: own sessions, own producers) against one database and one broker.
 */
@QuarkusTest
@WithTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "kit_relays"))
@WithTestResource(KafkaResource.class)
@WithTestResource(SandboxConfigResource.class)
class OrderedRelayTest {

    private static final int RESOURCES = 120;
    private static final int EVENTS_EACH = 6;
    private static final int WRITERS = 6;

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

    RelayHarness relays;

    @BeforeEach
    void harness() throws InterruptedException {
        relays = new RelayHarness(appRelay, dataSource, kafka, signer, OutboxRelay.parkedCounter(registry));
    }

    @AfterEach
    void stopRelays() throws InterruptedException {
        relays.close();
    }

    @Test
    void eachResourcesEventsArriveInCommitOrderWhateverTheNumberOfRelays() throws Exception {
        String topic = "ordered-" + UUID.randomUUID();
        RelayHarness.createTopic(topic, Map.of());
        relays.start(3, RelayHarness.settings(7, 10, Duration.ofMillis(50)));

        // Six writers, each owning a share of the resources, commit the resources' events one transaction each:
        // a resource's events one after the other (as the services' row locks make them), resources interleaved.
        ExecutorService writers = Executors.newFixedThreadPool(WRITERS);
        List<Future<?>> done = new ArrayList<>();
        for (int w = 0; w < WRITERS; w++) {
            int writer = w;
            done.add(writers.submit(() -> {
                List<String> mine = new ArrayList<>();
                for (int r = writer; r < RESOURCES; r += WRITERS) {
                    mine.add(topic + "-r" + r);
                }
                for (long sequence = 1; sequence <= EVENTS_EACH; sequence++) {
                    Collections.shuffle(mine);
                    for (String resource : mine) {
                        relays.insert(topic, resource, sequence, "");
                    }
                }
                return null;
            }));
        }
        for (Future<?> f : done) {
            f.get();
        }
        writers.shutdown();

        int expected = RESOURCES * EVENTS_EACH;
        List<ConsumerRecord<String, String>> records = RelayHarness.read(topic, Duration.ofSeconds(60),
                read -> distinctEvents(read) >= expected);
        Map<String, List<Long>> sequences = firstCopies(records);
        assertEquals(RESOURCES, sequences.size(), "every resource's events arrived");
        List<Long> inOrder = List.of(1L, 2L, 3L, 4L, 5L, 6L);
        List<String> disordered = sequences.entrySet().stream().filter(e -> !e.getValue().equals(inOrder))
                .map(e -> e.getKey() + " " + e.getValue()).toList();
        assertEquals(List.of(), disordered, "each resource's events in commit order");
    }

    @Test
    void whenTheLeaderGoesAnotherRelayPublishesWithinSeconds() throws Exception {
        String topic = "failover-" + UUID.randomUUID();
        RelayHarness.createTopic(topic, Map.of());
        relays.start(3, RelayHarness.settings(50, 10, Duration.ofMillis(50)));
        RelayWorker first = relays.awaitLeader(Duration.ofSeconds(10));
        relays.insert(topic, "before", 1, "");
        awaitResources(topic, Set.of("before"));

        // The leader stops (a replica scaled down, a rolling update): its session closes, another takes over.
        first.stop();
        long stopped = System.nanoTime();
        relays.insert(topic, "after-stop", 1, "");
        awaitResources(topic, Set.of("before", "after-stop"));
        long tookOverMs = (System.nanoTime() - stopped) / 1_000_000;
        RelayWorker second = relays.awaitLeader(Duration.ofSeconds(5));
        assertNotSame(first, second, "another replica leads");
        assertTrue(tookOverMs < 10_000, "published " + tookOverMs + " ms after the leader stopped");

        // The leader's session dies under it (the database restarted, the connection was cut): leadership is
        // contested again and publishing resumes.
        int terminated = terminateLeaderSession();
        assertEquals(1, terminated, "exactly one session holds the outbox lock");
        long killed = System.nanoTime();
        relays.insert(topic, "after-kill", 1, "");
        awaitResources(topic, Set.of("before", "after-stop", "after-kill"));
        long resumedMs = (System.nanoTime() - killed) / 1_000_000;
        relays.awaitLeader(Duration.ofSeconds(5));
        assertTrue(resumedMs < 10_000, "published " + resumedMs + " ms after the leader's session died");
        System.out.printf("outbox failover: stopped leader -> published in %d ms; killed session -> %d ms%n",
                tookOverMs, resumedMs);
    }

    private void awaitResources(String topic, Set<String> resources) {
        List<ConsumerRecord<String, String>> records = RelayHarness.read(topic, Duration.ofSeconds(20),
                read -> firstCopies(read).keySet().containsAll(resources));
        assertEquals(resources, firstCopies(records).keySet());
    }

    private int terminateLeaderSession() throws Exception {
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT count(pg_terminate_backend(pid)) FROM pg_locks WHERE locktype = "
                     + "'advisory' AND granted AND classid = " + OutboxLeadership.CLASS_ID
                     + " AND objid = 'outbox_event'::regclass::oid")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    private static long distinctEvents(List<ConsumerRecord<String, String>> records) {
        return records.stream().map(r -> EventEnvelope.fromJson(r.value()).eventId()).distinct().count();
    }

    /** Per resource, the sequences in the order they arrived, a copy re-sent during a hand-over dropped by eventId. */
    static Map<String, List<Long>> firstCopies(List<ConsumerRecord<String, String>> records) {
        Set<UUID> seen = new HashSet<>();
        Map<String, List<Long>> byResource = new LinkedHashMap<>();
        for (ConsumerRecord<String, String> record : records) {
            EventEnvelope event = EventEnvelope.fromJson(record.value());
            if (seen.add(event.eventId())) {
                byResource.computeIfAbsent(event.resourceId(), k -> new ArrayList<>()).add(event.sequence());
            }
        }
        return byResource;
    }
}

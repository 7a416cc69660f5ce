package io.paygate.kit.outbox;

import io.agroal.api.AgroalDataSource;
import io.micrometer.core.instrument.MeterRegistry;
import io.paygate.kit.kafka.KafkaClientConfig;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.EventSigner;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.paygate.testsupport.quarkus.PostgresResource;
import io.paygate.testsupport.quarkus.SandboxConfigResource;
import io.quarkus.narayana.jta.QuarkusTransaction;
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
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A commit on a replica that does not lead wakes the leader on another one (issue 17): no trigger NOTIFYs in the
 * writer's transaction any more; the committing replica's {@link CommitNotifier} does, after the commit. The leader
 * here polls once a minute, so an event that arrives within the await came by the NOTIFY.
 */
@QuarkusTest
@WithTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "kit_wake"))
@WithTestResource(KafkaResource.class)
@WithTestResource(SandboxConfigResource.class)
class CommitWakeTest {

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
    Outbox outbox;

    RelayHarness relays;

    @BeforeEach
    void harness() throws InterruptedException {
        relays = new RelayHarness(appRelay, dataSource, kafka, signer, OutboxRelay.parkedCounter(registry));
    }

    @AfterEach
    void stopRelays() throws InterruptedException {
        relays.close();
        if (!appRelay.isRunning()) {
            appRelay.start(null);
        }
    }

    /**
     * Issue 36: the relay's producer is made on the relay's own thread, so a service's start-up (the StartupEvent
     * observers) does not wait the few hundred milliseconds a KafkaProducer takes to build; the relay leads and
     * publishes once it has it, and a relay stopped before that exits without one.
     */
    @Test
    void theRelaysProducerIsMadeOnTheRelaysOwnThreadAfterStartReturned() throws Exception {
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.atomic.AtomicReference<String> madeOn = new java.util.concurrent.atomic.AtomicReference<>();
        RelaySettings settings = RelayHarness.settings(10, 3, Duration.ofMillis(100));
        RelayWorker worker = new RelayWorker("slow-producer-relay", OutboxRelay.directConnections(dataSource), () -> {
            madeOn.set(Thread.currentThread().getName());
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return OutboxRelay.newProducer(kafka, settings.publishTimeout());
        }, signer, settings, OutboxRelay.parkedCounter(registry));
        worker.start(); // returns although the producer is not made yet
        try {
            assertTrue(worker.producer().isEmpty(), "start did not wait for the producer");
            assertFalse(worker.isLeading(), "no rounds without a producer");
            release.countDown();
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (!worker.isLeading() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertTrue(worker.isLeading(), "it leads once it has its producer");
            assertEquals("slow-producer-relay", madeOn.get());
            assertTrue(worker.producer().isPresent());
        } finally {
            release.countDown();
            worker.stop();
            worker.producer().ifPresent(p -> p.close(Duration.ofSeconds(5)));
        }

        java.util.concurrent.CountDownLatch never = new java.util.concurrent.CountDownLatch(1);
        RelayWorker stoppedEarly = new RelayWorker("stopped-early-relay", OutboxRelay.directConnections(dataSource),
                () -> {
                    try {
                        never.await(200, java.util.concurrent.TimeUnit.MILLISECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    throw new IllegalStateException("no broker configuration");
                }, signer, settings, OutboxRelay.parkedCounter(registry));
        stoppedEarly.start();
        stoppedEarly.stop();
        assertFalse(stoppedEarly.isLeading());
        assertTrue(stoppedEarly.producer().isEmpty());
    }

    @Test
    void theOutboxTableHasNoTriggerLeft() throws Exception {
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_trigger WHERE tgrelid = 'outbox_event'::regclass "
                     + "AND NOT tgisinternal")) {
            rs.next();
            assertEquals(0, rs.getInt(1), "writers' transactions must not NOTIFY (issue 17)");
        }
    }

    @Test
    void aCommitThroughANonLeadingReplicasOutboxIsPublishedByTheLeaderPromptly() throws Exception {
        String topic = "wake-" + UUID.randomUUID();
        RelayHarness.createTopic(topic, Map.of());
        relays.start(1, new RelaySettings(100, Duration.ofSeconds(60), Duration.ofSeconds(10), 5,
                Duration.ofMillis(200), Duration.ofMillis(300)));
        relays.awaitLeader(Duration.ofSeconds(20));
        appRelay.start(null); // the application's relay, now on the replica that does not lead
        Thread.sleep(1_000); // its first leadership check has failed, the leader waits on its LISTEN socket
        assertFalse(appRelay.isLeading(), "the harness's relay leads");
        long notifiesBefore = appRelay.notifiesSent();

        Set<UUID> ids = new java.util.HashSet<>();
        for (int i = 0; i < 3; i++) {
            EventEnvelope event = EventEnvelope.of("KitTestEvent", "demo", "r-" + i, 1,
                    Map.of("resourceId", "r-" + i), Clock.systemUTC());
            ids.add(event.eventId());
            QuarkusTransaction.requiringNew().run(() -> outbox.enqueue(topic, event));
        }

        List<ConsumerRecord<String, String>> read = RelayHarness.read(topic, Duration.ofSeconds(20),
                records -> eventIds(records).containsAll(ids));
        assertEquals(ids, eventIds(read), "published by the leader well before its one-minute poll");
        assertTrue(appRelay.notifiesSent() > notifiesBefore, "the non-leading replica sent a NOTIFY");
    }

    private static Set<UUID> eventIds(List<ConsumerRecord<String, String>> records) {
        return records.stream().map(r -> EventEnvelope.fromJson(r.value()).eventId()).collect(Collectors.toSet());
    }
}

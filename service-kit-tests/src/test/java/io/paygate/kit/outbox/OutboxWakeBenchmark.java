package io.paygate.kit.outbox;

import io.agroal.api.AgroalDataSource;
import io.micrometer.core.instrument.MeterRegistry;
import io.paygate.model.event.EventSigner;
import io.paygate.kit.kafka.KafkaClientConfig;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.paygate.testsupport.quarkus.PostgresResource;
import io.paygate.testsupport.quarkus.SandboxConfigResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Not a test: issue 17's commit → produced delay of the outbox relay. Two relays (two replicas' worth) against one
 * database and broker, the poll interval 200 ms; events are committed one per transaction straight through the data
 * source and then announced as {@link Outbox} does on the replica that does not lead (its {@link CommitNotifier}'s
 * coalesced NOTIFY reaches the leader), {@code bench.outbox.rate} per second. Per event: commit
 * returned → the relay's producer stamped the record (its CreateTime, ms) and → a plain consumer polled it. A relay
 * woken by the poll alone would give delays spread evenly over 0–200 ms. Run on demand:
 * {@code ./mvnw -B -o verify -pl service-kit -am -Dtest=OutboxWakeBenchmark -Dsurefire.failIfNoSpecifiedTests=false -DskipITs}.
 */
@QuarkusTest
@WithTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "kit_relays"))
@WithTestResource(KafkaResource.class)
@WithTestResource(SandboxConfigResource.class)
class OutboxWakeBenchmark {

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

    @Test
    void measure() throws Exception {
        int rate = Integer.getInteger("bench.outbox.rate", 100);
        int events = Integer.getInteger("bench.outbox.events", 1_500);
        String topic = "wake-" + UUID.randomUUID();
        RelayHarness.createTopic(topic, Map.of());
        Map<String, Long> committed = new ConcurrentHashMap<>();
        List<Long> produced = new java.util.ArrayList<>();
        List<Long> polled = new java.util.ArrayList<>();
        AtomicBoolean reading = new AtomicBoolean(true);
        long notifies;
        CountDownLatch assigned = new CountDownLatch(1);
        Map<String, long[]> seen = new ConcurrentHashMap<>();
        Thread reader = Thread.ofPlatform().start(() -> {
            Map<String, Object> config = new HashMap<>(KafkaResource.broker().clientConfig());
            config.put(ConsumerConfig.GROUP_ID_CONFIG, "wake-" + UUID.randomUUID());
            config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
            try (KafkaConsumer<String, String> consumer =
                         new KafkaConsumer<>(config, new StringDeserializer(), new StringDeserializer())) {
                consumer.subscribe(List.of(topic));
                while (reading.get()) {
                    var records = consumer.poll(Duration.ofMillis(50));
                    if (!consumer.assignment().isEmpty()) {
                        assigned.countDown();
                    }
                    long now = System.currentTimeMillis();
                    records.forEach(r -> seen.put(r.key(), new long[] {r.timestamp(), now}));
                }
            }
        });
        try (RelayHarness relays = new RelayHarness(appRelay, dataSource, kafka, signer,
                OutboxRelay.parkedCounter(registry))) {
            List<RelayWorker> started = relays.start(2, RelayHarness.settings(500, 5, Duration.ofSeconds(1)));
            RelayWorker leader = relays.awaitLeader(Duration.ofSeconds(30));
            RelayWorker other = started.stream().filter(w -> w != leader).findFirst().orElseThrow();
            assigned.await(30, TimeUnit.SECONDS);
            long interval = 1_000_000_000L / rate;
            long start = System.nanoTime();
            for (int i = 0; i < events; i++) {
                long wait = start + i * interval - System.nanoTime();
                if (wait > 0) {
                    TimeUnit.NANOSECONDS.sleep(wait);
                }
                String resource = "W" + i;
                relays.insert(topic, resource, 1, "");
                committed.put("demo:" + resource, System.currentTimeMillis());
                other.committed();
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (seen.size() < events && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            notifies = other.notifiesSent();
        } finally {
            reading.set(false);
            reader.join();
        }
        int matched = 0;
        for (var e : committed.entrySet()) {
            long[] at = seen.get(e.getKey());
            if (at != null) {
                matched++;
                produced.add(Math.max(0, at[0] - e.getValue()));
                polled.add(Math.max(0, at[1] - e.getValue()));
            }
        }
        double[] load = java.util.Arrays.stream(java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg"))
                .trim().split("\\s+")).limit(3).mapToDouble(Double::parseDouble).toArray();
        System.out.printf("%nBENCH outbox: %d of %d events at %d/s, relay poll 200 ms, load %.2f %.2f %.2f%n", matched,
                events, rate, load[0], load[1], load[2]);
        System.out.printf("BENCH outbox: %d NOTIFYs sent by the replica that does not lead%n", notifies);
        print("commit -> produced (record CreateTime)", produced);
        print("commit -> polled by a consumer       ", polled);
    }

    private static void print(String what, List<Long> millis) {
        List<Long> sorted = millis.stream().sorted().toList();
        if (sorted.isEmpty()) {
            System.out.printf("BENCH   %s: nothing%n", what);
            return;
        }
        System.out.printf("BENCH   %s p50 %d  p90 %d  p99 %d  p99.9 %d  max %d ms%n", what, at(sorted, 50),
                at(sorted, 90), at(sorted, 99), at(sorted, 99.9), sorted.get(sorted.size() - 1));
    }

    private static long at(List<Long> sorted, double percentile) {
        return sorted.get((int) Math.min(sorted.size() - 1, Math.ceil(percentile / 100 * sorted.size()) - 1));
    }
}

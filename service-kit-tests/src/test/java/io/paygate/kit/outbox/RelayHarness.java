package io.paygate.kit.outbox;

import io.agroal.api.AgroalDataSource;
import io.micrometer.core.instrument.Counter;
import io.paygate.kit.kafka.KafkaClientConfig;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.EventSigner;
import io.paygate.testsupport.quarkus.KafkaResource;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.StringDeserializer;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Predicate;

/**
 * Several relays in one test JVM against one database and one broker, as separate replicas would run them: each
 * with its own leader session and its own producer (built like the service's, from {@link KafkaClientConfig}).
 */
final class RelayHarness implements AutoCloseable {

    private final AgroalDataSource dataSource;
    private final KafkaClientConfig kafka;
    private final EventSigner signer;
    private final Counter parked;
    private final List<RelayWorker> workers = new ArrayList<>();
    private final List<Producer<String, String>> producers = new ArrayList<>();

    /** Stops the application's own relay: the tests start the replicas themselves. */
    RelayHarness(OutboxRelay appRelay, AgroalDataSource dataSource, KafkaClientConfig kafka, EventSigner signer,
                 Counter parked) throws InterruptedException {
        appRelay.stop(null);
        this.dataSource = dataSource;
        this.kafka = kafka;
        this.signer = signer;
        this.parked = parked;
    }

    static RelaySettings settings(int batchSize, int maxAttempts, Duration retryBackoff) {
        return new RelaySettings(batchSize, Duration.ofMillis(200), Duration.ofSeconds(10), maxAttempts, retryBackoff,
                Duration.ofMillis(300));
    }

    List<RelayWorker> start(int replicas, RelaySettings settings) {
        List<RelayWorker> started = new ArrayList<>();
        for (int i = 0; i < replicas; i++) {
            Producer<String, String> producer = OutboxRelay.newProducer(kafka, settings.publishTimeout());
            producers.add(producer);
            RelayWorker worker = new RelayWorker("test-relay-" + workers.size(), OutboxRelay.directConnections(dataSource),
                    producer, signer, settings, parked);
            workers.add(worker);
            started.add(worker);
            worker.start();
        }
        return started;
    }

    /** The one worker leading, once exactly one does. */
    RelayWorker awaitLeader(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            List<RelayWorker> leading = workers.stream().filter(RelayWorker::isLeading).toList();
            if (leading.size() == 1) {
                return leading.get(0);
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no single leader within " + timeout);
    }

    /** Writes one event in its own transaction, as a service's state change would; returns its eventId. */
    UUID insert(String topic, String resourceId, long sequence, String padding) throws SQLException {
        EventEnvelope event = EventEnvelope.of("KitTestEvent", "demo", resourceId, sequence,
                Map.of("resourceId", resourceId, "padding", padding), Clock.systemUTC());
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(
                "INSERT INTO outbox_event (id, topic, msg_key, payload, created_at) VALUES (?, ?, ?, ?, ?)")) {
            s.setObject(1, event.eventId());
            s.setString(2, topic);
            s.setString(3, event.key());
            s.setString(4, event.toJson());
            s.setTimestamp(5, Timestamp.from(event.occurredAt()));
            s.executeUpdate();
        }
        return event.eventId();
    }

    static void createTopic(String topic, Map<String, String> config) throws Exception {
        try (Admin admin = Admin.create(new HashMap<>(KafkaResource.broker().clientConfig()))) {
            admin.createTopics(List.of(new NewTopic(topic, 3, (short) 1).configs(config))).all().get();
        }
    }

    static void alterTopic(String topic, String key, String value) throws Exception {
        try (Admin admin = Admin.create(new HashMap<>(KafkaResource.broker().clientConfig()))) {
            ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
            admin.incrementalAlterConfigs(Map.of(resource, List.of(
                    new AlterConfigOp(new ConfigEntry(key, value), AlterConfigOp.OpType.SET)))).all().get();
        }
    }

    /** Reads {@code topic} from the start until {@code done} holds for what was read, or the timeout. */
    static List<ConsumerRecord<String, String>> read(String topic, Duration timeout,
                                                     Predicate<List<ConsumerRecord<String, String>>> done) {
        Map<String, Object> config = new HashMap<>(KafkaResource.broker().clientConfig());
        config.put(ConsumerConfig.GROUP_ID_CONFIG, "reader-" + UUID.randomUUID());
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        List<ConsumerRecord<String, String>> records = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer =
                     new KafkaConsumer<>(config, new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(List.of(topic));
            long deadline = System.nanoTime() + timeout.toNanos();
            while (System.nanoTime() < deadline && !done.test(records)) {
                consumer.poll(Duration.ofMillis(200)).forEach(records::add);
            }
        }
        return records;
    }

    @Override
    public void close() throws InterruptedException {
        for (RelayWorker worker : workers) {
            worker.stop();
        }
        producers.forEach(p -> p.close(Duration.ofSeconds(2)));
    }
}

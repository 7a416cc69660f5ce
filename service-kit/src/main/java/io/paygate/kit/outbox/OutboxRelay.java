package io.paygate.kit.outbox;

import io.agroal.api.AgroalDataSource;
import io.paygate.kit.config.GatewayConfig;
import io.paygate.model.event.EventSigner;
import io.paygate.kit.kafka.KafkaClientConfig;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.StringSerializer;
import org.jboss.logging.Logger;

import java.nio.charset.StandardCharsets;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Publishes outbox rows to Kafka in position order (CONTRACT §7) with an idempotent producer ({@code acks=all}),
 * then marks them published. Rows are claimed {@code FOR UPDATE SKIP LOCKED}, so any number of replicas share the
 * work. While the broker is down rows simply stay unpublished and the relay retries with backoff; nothing is
 * lost, and it catches up when the broker returns. Woken right after each commit that wrote an event, and
 * otherwise every {@code gateway.outbox.poll-interval}.
 */
@ApplicationScoped
public class OutboxRelay {

    private static final Logger LOG = Logger.getLogger(OutboxRelay.class);
    private static final Duration MAX_BACKOFF = Duration.ofSeconds(30);
    private static final String CLAIM = """
            SELECT id, topic, msg_key, payload FROM outbox_event
            WHERE published_at IS NULL ORDER BY position LIMIT ? FOR UPDATE SKIP LOCKED""";

    private final AgroalDataSource dataSource;
    private final GatewayConfig.Outbox config;
    private final KafkaClientConfig kafka;
    private final EventSigner signer;
    private final Semaphore wakeups = new Semaphore(0);
    private volatile boolean running;
    private volatile String lastError;
    private Thread worker;
    private Producer<String, String> producer;

    OutboxRelay(AgroalDataSource dataSource, GatewayConfig config, KafkaClientConfig kafka, EventSigner signer) {
        this.dataSource = dataSource;
        this.config = config.outbox();
        this.kafka = kafka;
        this.signer = signer;
    }

    void start(@Observes StartupEvent event) {
        if (!config.enabled()) {
            return;
        }
        // The service's Kafka configuration (address, SASL, TLS: CONTRACT §7), then this producer's own settings.
        producer = new KafkaProducer<>(kafka.producer(Map.of(
                ProducerConfig.ACKS_CONFIG, "all",
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true,
                ProducerConfig.LINGER_MS_CONFIG, 2,
                ProducerConfig.MAX_BLOCK_MS_CONFIG, 5_000,
                ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 5_000,
                ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, (int) Math.max(7_000, config.publishTimeout().toMillis()),
                ProducerConfig.CLIENT_ID_CONFIG, "outbox-relay")),
                new StringSerializer(), new StringSerializer());
        running = true;
        worker = Thread.ofPlatform().name("outbox-relay").daemon().start(this::loop);
    }

    void stop(@Observes ShutdownEvent event) throws InterruptedException {
        if (worker == null) {
            return;
        }
        running = false;
        wake();
        worker.join(config.publishTimeout().toMillis() + 1_000);
        producer.close(Duration.ofSeconds(5));
    }

    public boolean isRunning() {
        return running;
    }

    /** The error of the last round when it failed (the broker is unreachable, say); empty once a round succeeds. */
    public java.util.Optional<String> lastError() {
        return java.util.Optional.ofNullable(lastError);
    }

    /** Asks the relay to look for events now (called after a commit that wrote one). */
    public void wake() {
        if (wakeups.availablePermits() == 0) {
            wakeups.release();
        }
    }

    /** Removes published events older than {@code gateway.outbox.retention}. */
    @Scheduled(every = "1h", delayed = "1m", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void purgePublished() throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement delete = c.prepareStatement(
                     "DELETE FROM outbox_event WHERE published_at IS NOT NULL AND published_at < ?")) {
            delete.setTimestamp(1, Timestamp.from(Instant.now().minus(config.retention())));
            int removed = delete.executeUpdate();
            if (removed > 0) {
                LOG.infof("outbox: purged %d published events", removed);
            }
        }
    }

    private void loop() {
        int failures = 0;
        while (running) {
            try {
                int published = publishBatch();
                failures = 0;
                lastError = null;
                if (published >= config.batchSize()) {
                    continue; // more are waiting
                }
                if (wakeups.tryAcquire(config.pollInterval().toMillis(), TimeUnit.MILLISECONDS)) {
                    wakeups.drainPermits();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (Exception e) {
                failures++;
                lastError = e.getMessage();
                long backoff = Math.min(MAX_BACKOFF.toMillis(),
                        config.pollInterval().toMillis() << Math.min(failures, 5));
                LOG.warnf("outbox: publishing failed (%s); retrying in %d ms", e.getMessage(), backoff);
                try {
                    Thread.sleep(backoff);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    /**
     * One round: claims up to {@code batch-size} unpublished rows, publishes them, marks the acknowledged ones and
     * counts an attempt on the others, in one transaction.
     *
     * @return how many rows were claimed
     * @throws PublishException when some rows could not be published (after recording that)
     */
    int publishBatch() throws SQLException, InterruptedException {
        List<Row> rows;
        String error;
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                rows = claim(c);
                List<UUID> published = new ArrayList<>();
                error = publish(rows, published);
                markPublished(c, published);
                if (error != null) {
                    recordFailure(c, rows, published, error);
                }
                c.commit();
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        }
        if (error != null) {
            throw new PublishException(error);
        }
        return rows.size();
    }

    private List<Row> claim(Connection c) throws SQLException {
        List<Row> rows = new ArrayList<>();
        try (PreparedStatement claim = c.prepareStatement(CLAIM)) {
            claim.setInt(1, config.batchSize());
            try (ResultSet rs = claim.executeQuery()) {
                while (rs.next()) {
                    rows.add(new Row(rs.getObject(1, UUID.class), rs.getString(2), rs.getString(3), rs.getString(4)));
                }
            }
        }
        return rows;
    }

    /** Sends the rows in order and waits for the acknowledgements; returns the first error, or null. */
    private String publish(List<Row> rows, List<UUID> published) throws InterruptedException {
        List<Future<RecordMetadata>> sends = new ArrayList<>();
        String error = null;
        for (Row row : rows) {
            try {
                sends.add(producer.send(signed(row)));
            } catch (RuntimeException e) {
                error = e.getMessage(); // no metadata: the broker is unreachable, stop sending this round
                break;
            }
        }
        long deadline = System.nanoTime() + config.publishTimeout().toNanos();
        for (int i = 0; i < sends.size(); i++) {
            try {
                sends.get(i).get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                published.add(rows.get(i).id);
            } catch (ExecutionException e) {
                error = error == null ? String.valueOf(e.getCause().getMessage()) : error;
            } catch (TimeoutException e) {
                error = error == null ? "no acknowledgement within " + config.publishTimeout() : error;
            }
        }
        return error;
    }

    /**
     * The record with its producer signature (CONTRACT §7): header {@code paygate-signature} over the row id (the
     * eventId), the envelope's sequence and the value bytes exactly as the StringSerializer writes them (UTF-8).
     */
    private ProducerRecord<String, String> signed(Row row) {
        ProducerRecord<String, String> record = new ProducerRecord<>(row.topic, row.key, row.payload);
        byte[] value = row.payload.getBytes(StandardCharsets.UTF_8);
        long sequence = EventSigner.signedFields(value).sequence();
        record.headers().add(EventSigner.HEADER,
                signer.sign(row.id.toString(), sequence, value).getBytes(StandardCharsets.US_ASCII));
        return record;
    }

    private static void markPublished(Connection c, List<UUID> ids) throws SQLException {
        if (ids.isEmpty()) {
            return;
        }
        try (PreparedStatement mark = c.prepareStatement(
                "UPDATE outbox_event SET published_at = now() WHERE id = ANY (?)")) {
            Array array = c.createArrayOf("uuid", ids.toArray());
            mark.setArray(1, array);
            mark.executeUpdate();
        }
    }

    private static void recordFailure(Connection c, List<Row> rows, List<UUID> published, String error)
            throws SQLException {
        java.util.Set<UUID> done = new java.util.HashSet<>(published);
        List<UUID> failed = rows.stream().map(Row::id).filter(id -> !done.contains(id)).toList();
        try (PreparedStatement record = c.prepareStatement("""
                UPDATE outbox_event SET publish_attempts = publish_attempts + 1, last_error = ?
                WHERE id = ANY (?)""")) {
            record.setString(1, error.length() > 500 ? error.substring(0, 500) : error);
            record.setArray(2, c.createArrayOf("uuid", failed.toArray()));
            record.executeUpdate();
        }
    }

    private record Row(UUID id, String topic, String key, String payload) {
    }

    /** Some events could not be published this round; they stay in the outbox. */
    static final class PublishException extends RuntimeException {
        PublishException(String message) {
            super(message, null, false, false);
        }
    }
}

package io.paygate.notification.messaging;

import io.paygate.kit.kafka.KafkaClientConfig;
import io.paygate.notification.config.NotificationConfig;
import io.quarkus.runtime.ShutdownEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.jboss.logging.Logger;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Publishes records that cannot become a notification to {@code gateway.notification.dead-letter-topic}, unchanged
 * (same key and value bytes), with SmallRye's dead-letter headers: {@code dead-letter-reason},
 * {@code dead-letter-topic}, {@code dead-letter-partition}, {@code dead-letter-offset}. Waits for the broker's
 * acknowledgement, so the source record is acknowledged only once its dead letter is safe.
 */
@ApplicationScoped
public class DeadLetters {

    private static final Logger LOG = Logger.getLogger(DeadLetters.class);

    private final String topic;
    private final KafkaClientConfig kafka;
    private volatile Producer<byte[], byte[]> producer;

    DeadLetters(NotificationConfig config, KafkaClientConfig kafka) {
        this.topic = config.deadLetterTopic();
        this.kafka = kafka;
    }

    /** @throws Exception when the broker did not acknowledge in time (the caller retries the batch) */
    public void send(ConsumerRecord<String, String> record, String reason) throws Exception {
        ProducerRecord<byte[], byte[]> letter = new ProducerRecord<>(topic, null,
                record.key() == null ? null : record.key().getBytes(StandardCharsets.UTF_8),
                record.value() == null ? null : record.value().getBytes(StandardCharsets.UTF_8));
        letter.headers()
                .add("dead-letter-reason", reason.getBytes(StandardCharsets.UTF_8))
                .add("dead-letter-topic", record.topic().getBytes(StandardCharsets.UTF_8))
                .add("dead-letter-partition", Integer.toString(record.partition()).getBytes(StandardCharsets.UTF_8))
                .add("dead-letter-offset", Long.toString(record.offset()).getBytes(StandardCharsets.UTF_8));
        producer().send(letter).get(10, TimeUnit.SECONDS);
        LOG.warnf("event at %s-%d@%d (key %s) sent to %s: %s", record.topic(), record.partition(), record.offset(),
                record.key(), topic, reason);
    }

    private Producer<byte[], byte[]> producer() {
        Producer<byte[], byte[]> current = producer;
        if (current == null) {
            synchronized (this) {
                if (producer == null) {
                    // The service's Kafka configuration (address, SASL, TLS: docs/contract.md §7), then its own settings.
                    producer = new KafkaProducer<>(kafka.producer(Map.of(
                            ProducerConfig.ACKS_CONFIG, "all",
                            ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true,
                            ProducerConfig.MAX_BLOCK_MS_CONFIG, 5_000,
                            ProducerConfig.CLIENT_ID_CONFIG, "notification-dead-letters")),
                            new ByteArraySerializer(), new ByteArraySerializer());
                }
                current = producer;
            }
        }
        return current;
    }

    void close(@Observes ShutdownEvent event) {
        if (producer != null) {
            producer.close(Duration.ofSeconds(5));
        }
    }
}

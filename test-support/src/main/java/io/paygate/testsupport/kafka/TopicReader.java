package io.paygate.testsupport.kafka;

import io.paygate.model.event.EventEnvelope;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Predicate;

/**
 * Reads a topic from the start with a fresh consumer group, for tests that check what a service published.
 * {@link #awaitEvents} waits until enough matching events arrived, then keeps listening a little longer so a
 * duplicate would be seen too.
 */
public final class TopicReader {

    private static final Duration LINGER = Duration.ofSeconds(2);

    private final String bootstrapServers;

    public TopicReader(String bootstrapServers) {
        this.bootstrapServers = bootstrapServers;
    }

    /** The events on {@code topic} whose key is {@code key}, once at least {@code count} arrived (or the timeout). */
    public List<EventEnvelope> awaitEvents(String topic, String key, int count, Duration timeout) {
        return awaitRecords(topic, r -> key.equals(r.key()), count, timeout).stream()
                .map(r -> EventEnvelope.fromJson(r.value())).toList();
    }

    /** Records matching {@code filter}, once at least {@code count} arrived (or the timeout), plus a short linger. */
    public List<ConsumerRecord<String, String>> awaitRecords(String topic, Predicate<ConsumerRecord<String, String>> filter,
                                                             int count, Duration timeout) {
        List<ConsumerRecord<String, String>> matching = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                ConsumerConfig.GROUP_ID_CONFIG, "test-reader-" + UUID.randomUUID(),
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false), new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(List.of(topic));
            long deadline = System.nanoTime() + timeout.toNanos();
            long stopAt = deadline;
            while (System.nanoTime() < stopAt) {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(200))) {
                    if (filter.test(record)) {
                        matching.add(record);
                    }
                }
                if (matching.size() >= count && stopAt == deadline) {
                    stopAt = Math.min(deadline, System.nanoTime() + LINGER.toNanos());
                }
            }
        }
        return matching;
    }
}

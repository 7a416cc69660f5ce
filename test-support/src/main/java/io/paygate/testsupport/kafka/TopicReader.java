package io.paygate.testsupport.kafka;

import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.EventSigner;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;

import java.nio.charset.StandardCharsets;
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

    private final Map<String, String> clientConfig;
    private final String groupId;

    public TopicReader(String bootstrapServers) {
        this(Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers), null);
    }

    /**
     * A reader with a client's whole connection settings (a secured broker's {@code clientConfig(...)}) in consumer
     * group {@code groupId}, which its ACLs must allow ({@code null}: a fresh group per read). It never commits
     * offsets, so every read starts at the beginning all the same.
     */
    public TopicReader(Map<String, String> clientConfig, String groupId) {
        this.clientConfig = Map.copyOf(clientConfig);
        this.groupId = groupId;
    }

    /**
     * The events on {@code topic} whose key is {@code key}, once at least {@code count} arrived (or the timeout). Each
     * must carry a {@code paygate-signature} that verifies with the test key (docs/contract.md §7), or this throws.
     */
    public List<EventEnvelope> awaitEvents(String topic, String key, int count, Duration timeout) {
        return awaitRecords(topic, r -> key.equals(r.key()), count, timeout).stream()
                .peek(r -> SignedEvents.verify(r.headers().lastHeader(EventSigner.HEADER),
                        r.value().getBytes(StandardCharsets.UTF_8)))
                .map(r -> EventEnvelope.fromJson(r.value())).toList();
    }

    /** Records matching {@code filter}, once at least {@code count} arrived (or the timeout), plus a short linger. */
    public List<ConsumerRecord<String, String>> awaitRecords(String topic, Predicate<ConsumerRecord<String, String>> filter,
                                                             int count, Duration timeout) {
        List<ConsumerRecord<String, String>> matching = new ArrayList<>();
        Map<String, Object> config = new java.util.HashMap<>(clientConfig);
        config.put(ConsumerConfig.GROUP_ID_CONFIG, groupId != null ? groupId : "test-reader-" + UUID.randomUUID());
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(config, new StringDeserializer(), new StringDeserializer())) {
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

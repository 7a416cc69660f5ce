package io.paygate.notification.support;

import io.paygate.testsupport.quarkus.KafkaResource;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.awaitility.Awaitility.await;

/** Reads {@code notification-dead-letter} from the start: the reasons of the records whose key ends with a marker. */
public final class DeadLetterReader {

    private DeadLetterReader() {
    }

    /** The {@code dead-letter-reason}s of the dead letters whose key ends with {@code marker}, once {@code expected} came. */
    public static List<String> reasons(String marker, int expected, Duration timeout) {
        List<String> reasons = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, KafkaResource.broker().bootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG, "dlq-reader-" + marker,
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest"),
                new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(List.of(NotificationTopicsResource.DEAD_LETTER_TOPIC));
            await().atMost(timeout).until(() -> {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(200))) {
                    if (record.key() != null && record.key().endsWith(marker)) {
                        reasons.add(new String(record.headers().lastHeader("dead-letter-reason").value(),
                                StandardCharsets.UTF_8));
                    }
                }
                return reasons.size() >= expected;
            });
        }
        return reasons;
    }
}

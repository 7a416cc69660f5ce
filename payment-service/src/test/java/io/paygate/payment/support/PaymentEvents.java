package io.paygate.payment.support;

import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.EventSigner;
import io.paygate.model.event.Topics;
import io.paygate.testsupport.kafka.SignedEvents;
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
import java.util.UUID;

/** Reads {@code payment-status} back from the real broker; every record read must carry a valid {@code paygate-signature}. */
public final class PaymentEvents {

    /**
     * How long a read goes on after the records expected arrived, so that a duplicate would show: five times the
     * tests' outbox poll interval (200 ms; a commit NOTIFYs the relay at once anyway). It was 2 s, paid by each of the
     * suite's ~70 reads on CI's critical path.
     */
    private static final Duration QUIET = Duration.ofSeconds(1);

    private PaymentEvents() {
    }

    /**
     * The records of {@code merchantId:paymentCode}, once at least {@code expected} arrived, plus whatever arrives in
     * the {@link #QUIET} second after (so a duplicate would show). Fails after {@code timeout}.
     */
    public static List<ConsumerRecord<String, String>> awaitRecords(String merchantId, String paymentCode,
                                                                    int expected, Duration timeout) {
        return awaitKey(merchantId + ":" + paymentCode, expected, timeout);
    }

    /** As {@link #awaitRecords}, for any record key (a link's is {@code <merchantId>:link:<link.id>}). */
    public static List<ConsumerRecord<String, String>> awaitKey(String key, int expected, Duration timeout) {
        List<ConsumerRecord<String, String>> mine = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, KafkaResource.broker().bootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG, "test-reader-" + UUID.randomUUID(),
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest"), new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(List.of(Topics.PAYMENT_STATUS));
            long deadline = System.nanoTime() + timeout.toNanos();
            long quietUntil = Long.MAX_VALUE;
            while (System.nanoTime() < Math.min(deadline, quietUntil)) {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(250))) {
                    if (key.equals(record.key())) {
                        // docs/contract.md §7: every published event carries a producer signature that verifies
                        SignedEvents.verify(record.headers().lastHeader(EventSigner.HEADER),
                                record.value().getBytes(StandardCharsets.UTF_8));
                        mine.add(record);
                    }
                }
                if (mine.size() >= expected && quietUntil == Long.MAX_VALUE) {
                    quietUntil = System.nanoTime() + QUIET.toNanos();
                }
            }
        }
        if (mine.size() < expected) {
            throw new AssertionError("Expected " + expected + " event(s) for " + key + " within " + timeout
                    + ", got " + mine.size());
        }
        return mine;
    }

    /** The one event of {@code merchantId:paymentCode}; fails when none or more than one arrives. */
    public static EventEnvelope awaitOne(String merchantId, String paymentCode) {
        List<ConsumerRecord<String, String>> records = awaitRecords(merchantId, paymentCode, 1, Duration.ofSeconds(30));
        if (records.size() != 1) {
            throw new AssertionError("Expected exactly one event for " + paymentCode + ", got " + records.size());
        }
        return EventEnvelope.fromJson(records.get(0).value());
    }
}

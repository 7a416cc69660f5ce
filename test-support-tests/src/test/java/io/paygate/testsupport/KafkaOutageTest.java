package io.paygate.testsupport;

import io.paygate.testsupport.infra.EmbeddedKafkaBroker;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The embedded broker can be taken away from its clients and brought back, as in an outage. */
class KafkaOutageTest {

    static EmbeddedKafkaBroker kafka;

    @BeforeAll
    static void start() {
        kafka = EmbeddedKafkaBroker.start();
        kafka.createTopics("outage-check");
    }

    @AfterAll
    static void stop() {
        kafka.close();
    }

    @Test
    void clientsLoseTheBrokerWhileDisconnectedAndCatchUpAfterReconnect() throws Exception {
        Map<String, Object> config = Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
                ProducerConfig.ACKS_CONFIG, "all",
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true,
                ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 2_000,
                ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 3_000,
                ProducerConfig.LINGER_MS_CONFIG, 0);
        try (KafkaProducer<String, String> producer =
                     new KafkaProducer<>(config, new StringSerializer(), new StringSerializer())) {
            producer.send(new ProducerRecord<>("outage-check", "k", "before")).get(10, TimeUnit.SECONDS);

            kafka.disconnect();
            assertFalse(kafka.isConnected());
            assertFalse(accepts(kafka.bootstrapServers()), "new connections are refused");
            Future<?> during = producer.send(new ProducerRecord<>("outage-check", "k", "during"));
            ExecutionException failure = assertThrows(ExecutionException.class, () -> during.get(15, TimeUnit.SECONDS));
            assertTrue(failure.getCause() instanceof org.apache.kafka.common.errors.TimeoutException,
                    "the send times out: " + failure.getCause());

            kafka.reconnect();
            assertTrue(kafka.isConnected());
            producer.send(new ProducerRecord<>("outage-check", "k", "after")).get(30, TimeUnit.SECONDS);
        }
        assertEquals(List.of("before", "after"), readAll("outage-check", 2));
    }

    private static boolean accepts(String address) {
        int colon = address.lastIndexOf(':');
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(address.substring(0, colon), Integer.parseInt(address.substring(colon + 1))), 1_000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static List<String> readAll(String topic, int expected) {
        List<String> values = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG, "outage-reader",
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest"), new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(List.of(topic));
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (values.size() < expected && System.nanoTime() < deadline) {
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(200))) {
                    values.add(r.value());
                }
            }
        }
        return values;
    }
}

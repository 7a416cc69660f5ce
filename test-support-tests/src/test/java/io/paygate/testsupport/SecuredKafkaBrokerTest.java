package io.paygate.testsupport;

import io.paygate.testsupport.infra.EmbeddedKafkaBroker;
import io.paygate.testsupport.infra.EmbeddedKafkaBroker.Credentials;
import io.paygate.testsupport.kafka.TopicReader;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The secured broker: SCRAM-SHA-512 over TLS on the only address clients get, and ACLs per principal. */
class SecuredKafkaBrokerTest {

    static EmbeddedKafkaBroker kafka;
    static Credentials producer;
    static Credentials consumer;

    @BeforeAll
    static void start() {
        kafka = EmbeddedKafkaBroker.startSecured(null);
        kafka.createTopics("own-topic", "foreign-topic");
        producer = kafka.createUser("producer-service");
        consumer = kafka.createUser("consumer-service");
        kafka.allowProducing(producer.username(), "own-topic");
        kafka.allowConsuming(consumer.username(), "consumer-service", "own-topic", "foreign-topic");
    }

    @AfterAll
    static void stop() {
        kafka.close();
    }

    @Test
    void aPrincipalWritesItsOwnTopicOverTlsAndAnotherReadsIt() throws Exception {
        try (KafkaProducer<String, String> p = producer(kafka.clientConfig(producer))) {
            p.send(new ProducerRecord<>("own-topic", "k", "signed-and-sealed")).get(30, TimeUnit.SECONDS);
        }
        List<ConsumerRecord<String, String>> read = new TopicReader(kafka.clientConfig(consumer), "consumer-service")
                .awaitRecords("own-topic", r -> true, 1, Duration.ofSeconds(30));
        assertEquals(List.of("signed-and-sealed"), read.stream().map(ConsumerRecord::value).toList());
    }

    @Test
    void aPrincipalCannotWriteATopicNoAclGivesIt() {
        try (KafkaProducer<String, String> p = producer(kafka.clientConfig(producer))) {
            ExecutionException e = assertThrows(ExecutionException.class,
                    () -> p.send(new ProducerRecord<>("foreign-topic", "k", "forged")).get(30, TimeUnit.SECONDS));
            assertInstanceOf(TopicAuthorizationException.class, e.getCause());
        }
    }

    @Test
    void aClientWithOnlyTheBootstrapAddressIsRefused() {
        Map<String, String> bare = Map.of("bootstrap.servers", kafka.bootstrapServers());
        try (KafkaProducer<String, String> p = producer(bare)) {
            Exception e = assertThrows(Exception.class,
                    () -> p.send(new ProducerRecord<>("own-topic", "k", "plaintext")).get(30, TimeUnit.SECONDS));
            assertTrue(e instanceof org.apache.kafka.common.errors.TimeoutException
                    || e.getCause() instanceof org.apache.kafka.common.errors.TimeoutException, "no metadata: " + e);
        }
    }

    @Test
    void aWrongPasswordIsRefused() {
        Map<String, String> forged = kafka.clientConfig(new Credentials(producer.username(), "not-the-password"));
        try (KafkaProducer<String, String> p = producer(forged)) {
            Exception e = assertThrows(Exception.class,
                    () -> p.send(new ProducerRecord<>("own-topic", "k", "forged")).get(30, TimeUnit.SECONDS));
            Throwable cause = e instanceof ExecutionException ? e.getCause() : e;
            assertInstanceOf(SaslAuthenticationException.class, cause);
        }
    }

    private static KafkaProducer<String, String> producer(Map<String, String> client) {
        Map<String, Object> config = new HashMap<>(client);
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        config.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 5_000);
        config.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 10_000);
        config.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 5_000);
        return new KafkaProducer<>(config, new StringSerializer(), new StringSerializer());
    }
}

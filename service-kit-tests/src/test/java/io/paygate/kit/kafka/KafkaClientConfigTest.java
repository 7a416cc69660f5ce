package io.paygate.kit.kafka;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

class KafkaClientConfigTest {

    @Test
    void aProducerStartsFromTheServiceKafkaConfigurationWithItsOwnSettingsOnTop() {
        KafkaClientConfig kafka = new KafkaClientConfig(Map.of(
                "bootstrap.servers", "broker:9093",
                "security.protocol", "SASL_SSL",
                "sasl.mechanism", "SCRAM-SHA-512",
                "sasl.jaas.config", "org.apache.kafka.common.security.scram.ScramLoginModule required;",
                "ssl.truststore.location", "/deployments/kafka-ca/ca.crt",
                "acks", "1"));
        Map<String, Object> producer = kafka.producer(Map.of("acks", "all", "client.id", "outbox-relay"));
        assertEquals("broker:9093", producer.get("bootstrap.servers"));
        assertEquals("SASL_SSL", producer.get("security.protocol"));
        assertEquals("SCRAM-SHA-512", producer.get("sasl.mechanism"));
        assertEquals("org.apache.kafka.common.security.scram.ScramLoginModule required;", producer.get("sasl.jaas.config"));
        assertEquals("/deployments/kafka-ca/ca.crt", producer.get("ssl.truststore.location"));
        assertEquals("all", producer.get("acks"), "the producer's own setting wins");
        assertEquals("outbox-relay", producer.get("client.id"));
        assertEquals("SASL_SSL", kafka.securityProtocol());
    }

    @Test
    void consumerKeysOfTheServiceConfigurationStayOutOfAProducer() {
        KafkaClientConfig kafka = new KafkaClientConfig(Map.of(
                "bootstrap.servers", "broker:9092", "group.id", "notification-service", "auto.offset.reset", "earliest"));
        Map<String, Object> producer = kafka.producer(Map.of());
        assertFalse(producer.containsKey("group.id"));
        assertFalse(producer.containsKey("auto.offset.reset"));
        assertEquals("broker:9092", producer.get("bootstrap.servers"));
    }

    /**
     * docs/contract.md §7, §10: the merchant-config follower's consumer authenticates as the service (its security keys)
     * and reads outside any group (no group.id: no group ACL, nothing committed). On main there is no consumer(...).
     */
    @Test
    void aConsumerTakesTheSecuritySettingsButNoGroup() {
        KafkaClientConfig kafka = new KafkaClientConfig(Map.of(
                "bootstrap.servers", "broker:9093", "security.protocol", "SASL_SSL",
                "sasl.jaas.config", "org.apache.kafka.common.security.scram.ScramLoginModule required;",
                "group.id", "notification-service", "enable.auto.commit", "true", "auto.offset.reset", "latest",
                "acks", "all"));
        Map<String, Object> consumer = kafka.consumer(Map.of("client.id", "merchant-config"));
        assertEquals("broker:9093", consumer.get("bootstrap.servers"));
        assertEquals("SASL_SSL", consumer.get("security.protocol"));
        assertEquals("org.apache.kafka.common.security.scram.ScramLoginModule required;", consumer.get("sasl.jaas.config"));
        assertFalse(consumer.containsKey("group.id"));
        assertFalse(consumer.containsKey("auto.offset.reset"));
        assertFalse(consumer.containsKey("acks"), "a producer's key stays out");
        assertEquals(false, consumer.get("enable.auto.commit"));
        assertEquals("merchant-config", consumer.get("client.id"));
    }

    @Test
    void withoutAnyKafkaConfigurationTheProducerUsesKafkasDefaultAddressInPlaintext() {
        KafkaClientConfig kafka = new KafkaClientConfig(Map.of());
        assertEquals("localhost:9092", kafka.producer(Map.of()).get("bootstrap.servers"));
        assertEquals("PLAINTEXT", kafka.securityProtocol());
    }

    @Test
    void anAdminClientAuthenticatesLikeTheServiceAndKeepsOnlyAdminKeys() {
        KafkaClientConfig kafka = new KafkaClientConfig(Map.of(
                "bootstrap.servers", "broker:9093", "security.protocol", "SASL_SSL", "sasl.mechanism", "SCRAM-SHA-512",
                "acks", "all", "group.id", "notification-service"));
        Map<String, Object> admin = kafka.admin(Map.of("request.timeout.ms", 5000));
        assertEquals("broker:9093", admin.get("bootstrap.servers"));
        assertEquals("SASL_SSL", admin.get("security.protocol"));
        assertEquals("SCRAM-SHA-512", admin.get("sasl.mechanism"));
        assertEquals(5000, admin.get("request.timeout.ms"));
        assertFalse(admin.containsKey("acks"));
        assertFalse(admin.containsKey("group.id"));
    }
}

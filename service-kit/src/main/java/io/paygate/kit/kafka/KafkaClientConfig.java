package io.paygate.kit.kafka;

import io.smallrye.common.annotation.Identifier;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * The one place a Kafka client a service builds itself gets its connection settings from (docs/contract.md §7): the
 * service's Quarkus Kafka configuration, every {@code kafka.*} key ({@code kafka.bootstrap.servers},
 * {@code kafka.security.protocol}, {@code kafka.sasl.mechanism}, {@code kafka.sasl.jaas.config},
 * {@code kafka.ssl.truststore.*}, …, or their environment forms {@code KAFKA_SECURITY_PROTOCOL}, …), exactly as
 * Quarkus hands them to its own Kafka clients and the messaging channels (the {@code default-kafka-broker} map).
 * So no client is ever built from a bare bootstrap address: on a broker that requires SASL SCRAM over TLS, the
 * outbox relay and the dead-letter producer authenticate like the channels do, as the service's own principal.
 */
@ApplicationScoped
public class KafkaClientConfig {

    /** Where clients connect when nothing is configured (Kafka's own default). */
    static final String DEFAULT_BOOTSTRAP = "localhost:9092";
    /** Not a Kafka key, but read by Quarkus' SSL engine factory when {@code kafka.tls-configuration-name} is set. */
    private static final String QUARKUS_TLS_CONFIGURATION = "tls-configuration-name";
    private static final Set<String> PRODUCER_KEYS = ProducerConfig.configNames();
    private static final Set<String> ADMIN_KEYS = AdminClientConfig.configNames();
    private static final Set<String> CONSUMER_KEYS = ConsumerConfig.configNames();
    /** Keys of a consumer in a group: a consumer built here reads its partitions itself, outside any group. */
    private static final Set<String> GROUP_KEYS = Set.of(ConsumerConfig.GROUP_ID_CONFIG,
            ConsumerConfig.GROUP_INSTANCE_ID_CONFIG, ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
            ConsumerConfig.AUTO_OFFSET_RESET_CONFIG);

    private final Map<String, Object> defaults;

    KafkaClientConfig(@Identifier("default-kafka-broker") Map<String, Object> defaults) {
        this.defaults = Map.copyOf(defaults);
    }

    /**
     * The settings of a producer: the service's Kafka configuration (only keys a producer knows, so consumer keys
     * such as {@code group.id} stay out), then the producer's {@code own} settings on top.
     */
    public Map<String, Object> producer(Map<String, Object> own) {
        return client(PRODUCER_KEYS, own);
    }

    /**
     * The settings of an admin client (a service that creates its own topic, merchant-service's {@code merchant-config}):
     * the service's Kafka configuration (only keys an admin client knows), then {@code own} on top.
     */
    public Map<String, Object> admin(Map<String, Object> own) {
        return client(ADMIN_KEYS, own);
    }

    private Map<String, Object> client(Set<String> known, Map<String, Object> own) {
        Map<String, Object> config = new HashMap<>();
        defaults.forEach((key, value) -> {
            if (known.contains(key) || key.equals(QUARKUS_TLS_CONFIGURATION)) {
                config.put(key, value);
            }
        });
        config.putIfAbsent(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, DEFAULT_BOOTSTRAP);
        config.putAll(own);
        return config;
    }

    /**
     * The settings of a consumer that assigns itself its partitions, outside any consumer group (so no group ACL and no
     * committed offsets): the service's Kafka configuration (only keys a consumer knows, without the group's:
     * {@code group.id}, {@code enable.auto.commit}, …), then the consumer's {@code own} settings on top.
     */
    public Map<String, Object> consumer(Map<String, Object> own) {
        Map<String, Object> config = new HashMap<>();
        defaults.forEach((key, value) -> {
            if ((CONSUMER_KEYS.contains(key) && !GROUP_KEYS.contains(key)) || key.equals(QUARKUS_TLS_CONFIGURATION)) {
                config.put(key, value);
            }
        });
        config.putIfAbsent(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, DEFAULT_BOOTSTRAP);
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        config.putAll(own);
        return config;
    }

    /** The configured {@code security.protocol} ({@code PLAINTEXT} when none is set), for logs and health data. */
    public String securityProtocol() {
        return String.valueOf(defaults.getOrDefault("security.protocol", "PLAINTEXT"));
    }
}

package io.paygate.local;

import io.paygate.model.event.Topics;
import io.paygate.testsupport.infra.EmbeddedKafkaBroker;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Each service's own Kafka principal on a secured broker (docs/contract.md §7), with the ACLs the contract gives it:
 * payment-service writes {@code payment-status} and {@code disbursement-status}, binding-service writes
 * {@code binding-status}, notification-service reads those three in group {@code notification-service} and writes
 * only its dead-letter topic, ledger-service reads {@code payment-status} and {@code disbursement-status} in group
 * {@code ledger-service} and writes nothing (docs/contract.md §12); merchant-service alone writes (and creates)
 * {@code merchant-config}, which every service reads outside any group, merchant-service too (docs/contract.md §10,
 * the registry's follower). The same ACLs as deploy/k8s documents for production.
 */
record KafkaPrincipals(Map<String, EmbeddedKafkaBroker.Credentials> byService) {

    static final String DEAD_LETTER_TOPIC = "notification-dead-letter";

    /** The topics a service may write. */
    static List<String> writes(String service) {
        return switch (service) {
            case "payment-service" -> List.of(Topics.PAYMENT_STATUS, Topics.DISBURSEMENT_STATUS);
            case "binding-service" -> List.of(Topics.BINDING_STATUS);
            case "notification-service" -> List.of(DEAD_LETTER_TOPIC);
            case "merchant-service" -> List.of(Topics.MERCHANT_CONFIG);
            default -> List.of();
        };
    }

    /** The topics a service may create: merchant-service makes {@code merchant-config} compacted at its start. */
    static List<String> creates(String service) {
        return service.equals("merchant-service") ? List.of(Topics.MERCHANT_CONFIG) : List.of();
    }

    /**
     * The topics a service reads without a consumer group of its own: {@code merchant-config}, by every service (its
     * writer too: merchant-service authenticates its merchants' self-service through the same registry).
     */
    static List<String> follows(String service) {
        return List.of(Topics.MERCHANT_CONFIG);
    }

    /** The topics a service may read (in its consumer group, {@link #group}). */
    static List<String> reads(String service) {
        return switch (service) {
            case "notification-service" ->
                    List.of(Topics.PAYMENT_STATUS, Topics.BINDING_STATUS, Topics.DISBURSEMENT_STATUS);
            case "ledger-service" -> List.of(Topics.PAYMENT_STATUS, Topics.DISBURSEMENT_STATUS);
            default -> List.of();
        };
    }

    /** The consumer group a service reads {@link #reads} in: its own name, as its {@code group.id} says. */
    static String group(String service) {
        return service;
    }

    /** Creates a SCRAM-SHA-512 user per service with a fresh password, and its ACLs. */
    static KafkaPrincipals create(EmbeddedKafkaBroker kafka, List<ServiceSpec> services) {
        kafka.createTopics(DEAD_LETTER_TOPIC);
        Map<String, EmbeddedKafkaBroker.Credentials> byService = new LinkedHashMap<>();
        for (ServiceSpec spec : services) {
            EmbeddedKafkaBroker.Credentials credentials = kafka.createUser(spec.name());
            if (!writes(spec.name()).isEmpty()) {
                kafka.allowProducing(spec.name(), writes(spec.name()).toArray(String[]::new));
            }
            if (!reads(spec.name()).isEmpty()) {
                kafka.allowConsuming(spec.name(), group(spec.name()), reads(spec.name()).toArray(String[]::new));
            }
            if (!creates(spec.name()).isEmpty()) {
                kafka.allowCreating(spec.name(), creates(spec.name()).toArray(String[]::new));
            }
            if (!follows(spec.name()).isEmpty()) {
                kafka.allowReading(spec.name(), follows(spec.name()).toArray(String[]::new));
            }
            byService.put(spec.name(), credentials);
        }
        return new KafkaPrincipals(Map.copyOf(byService));
    }

    /**
     * The environment that makes a service's Kafka clients (messaging channels and its own producers) authenticate as
     * its principal: Quarkus reads {@code KAFKA_SECURITY_PROTOCOL} as {@code kafka.security.protocol}, and so on.
     */
    static Map<String, String> environment(EmbeddedKafkaBroker kafka, EmbeddedKafkaBroker.Credentials credentials) {
        Map<String, String> env = new LinkedHashMap<>();
        kafka.clientConfig(credentials).forEach((key, value) -> {
            if (!key.equals("bootstrap.servers")) { // in the service's config file, as on a plaintext broker
                env.put("KAFKA_" + key.toUpperCase().replace('.', '_'), value);
            }
        });
        return env;
    }
}

package io.paygate.testsupport.kafka;

import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.Topics;
import io.paygate.model.merchant.MerchantState;
import io.paygate.model.merchant.MerchantStatus;
import io.paygate.model.merchant.Sealed;
import io.paygate.model.merchant.SecretSealer;
import io.paygate.testsupport.infra.EmbeddedKafkaBroker;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * merchant-service's side of {@code merchant-config} (docs/contract.md §10) as a test plays it: merchants' states with
 * their secrets sealed under the tests' encryption key ({@link #TEST_ENCRYPTION_KEY}, service-kit's
 * {@code %test.gateway.merchants.encryption-key}), published as merchant-service's outbox relay publishes them (an
 * envelope keyed by the merchant id, signed with {@link SignedEvents#TEST_SIGNING_KEY}) through a plain producer, to the
 * compacted topic. The broker outlives one test class: give each test's merchants ids (and SNAP client keys, company
 * codes) of their own, never {@code demo}'s.
 */
public final class RegistryRecords {

    /** The merchants' encryption key of every service under test (base64 of 32 bytes). */
    public static final String TEST_ENCRYPTION_KEY = "dGVzdC1vbmx5LXBheWdhdGUtbWVyY2hhbnQta2V5LTA=";

    private static final SecretSealer SEALER = SecretSealer.of(TEST_ENCRYPTION_KEY, null);

    private RegistryRecords() {
    }

    /** The sealer with the test key. */
    public static SecretSealer sealer() {
        return SEALER;
    }

    /** {@code secret} sealed for member {@code member} of {@code merchantId} under the test key. */
    public static Sealed seal(String merchantId, String member, String secret) {
        return SEALER.seal(merchantId, member, secret);
    }

    /** An active sandbox merchant at {@code version} with this client secret and nothing else. */
    public static MerchantState active(String id, long version, String clientSecret) {
        return new MerchantState(id, id + " Store", MerchantStatus.ACTIVE, "sandbox", "IDR", List.of(), List.of(), null,
                null, null, MerchantState.RotatingSecret.of(seal(id, MerchantState.SECRET_CLIENT, clientSecret)), null,
                null, null, version, Instant.now());
    }

    /** {@code state} with another status, at {@code version}. */
    public static MerchantState withStatus(MerchantState state, MerchantStatus status, long version) {
        return new MerchantState(state.id(), state.name(), status, state.provider(), state.currency(), state.methods(),
                state.ipAllowlist(), state.rateLimit(), state.fees(), state.settlementDelayDays(), state.clientSecret(),
                state.notificationSecret(), state.midtrans(), state.snap(), version, Instant.now());
    }

    /** Creates {@code merchant-config} compacted (3 partitions), unless it exists. */
    public static void createTopic(EmbeddedKafkaBroker broker) {
        broker.createCompactedTopic(Topics.MERCHANT_CONFIG, 3);
    }

    /** The record merchant-service's relay would publish for {@code state}, unsigned. */
    public static ProducerRecord<String, String> record(MerchantState state) {
        EventEnvelope envelope = EventEnvelope.of(state, Clock.systemUTC());
        return new ProducerRecord<>(Topics.MERCHANT_CONFIG, envelope.key(), envelope.toJson());
    }

    /** Publishes {@code state} signed with the test key (creating the topic first). */
    public static void publish(EmbeddedKafkaBroker broker, MerchantState state) {
        send(broker, SignedEvents.sign(record(state)));
    }

    /** Sends {@code record} as it is (a forged or unsigned one, say), creating its topic compacted first. */
    public static void send(EmbeddedKafkaBroker broker, ProducerRecord<String, String> record) {
        broker.createCompactedTopic(record.topic(), 3);
        Map<String, Object> config = new HashMap<>(broker.clientConfig());
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        try (Producer<String, String> producer = new KafkaProducer<>(config, new StringSerializer(),
                new StringSerializer())) {
            producer.send(record).get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("could not publish to " + record.topic() + ": " + e.getMessage(), e);
        }
    }
}

package io.paygate.kit.registry;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.paygate.kit.auth.Merchant;
import io.paygate.kit.auth.Merchants;
import io.paygate.model.event.EventSigner;
import io.paygate.model.merchant.MerchantState;
import io.paygate.model.merchant.MerchantStatus;
import io.paygate.model.merchant.Sealed;
import io.paygate.model.merchant.SecretSealer;
import io.paygate.testsupport.infra.EmbeddedKafkaBroker;
import io.paygate.testsupport.kafka.RegistryRecords;
import io.paygate.testsupport.kafka.SignedEvents;
import io.paygate.testsupport.quarkus.KafkaResource;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/contract.md §10 "How the other services know merchants", against the real (embedded) broker: the follower reads
 * {@code merchant-config} from its beginning, is caught up only once it read what was there at start, then follows it;
 * only genuine records are applied (§7's producer signature, secrets that open for their merchant). Each test reads a
 * topic of its own, so records of one never reach another. On main there is no follower: every test here fails to
 * compile there (kit.registry is new), and Merchants knows configured merchants only.
 */
class MerchantConfigFollowerTest {

    private static final EmbeddedKafkaBroker BROKER = KafkaResource.broker();
    private final String topic = "merchant-config-test-" + UUID.randomUUID();
    private final SimpleMeterRegistry metrics = new SimpleMeterRegistry();
    private final List<MerchantConfigFollower> followers = new ArrayList<>();

    @AfterEach
    void stop() {
        followers.forEach(MerchantConfigFollower::stop);
        BROKER.reconnect();
    }

    private MerchantConfigFollower follower(Merchants merchants) {
        Map<String, Object> config = new HashMap<>(BROKER.clientConfig());
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        config.put(ConsumerConfig.ALLOW_AUTO_CREATE_TOPICS_CONFIG, false);
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        config.put(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 3_000);
        MerchantConfigFollower follower = new MerchantConfigFollower(true, topic,
                () -> new KafkaConsumer<>(config, new StringDeserializer(), new StringDeserializer()), merchants,
                SignedEvents.signer(), metrics);
        followers.add(follower);
        return follower;
    }

    private static Merchants merchants() {
        return Merchants.of(List.of(), RegistryRecords.sealer());
    }

    private void publish(MerchantState state) {
        send(SignedEvents.sign(record(state)));
    }

    private ProducerRecord<String, String> record(MerchantState state) {
        ProducerRecord<String, String> record = RegistryRecords.record(state);
        return new ProducerRecord<>(topic, record.key(), record.value());
    }

    private void send(ProducerRecord<String, String> record) {
        RegistryRecords.send(BROKER, record);
    }

    private double rejected(String reason) {
        return metrics.counter(MerchantConfigRecords.REJECTED, "reason", reason).count();
    }

    @Test
    void readsEverythingThereWasAtStartBeforeItIsCaughtUpThenFollowsChanges() throws Exception {
        for (int i = 0; i < 30; i++) {
            publish(RegistryRecords.active("f" + i, 1, "secret-" + i));
        }
        publish(RegistryRecords.active("f0", 2, "secret-0-rotated"));
        Merchants merchants = merchants();
        MerchantConfigFollower follower = follower(merchants);
        assertFalse(follower.caughtUp(), "not before it started");
        follower.start();
        assertTrue(follower.awaitCaughtUp(Duration.ofSeconds(60)));
        // Caught up means applied: every merchant is there the moment readiness could turn UP.
        for (int i = 0; i < 30; i++) {
            assertTrue(merchants.find("f" + i).isPresent(), "f" + i);
        }
        assertEquals("secret-0-rotated", merchants.get("f0").clientSecret(), "the latest record of a key wins");
        assertEquals(2, merchants.get("f0").version());

        publish(RegistryRecords.withStatus(RegistryRecords.active("f7", 1, "secret-7"), MerchantStatus.SUSPENDED, 2));
        await().atMost(Duration.ofSeconds(30)).until(() -> merchants.get("f7").suspended());
    }

    @Test
    void aTopicThatDoesNotExistIsEmptyAndIsPickedUpOnceItAppears() throws Exception {
        Merchants merchants = merchants();
        MerchantConfigFollower follower = follower(merchants);
        follower.start();
        assertTrue(follower.awaitCaughtUp(Duration.ofSeconds(60)), "nothing to read: caught up");
        publish(RegistryRecords.active("late", 1, "late-secret")); // creates the topic, 3 partitions
        await().atMost(Duration.ofSeconds(30)).until(() -> merchants.find("late").isPresent());
    }

    @Test
    void notCaughtUpWhileTheBrokerIsAwayAtStartThenServesWhatItHoldsWhenItGoesAwayAgain() throws Exception {
        publish(RegistryRecords.active("away", 1, "away-secret"));
        Merchants merchants = merchants();
        MerchantConfigFollower follower = follower(merchants);
        BROKER.disconnect();
        follower.start();
        assertFalse(follower.awaitCaughtUp(Duration.ofSeconds(3)), "the end offsets are unknown");
        assertTrue(merchants.find("away").isEmpty());
        BROKER.reconnect();
        assertTrue(follower.awaitCaughtUp(Duration.ofSeconds(60)));
        assertTrue(merchants.find("away").isPresent());

        BROKER.disconnect();
        Thread.sleep(1_000); // the follower polls against a broker that is away
        assertTrue(follower.caughtUp(), "once caught up, it stays ready");
        assertEquals("away-secret", merchants.get("away").clientSecret(), "what it holds keeps serving");
        BROKER.reconnect();
        publish(RegistryRecords.active("away", 2, "away-secret-2"));
        await().atMost(Duration.ofSeconds(60)).until(() -> merchants.get("away").version() == 2);
    }

    @Test
    void forgedUnsignedOrUndecryptableRecordsAreRefusedCountedAndNeverApplied() throws Exception {
        publish(RegistryRecords.active("victim", 1, "victim-secret"));
        MerchantState takeover = RegistryRecords.active("victim", 9, "attacker-secret");
        // no signature
        send(record(takeover));
        // signed with a key the services do not hold
        send(SignedEvents.sign(record(takeover), EventSigner.of(SignedEvents.ROTATED_TEST_SIGNING_KEY)));
        // signed, but the value altered afterwards
        ProducerRecord<String, String> altered = SignedEvents.sign(record(takeover));
        send(new ProducerRecord<>(topic, null, altered.key(), altered.value().replace("victim Store", "victim Stor3"),
                altered.headers()));
        // genuine signature, ciphertext altered (a signed record of a producer with a bug, or an old key)
        Sealed sealed = takeover.clientSecret().current();
        byte[] bytes = Base64.getDecoder().decode(sealed.value());
        bytes[bytes.length - 1] ^= 1;
        publish(withClientSecret(takeover, new Sealed(sealed.kid(), Base64.getEncoder().encodeToString(bytes))));
        // genuine signature, another merchant's ciphertext copied in
        publish(withClientSecret(takeover, RegistryRecords.seal("attacker", MerchantState.SECRET_CLIENT,
                "attacker-secret")));
        // genuine signature, sealed under a key the service does not hold
        publish(withClientSecret(takeover, SecretSealer.of(SecretSealer.generateKey(), null)
                .seal("victim", MerchantState.SECRET_CLIENT, "attacker-secret")));
        // genuine signature, an allowlist that does not parse
        publish(new MerchantState("victim", "x", MerchantStatus.ACTIVE, null, null, null, List.of("not-a-cidr"), null,
                null, null, takeover.clientSecret(), null, null, null, 10, Instant.now()));
        // a tombstone
        send(new ProducerRecord<>(topic, "victim", null));
        publish(RegistryRecords.active("bystander", 1, "bystander-secret")); // after them all, on any partition

        Merchants merchants = merchants();
        MerchantConfigFollower follower = follower(merchants);
        follower.start();
        assertTrue(follower.awaitCaughtUp(Duration.ofSeconds(60)));
        assertTrue(merchants.find("bystander").isPresent());
        Merchant victim = merchants.get("victim");
        assertEquals(1, victim.version(), "the earlier state is kept");
        assertEquals("victim-secret", victim.clientSecret());
        assertEquals(1.0, rejected("signature-missing"));
        assertEquals(2.0, rejected("signature-mismatch"));
        assertEquals(3.0, rejected("undecryptable"));
        assertEquals(1.0, rejected("invalid"));
        assertEquals(1.0, rejected("empty"));
        assertFalse(follower.keyMissing());
    }

    @Test
    void aRecordNotAboveTheVersionHeldIsIgnored() throws Exception {
        publish(RegistryRecords.active("ordered", 3, "third"));
        publish(RegistryRecords.active("ordered", 2, "second")); // a replay of an older state
        Merchants merchants = merchants();
        MerchantConfigFollower follower = follower(merchants);
        follower.start();
        assertTrue(follower.awaitCaughtUp(Duration.ofSeconds(60)));
        assertEquals("third", merchants.get("ordered").clientSecret());
    }

    @Test
    void withoutTheEncryptionKeyRecordsAreRefusedAndTheServiceSaysSo() throws Exception {
        publish(RegistryRecords.active("keyless", 1, "keyless-secret"));
        Merchants merchants = Merchants.of(List.of(), null);
        MerchantConfigFollower follower = follower(merchants);
        follower.start();
        assertTrue(follower.awaitCaughtUp(Duration.ofSeconds(60)));
        assertTrue(follower.keyMissing());
        assertTrue(merchants.find("keyless").isEmpty());
        assertEquals(1.0, rejected("no-key"));
        assertEquals("DOWN", new MerchantConfigReadiness(follower).call().getStatus().name());
    }

    private static MerchantState withClientSecret(MerchantState state, Sealed secret) {
        return new MerchantState(state.id(), state.name(), state.status(), state.provider(), state.currency(),
                state.methods(), state.ipAllowlist(), state.rateLimit(), state.fees(), state.settlementDelayDays(),
                MerchantState.RotatingSecret.of(secret), state.notificationSecret(), state.midtrans(), state.snap(),
                state.version(), state.updatedAt());
    }
}

package io.paygate.merchant.rekeying;

import io.agroal.api.AgroalDataSource;
import io.paygate.merchant.support.Operator;
import io.paygate.merchant.support.Registry;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.Topics;
import io.paygate.model.json.Json;
import io.paygate.model.merchant.MerchantState;
import io.paygate.model.merchant.Sealed;
import io.paygate.model.merchant.SecretSealer;
import io.paygate.testsupport.kafka.TopicReader;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.paygate.testsupport.quarkus.PostgresResource;
import io.paygate.testsupport.quarkus.SandboxConfigResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * docs/contract.md §10, rotating the encryption key: with the new key current and the old one previous, every secret
 * sealed under the old key is sealed again under the new one and the merchant published again (a version more, an
 * audit entry naming the members); the new record opens with the new key alone. A row under a key the service does not
 * hold is left alone and the others still re-sealed.
 */
@QuarkusTest
@TestProfile(EncryptionKeyRotationTest.RotatedKey.class)
@WithTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "merchant_rekey"))
@WithTestResource(KafkaResource.class)
@WithTestResource(SandboxConfigResource.class)
class EncryptionKeyRotationTest {

    /** Literals: the profile is read in another class loader than the test's, so a generated key would differ. */
    static final String OLD_KEY = "b2xkLXBheWdhdGUtbWVyY2hhbnRzLWtleS0wMDAwMDA=";
    static final String NEW_KEY = "bmV3LXBheWdhdGUtbWVyY2hhbnRzLWtleS0xMTExMTE=";

    /** The new key current, the old one previous; the start-up re-seal off, so the test sees the endpoint do it. */
    public static class RotatedKey implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("gateway.merchants.encryption-key", NEW_KEY,
                    "gateway.merchants.previous-encryption-key", OLD_KEY,
                    "gateway.registry.reseal-at-start", "false");
        }
    }

    @Inject
    AgroalDataSource dataSource;

    @Test
    void secretsUnderThePreviousKeyAreSealedAgainUnderTheCurrentOneAndPublished() {
        Registry registry = new Registry(dataSource);
        SecretSealer old = SecretSealer.of(OLD_KEY, null);
        SecretSealer current = SecretSealer.of(NEW_KEY, null);
        String id = Operator.newId();
        String stranger = Operator.newId();
        Operator.create(id);
        Operator.create(stranger);
        // As they were before the rotation: sealed under the old key (and one under a key nobody holds any more).
        seal(registry, id, old, "old-client-secret", "whsec_" + "b2xkLW5vdGlmaWNhdGlvbi1zZWNyZXQtMzItYnl0ZXMh");
        seal(registry, stranger, SecretSealer.of(SecretSealer.generateKey(), null), "lost", "whsec_bG9zdA==");
        long version = registry.version(id);

        Operator.ops().post("/admin/encryption-key/reseal").then().statusCode(200)
                .body("responseCode", equalTo("2000000")).body("resealed", equalTo(1));
        assertEquals(version + 1, registry.version(id));
        assertEquals(List.of("reseal operator:ops {clientSecret,notificationSecret}"), registry.strings(
                "SELECT action || ' ' || actor || ' ' || replace(changed::text, '\"', '') FROM merchant_audit "
                        + "WHERE merchant_id = ? AND action = 'reseal'", id));
        String stored = registry.strings("SELECT client_secret FROM merchant WHERE id = ?", id).get(0);
        assertEquals(current.currentKeyId() + ":", stored.substring(0, stored.indexOf(':') + 1));
        assertNotEquals(old.currentKeyId(), current.currentKeyId());

        List<EventEnvelope> events = new TopicReader(KafkaResource.broker().bootstrapServers())
                .awaitEvents(Topics.MERCHANT_CONFIG, id, 2, Duration.ofSeconds(30));
        MerchantState published = Json.fromTree(events.get(events.size() - 1).data(), MerchantState.class);
        assertEquals(version + 1, published.version());
        assertEquals("old-client-secret", current.open(id, MerchantState.SECRET_CLIENT,
                published.clientSecret().current()));
        assertThrows(IllegalArgumentException.class, () -> old.open(id, MerchantState.SECRET_CLIENT,
                published.clientSecret().current()), "the old key no longer opens it");

        Operator.ops().post("/admin/encryption-key/reseal").then().statusCode(200).body("resealed", equalTo(0));
        assertEquals(version + 1, registry.version(id), "nothing to do twice");
        Operator.as("wrong").post("/admin/encryption-key/reseal").then().statusCode(401);
    }

    private static void seal(Registry registry, String id, SecretSealer sealer, String clientSecret,
                             String notificationSecret) {
        registry.execute("UPDATE merchant SET client_secret = '" + column(sealer.seal(id, MerchantState.SECRET_CLIENT,
                clientSecret)) + "', notification_secret = '" + column(sealer.seal(id,
                MerchantState.SECRET_NOTIFICATION, notificationSecret)) + "' WHERE id = '" + id + "'");
    }

    private static String column(Sealed sealed) {
        return sealed.kid() + ":" + sealed.value();
    }
}

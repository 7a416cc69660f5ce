package io.paygate.kit.registry;

import io.paygate.kit.auth.Merchants;
import io.paygate.model.merchant.MerchantState;
import io.paygate.model.merchant.MerchantStatus;
import io.paygate.model.merchant.Sealed;
import io.paygate.qa.SnapClient;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.SandboxSnap;
import io.paygate.testsupport.kafka.RegistryRecords;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.paygate.testsupport.quarkus.PostgresResource;
import io.paygate.testsupport.quarkus.SandboxConfigResource;
import io.paygate.testsupport.rest.HealthChecks;
import io.paygate.testsupport.rest.MerchantSigningFilter;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/contract.md §10 at the doors every service shares ({@code @MerchantAuthenticated} and the SNAP door): a merchant
 * the registry alone knows is served; the registry's state beats the configuration's (a suspended merchant stays
 * suspended, a stale secret is refused); a previous client secret is accepted until its expiry, then {@code 401}; an
 * address outside the merchant's allowlist is {@code 403SS06} before anything is read or written ({@code X-Forwarded-For}
 * from a peer that is no trusted proxy ignored); a suspended merchant is {@code 403SS05} ({@code 403xx05} on SNAP paths);
 * a merchant's own rate limit replaces the defaults. RestAssured calls from loopback, which this profile does not trust
 * as a proxy. Every merchant here is this class's own ({@code rk-…}): the broker outlives the class.
 *
 * <p>On main each of these fails: the registry is not read (registry merchants are {@code 401 Unknown partner}), the
 * configured rk-config is served while the registry suspended it, and there is no 403 at all.
 */
@QuarkusTest
@TestProfile(RegistryAuthenticationTest.Profile.class)
@WithTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "kit_registry"))
@WithTestResource(KafkaResource.class)
@WithTestResource(SandboxConfigResource.class)
class RegistryAuthenticationTest {

    static final String ECHO = "/v1.0/transfer-va/status";
    static final String SNAP_BODY = "{\"partnerReferenceNo\":\"REF-1\"}";

    public static class Profile implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of(
                    "gateway.trusted-proxies", "10.255.255.254",
                    "gateway.merchants.rk-config.name", "Configured Store",
                    "gateway.merchants.rk-config.client-secret", "rk-config-secret");
        }
    }

    @Inject
    Merchants merchants;

    @Inject
    DataSource dataSource;

    @BeforeEach
    void registryRead() {
        await().atMost(Duration.ofSeconds(60)).until(() -> "UP".equals(HealthChecks.readiness()
                .get(MerchantConfigReadiness.NAME)));
    }

    private void publish(MerchantState state) {
        RegistryRecords.publish(KafkaResource.broker(), state);
        await().atMost(Duration.ofSeconds(30))
                .until(() -> merchants.registryVersion(state.id()).orElse(-1L) >= state.version());
    }

    private static Response whoami(String id, String secret) {
        return given().filter(MerchantSigningFilter.as(id, secret)).get("/pg/kit/whoami");
    }

    @Test
    void readinessNamesTheRegistryCheck() {
        assertEquals("UP", HealthChecks.readiness().get("merchant-config"));
    }

    @Test
    void aMerchantOnlyTheRegistryKnowsIsServedWithItsSecret() {
        publish(RegistryRecords.active("rk-new", 1, "rk-new-secret"));
        whoami("rk-new", "rk-new-secret").then().statusCode(200).body("merchant", equalTo("rk-new"));
        whoami("rk-new", "another").then().statusCode(401)
                .body("responseMessage", equalTo("Unauthorized. Invalid signature"));
    }

    @Test
    void theRegistryBeatsTheConfigurationForAnIdItKnows() {
        whoami("rk-config", "rk-config-secret").then().statusCode(200); // configuration only, so far
        MerchantState suspended = RegistryRecords.withStatus(
                RegistryRecords.active("rk-config", 1, "rk-config-registry-secret"), MerchantStatus.SUSPENDED, 1);
        publish(suspended);
        whoami("rk-config", "rk-config-secret").then().statusCode(401)
                .body("responseMessage", equalTo("Unauthorized. Invalid signature")); // the stale Secret's
        whoami("rk-config", "rk-config-registry-secret").then().statusCode(403)
                .body("responseCode", equalTo("4030105")).body("responseMessage", equalTo("Merchant Suspended"));
        String resource = "res-" + UUID.randomUUID();
        given().filter(MerchantSigningFilter.as("rk-config", "rk-config-registry-secret"))
                .contentType("application/json").body("{\"resourceId\":\"" + resource + "\"}")
                .post("/pg/kit/events").then().statusCode(403).body("responseCode", equalTo("4030105"));
        assertEquals(0, outboxRows("rk-config:" + resource), "a suspended merchant's request writes nothing");
        // an unauthenticated caller learns nothing of the suspension
        whoami("rk-config", "guess").then().statusCode(401);
    }

    @Test
    void aPreviousClientSecretIsAcceptedUntilItExpiresThenRefused() {
        publish(RegistryRecords.active("rk-rot", 1, "rk-rot-one"));
        Instant expires = Instant.now().plusSeconds(4);
        publish(withClientSecret(RegistryRecords.active("rk-rot", 2, "rk-rot-two"), "rk-rot", "rk-rot-two",
                "rk-rot-one", expires));
        whoami("rk-rot", "rk-rot-one").then().statusCode(200);
        whoami("rk-rot", "rk-rot-two").then().statusCode(200);
        await().atMost(Duration.ofSeconds(30)).until(() -> Instant.now().isAfter(expires.plusMillis(200)));
        whoami("rk-rot", "rk-rot-one").then().statusCode(401)
                .body("responseMessage", equalTo("Unauthorized. Invalid signature"));
        whoami("rk-rot", "rk-rot-two").then().statusCode(200);

        // a state whose previous secret already ended never accepts it
        publish(withClientSecret(RegistryRecords.active("rk-rot", 3, "rk-rot-three"), "rk-rot", "rk-rot-three",
                "rk-rot-two", Instant.now().minusSeconds(60)));
        whoami("rk-rot", "rk-rot-two").then().statusCode(401);
        whoami("rk-rot", "rk-rot-three").then().statusCode(200);
    }

    @Test
    void aRequestFromOutsideTheAllowlistIsRefusedBeforeAnythingIsReadOrWritten() {
        publish(withAllowlist(RegistryRecords.active("rk-ip", 1, "rk-ip-secret"), List.of("203.0.113.0/24")));
        String resource = "res-" + UUID.randomUUID();
        // X-Forwarded-For names an allowed address, but loopback is no trusted proxy here: it is ignored
        given().filter(MerchantSigningFilter.as("rk-ip", "rk-ip-secret")).header("X-Forwarded-For", "203.0.113.5")
                .contentType("application/json").body("{\"resourceId\":\"" + resource + "\"}")
                .post("/pg/kit/events").then().statusCode(403)
                .body("responseCode", equalTo("4030106")).body("responseMessage", equalTo("Address Not Allowed"));
        assertEquals(0, outboxRows("rk-ip:" + resource));
        // refused before its body or its credentials are looked at: not the 401 of a request without a signature
        given().header("X-PARTNER-ID", "rk-ip").contentType("application/json").body("{")
                .post("/pg/kit/events").then().statusCode(403).body("responseCode", equalTo("4030106"));

        publish(withAllowlist(RegistryRecords.active("rk-ip-local", 1, "rk-ip-local-secret"),
                List.of("127.0.0.0/8", "::1/128")));
        given().filter(MerchantSigningFilter.as("rk-ip-local", "rk-ip-local-secret"))
                .header("X-Forwarded-For", "203.0.113.5").get("/pg/kit/whoami").then().statusCode(200);
    }

    @Test
    void aMerchantsOwnRateLimitReplacesTheDefaults() {
        MerchantState base = RegistryRecords.active("rk-rate", 1, "rk-rate-secret");
        publish(new MerchantState(base.id(), base.name(), base.status(), base.provider(), base.currency(),
                base.methods(), base.ipAllowlist(), new MerchantState.RateLimit(1, 2), null, null,
                base.clientSecret(), null, null, null, 1, Instant.now()));
        int refused = 0;
        for (int i = 0; i < 12; i++) {
            int status = whoami("rk-rate", "rk-rate-secret").then().extract().statusCode();
            refused += status == 429 ? 1 : 0;
        }
        assertTrue(refused > 0, "a bucket of 2 refilled once a second, not the test profile's million");
        whoami(SandboxMerchants.DEMO.id(), SandboxMerchants.DEMO.clientSecret()).then().statusCode(200);
    }

    @Test
    void theSnapDoorRefusesASuspendedMerchantAndAnAddressOutsideItsAllowlist() {
        MerchantState active = withSnap(RegistryRecords.active("rk-snap", 1, "rk-snap-secret"), "rk-snap",
                SandboxSnap.publicKeyPem(SandboxMerchants.DEMO), null, null);
        publish(active);
        SnapClient client = snapClient("rk-snap", "rk-snap-secret", SandboxMerchants.DEMO);
        client.request().body(SNAP_BODY).post(ECHO).then().statusCode(200).body("merchant", equalTo("rk-snap"));
        publish(RegistryRecords.withStatus(active, MerchantStatus.SUSPENDED, 2));
        client.request().body(SNAP_BODY).post(ECHO).then().statusCode(403)
                .body("responseCode", equalTo("4032605")).body("responseMessage", equalTo("Do Not Honor"));
        client.tokenReply().then().statusCode(403).body("responseCode", equalTo("4037305"));

        publish(withAllowlist(withSnap(RegistryRecords.active("rk-snap-ip", 1, "rk-snap-ip-secret"), "rk-snap-ip",
                SandboxSnap.publicKeyPem(SandboxMerchants.DEMO), null, null), List.of("203.0.113.0/24")));
        snapClient("rk-snap-ip", "rk-snap-ip-secret", SandboxMerchants.DEMO).tokenReply().then().statusCode(403)
                .body("responseCode", equalTo("4037306"))
                .body("responseMessage", equalTo("Feature Not Allowed At This Time"));
    }

    @Test
    void anAccessTokenRequestSignedWithThePreviousPublicKeyIsAcceptedDuringItsGrace() {
        String previous = SandboxSnap.publicKeyPem(SandboxMerchants.DEMO);
        String current = SandboxSnap.publicKeyPem(SandboxMerchants.DEMO2);
        publish(withSnap(RegistryRecords.active("rk-key", 1, "rk-key-secret"), "rk-key", current, previous,
                Instant.now().plusSeconds(600)));
        snapClient("rk-key", "rk-key-secret", SandboxMerchants.DEMO).tokenReply().then().statusCode(200);
        snapClient("rk-key", "rk-key-secret", SandboxMerchants.DEMO2).tokenReply().then().statusCode(200);
        publish(withSnap(RegistryRecords.active("rk-key", 2, "rk-key-secret"), "rk-key", current, previous,
                Instant.now().minusSeconds(1)));
        snapClient("rk-key", "rk-key-secret", SandboxMerchants.DEMO).tokenReply().then().statusCode(401)
                .body("responseCode", equalTo("4017300"));
        snapClient("rk-key", "rk-key-secret", SandboxMerchants.DEMO2).tokenReply().then().statusCode(200);
    }

    private static SnapClient snapClient(String clientKey, String secret, SandboxMerchants.Merchant keysOf) {
        return SnapClient.of(RestAssured.baseURI + ":" + RestAssured.port, clientKey, secret,
                SandboxSnap.privateKeyPem(keysOf));
    }

    private long outboxRows(String key) {
        try (Connection c = dataSource.getConnection();
             PreparedStatement select = c.prepareStatement("SELECT count(*) FROM outbox_event WHERE msg_key = ?")) {
            select.setString(1, key);
            try (ResultSet rs = select.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static MerchantState withClientSecret(MerchantState s, String id, String current, String previous,
                                                  Instant previousExpiresAt) {
        Sealed now = RegistryRecords.seal(id, MerchantState.SECRET_CLIENT, current);
        Sealed before = RegistryRecords.seal(id, MerchantState.SECRET_CLIENT, previous);
        return copy(s, new MerchantState.RotatingSecret(now, before, previousExpiresAt, Instant.now(), null),
                s.ipAllowlist(), s.snap());
    }

    private static MerchantState withAllowlist(MerchantState s, List<String> cidrs) {
        return copy(s, s.clientSecret(), cidrs, s.snap());
    }

    private static MerchantState withSnap(MerchantState s, String clientKey, String publicKey, String previousKey,
                                          Instant previousExpiresAt) {
        return copy(s, s.clientSecret(), s.ipAllowlist(), new MerchantState.SnapState(clientKey, publicKey,
                previousKey, previousExpiresAt, List.of(), null, null, null, null));
    }

    private static MerchantState copy(MerchantState s, MerchantState.RotatingSecret clientSecret, List<String> cidrs,
                                      MerchantState.SnapState snap) {
        return new MerchantState(s.id(), s.name(), s.status(), s.provider(), s.currency(), s.methods(), cidrs,
                s.rateLimit(), s.fees(), s.settlementDelayDays(), clientSecret, s.notificationSecret(), s.midtrans(),
                snap, s.version(), s.updatedAt());
    }
}

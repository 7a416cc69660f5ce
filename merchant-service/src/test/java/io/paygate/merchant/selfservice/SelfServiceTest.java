package io.paygate.merchant.selfservice;

import io.agroal.api.AgroalDataSource;
import io.paygate.merchant.support.MerchantTestResources;
import io.paygate.merchant.support.Operator;
import io.paygate.merchant.support.Registry;
import io.paygate.model.snap.SnapKeys;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.SandboxSnap;
import io.paygate.testsupport.rest.MerchantSigningFilter;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.security.KeyPairGenerator;
import java.util.ArrayList;
import java.util.List;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/contract.md §10 "Self-service": signed as §0, a merchant reads its profile and changes its own keys and allowlist;
 * each change is audited as {@code merchant:<id>}; every bad input writes nothing.
 */
@QuarkusTest
@MerchantTestResources
class SelfServiceTest {

    /** The test profile's merchant with methods, fees and a settlement delay of its own. */
    private static final SandboxMerchants.Merchant ROTATOR = new SandboxMerchants.Merchant("rotator", "Rotating Store",
            "rotator-client-secret", "whsec_cm90YXRpbmctc3RvcmUtbm90aWZpY2F0aW9uLXNlY3JldA==", "IDR");

    @Inject
    AgroalDataSource dataSource;

    private Registry registry;

    @BeforeEach
    void setUp() {
        registry = new Registry(dataSource);
    }

    private static RequestSpecification as(SandboxMerchants.Merchant merchant) {
        return given().filter(MerchantSigningFilter.as(merchant)).contentType("application/json");
    }

    @Test
    void theProfileIsTheMerchantsOwnAsTheOperatorSeesItWithoutSecrets() {
        String body = as(SandboxMerchants.DEMO).get("/pg/merchant").then().statusCode(200)
                .body("responseCode", equalTo("2000000")).body("id", equalTo("demo")).body("status", equalTo("ACTIVE"))
                .body("snap.partnerServiceIds", equalTo(SandboxSnap.partnerServiceIds(SandboxMerchants.DEMO)))
                .body("snap.signingKeys.use", equalTo(List.of("current", "previous")))
                .body("$", not(hasKey("clientSecret"))).extract().asString();
        assertTrue(!body.contains(SandboxMerchants.DEMO.clientSecret())
                && !body.contains(SandboxMerchants.DEMO.notificationSecret()));
        as(SandboxMerchants.DEMO2).get("/pg/merchant").then().statusCode(200).body("id", equalTo("demo2"));
        as(ROTATOR).get("/pg/merchant").then().statusCode(200).body("methods", equalTo(List.of("CARD", "QRIS")))
                .body("fees.CARD.percent", equalTo("2.9")).body("settlementDelayDays", equalTo(1));
        given().get("/pg/merchant").then().statusCode(401).body("responseCode", equalTo("4011200"));
        given().filter(MerchantSigningFilter.as("demo", "wrong-secret")).get("/pg/merchant").then().statusCode(401);
        Operator.ops().get("/pg/merchant").then().statusCode(401);
    }

    @Test
    void theClientSecretRotatesWithAGraceAndThePreviousOneEndsOnRequest() {
        // A merchant of its own: once its previous secret ends, nothing else may sign with the one it was created with.
        String id = Operator.newId();
        SandboxMerchants.Merchant created = new SandboxMerchants.Merchant(id, "Test Store " + id,
                Operator.create(id).extract().path("clientSecret"), null, "IDR");
        long before = registry.version(id);
        registry.writesNothing(() -> as(created).delete("/pg/merchant/client-secret/previous").then().statusCode(409)
                .body("responseCode", equalTo("4091200")));
        for (String bad : List.of("{\"graceSeconds\":604801}", "{\"graceSeconds\":-5}")) {
            registry.writesNothing(() -> as(created).body(bad).post("/pg/merchant/client-secret/rotate").then()
                    .statusCode(400).body("responseMessage", equalTo("Invalid Field Format graceSeconds")));
        }
        String secret = as(created).body("{\"graceSeconds\":600}").post("/pg/merchant/client-secret/rotate").then()
                .statusCode(200).body("previousExpiresAt", notNullValue()).extract().path("clientSecret");
        assertEquals(43, secret.length());
        SandboxMerchants.Merchant rotated = new SandboxMerchants.Merchant(id, created.name(), secret, null, "IDR");
        // The first secret is the previous one now, valid for the grace: it still signs this, and so does the new one.
        as(created).get("/pg/merchant").then().statusCode(200).body("version", equalTo((int) before + 1))
                .body("previousClientSecretExpiresAt", notNullValue()).body("$", not(hasKey("clientSecret")));
        as(rotated).get("/pg/merchant").then().statusCode(200);
        as(rotated).delete("/pg/merchant/client-secret/previous").then().statusCode(200)
                .body("$", not(hasKey("previousClientSecretExpiresAt")));
        // In force on the replica that answered before its reply (MerchantChanges applies what it committed).
        as(created).get("/pg/merchant").then().statusCode(401);
        as(rotated).get("/pg/merchant").then().statusCode(200);
        assertEquals(List.of("client-secret.end-previous merchant:" + id, "client-secret.rotate merchant:" + id),
                registry.strings("SELECT action || ' ' || actor FROM merchant_audit WHERE merchant_id = '" + id + "' "
                        + "AND action LIKE 'client-secret%' ORDER BY id DESC"));
    }

    @Test
    void theNotificationSecretRotatesAndTheMerchantActivatesTheNewOne() {
        registry.writesNothing(() -> as(SandboxMerchants.DEMO2).post("/pg/merchant/notification-secret/activate")
                .then().statusCode(409).body("responseCode", equalTo("4091200")));
        String secret = as(SandboxMerchants.DEMO2).post("/pg/merchant/notification-secret/rotate").then()
                .statusCode(200).body("previousExpiresAt", notNullValue()).extract().path("notificationSecret");
        assertTrue(secret.startsWith("whsec_"));
        as(SandboxMerchants.DEMO2).get("/pg/merchant").then().body("notificationSecretActivated", equalTo(false));
        as(SandboxMerchants.DEMO2).post("/pg/merchant/notification-secret/activate").then().statusCode(200)
                .body("notificationSecretActivated", equalTo(true));
        registry.writesNothing(() -> as(SandboxMerchants.DEMO2).post("/pg/merchant/notification-secret/activate")
                .then().statusCode(409));
        registry.writesNothing(() -> as(SandboxMerchants.DEMO2).body("{\"graceSeconds\":\"a day\"}")
                .post("/pg/merchant/notification-secret/rotate").then().statusCode(400)
                .body("responseCode", equalTo("4001200")));
        assertEquals(List.of("merchant:demo2"), registry.strings("SELECT DISTINCT actor FROM merchant_audit "
                + "WHERE merchant_id = 'demo2' AND action LIKE 'notification-secret%'"));
    }

    @Test
    void theSnapPublicKeyChangesWithAGraceAndABadKeyIsRefused() throws Exception {
        KeyPairGenerator rsa = KeyPairGenerator.getInstance("RSA");
        rsa.initialize(1024);
        String shortKey = SnapKeys.pem(rsa.generateKeyPair().getPublic());
        List<String[]> cases = new ArrayList<>();
        cases.add(new String[]{"{\"publicKey\":\"not a key\"}", "4001201", "Invalid Field Format publicKey"});
        cases.add(new String[]{"{\"publicKey\":\"" + json(shortKey) + "\"}", "4001201", "Invalid Field Format publicKey"});
        cases.add(new String[]{"{\"graceSeconds\":60}", "4001202", "Invalid Mandatory Field publicKey"});
        cases.add(new String[]{"{\"publicKey\":\"" + json(key(SandboxMerchants.DEMO2)) + "\",\"graceSeconds\":604801}",
                "4001201", "Invalid Field Format graceSeconds"});
        for (String[] c : cases) {
            registry.writesNothing(() -> as(SandboxMerchants.DEMO).body(c[0]).put("/pg/merchant/snap-public-key").then()
                    .statusCode(400).body("responseCode", equalTo(c[1])).body("responseMessage", equalTo(c[2])));
        }
        registry.writesNothing(() -> as(ROTATOR).body("{\"publicKey\":\"" + json(key(SandboxMerchants.DEMO2)) + "\"}")
                .put("/pg/merchant/snap-public-key").then().statusCode(409));
        String original = key(SandboxMerchants.DEMO);
        try {
            as(SandboxMerchants.DEMO).body("{\"publicKey\":\"" + json(key(SandboxMerchants.DEMO2)) + "\"}")
                    .put("/pg/merchant/snap-public-key").then().statusCode(200)
                    .body("snap.publicKey", equalTo(key(SandboxMerchants.DEMO2)))
                    .body("snap.previousPublicKey", equalTo(original))
                    .body("snap.previousPublicKeyExpiresAt", notNullValue());
        } finally {
            as(SandboxMerchants.DEMO).body("{\"publicKey\":\"" + json(original) + "\",\"graceSeconds\":0}")
                    .put("/pg/merchant/snap-public-key").then().statusCode(200)
                    .body("snap.publicKey", equalTo(original)).body("snap", not(hasKey("previousPublicKey")));
        }
    }

    @Test
    void anAllowlistThatLocksOutItsOwnCallerIsRefusedUnlessForced() {
        List<String[]> cases = List.of(
                new String[]{"{\"cidrs\":[\"203.0.113.0/24\",\"nonsense\"]}", "4001201", "Invalid Field Format cidrs[1]"},
                new String[]{"{\"cidrs\":[" + "\"10.0.0.1\",".repeat(32) + "\"10.0.0.2\"]}", "4001201",
                        "Invalid Field Format cidrs"},
                new String[]{"{\"force\":true}", "4001202", "Invalid Mandatory Field cidrs"},
                new String[]{"{\"cidrs\":[\"203.0.113.0/24\"]}", "4091200",
                        "Conflict. the allowlist would refuse this request's address 127.0.0.1: send force true to "
                                + "apply it anyway"});
        for (String[] c : cases) {
            registry.writesNothing(() -> as(SandboxMerchants.DEMO).body(c[0]).put("/pg/merchant/ip-allowlist").then()
                    .statusCode(Integer.parseInt(c[1].substring(0, 3))).body("responseCode", equalTo(c[1]))
                    .body("responseMessage", equalTo(c[2])));
        }
        try {
            as(SandboxMerchants.DEMO).body("{\"cidrs\":[\"127.0.0.0/8\",\"2001:DB8:1::/48\"]}")
                    .put("/pg/merchant/ip-allowlist").then().statusCode(200)
                    .body("ipAllowlist", equalTo(List.of("127.0.0.0/8", "2001:db8:1::/48")));
            // Behind the (trusted, in tests) proxy the caller is the X-Forwarded-For address: an IPv6 client by its /64.
            as(SandboxMerchants.DEMO).header("X-Forwarded-For", "2001:db8:1:2::5")
                    .body("{\"cidrs\":[\"2001:db8:1:2::5/128\"]}").put("/pg/merchant/ip-allowlist").then()
                    .statusCode(409);
            as(SandboxMerchants.DEMO).header("X-Forwarded-For", "2001:db8:1:2::5")
                    .body("{\"cidrs\":[\"2001:db8:1:2::/64\"]}").put("/pg/merchant/ip-allowlist").then()
                    .statusCode(200);
            // In force at once on this replica: 127.0.0.1 is outside the list now, before anything is read.
            as(SandboxMerchants.DEMO).get("/pg/merchant").then().statusCode(403).body("responseCode", equalTo("4031206"));
            as(SandboxMerchants.DEMO).header("X-Forwarded-For", "2001:db8:1:2::5")
                    .body("{\"cidrs\":[\"203.0.113.0/24\"],\"force\":true}")
                    .put("/pg/merchant/ip-allowlist").then().statusCode(200)
                    .body("ipAllowlist", equalTo(List.of("203.0.113.0/24")));
        } finally {
            as(SandboxMerchants.DEMO).header("X-Forwarded-For", "203.0.113.9").body("{\"cidrs\":[]}")
                    .put("/pg/merchant/ip-allowlist").then().statusCode(200).body("ipAllowlist", equalTo(List.of()));
        }
        Operator.ops().queryParam("merchant", "demo").queryParam("limit", 1).get("/admin/audit").then()
                .body("entries[0].actor", equalTo("merchant:demo")).body("entries[0].action", equalTo("ip-allowlist.change"))
                .body("entries[0].sourceAddress", equalTo("203.0.113.9"))
                .body("entries[0].changed", equalTo(List.of("ipAllowlist")));
    }

    private static String key(SandboxMerchants.Merchant merchant) {
        return SnapKeys.pem(SnapKeys.publicKey(SandboxSnap.publicKeyPem(merchant)));
    }

    private static String json(String pem) {
        return pem.replace("\n", "\\n");
    }
}

package io.paygate.merchant.operator;

import io.agroal.api.AgroalDataSource;
import io.paygate.merchant.support.MerchantTestResources;
import io.paygate.merchant.support.Operator;
import io.paygate.merchant.support.Registry;
import io.paygate.model.merchant.MerchantState;
import io.paygate.model.merchant.Sealed;
import io.paygate.model.merchant.SecretSealer;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/contract.md §10: an operator's changes (merge patch, suspension, rotations) — each one version more and one
 * audit entry naming the members; every refusal writes nothing.
 */
@QuarkusTest
@MerchantTestResources
class OperatorChangesTest {

    @Inject
    AgroalDataSource dataSource;
    @Inject
    SecretSealer sealer;

    private Registry registry;

    @BeforeEach
    void setUp() {
        registry = new Registry(dataSource);
    }

    @Test
    void aMergePatchChangesTheMembersItNamesAndNullRemovesOne() {
        String id = Operator.newId();
        Operator.ops().body("""
                {"id":"%s","name":"Before","currency":"USD","methods":["CARD"],"fees":{"QRIS":{"percent":"0.7"}},
                 "settlementDelayDays":3}""".formatted(id)).post("/admin/merchants").then().statusCode(201);
        Operator.ops().contentType("application/merge-patch+json")
                .body("{\"name\":\"After\",\"fees\":null,\"methods\":[\"QRIS\",\"va_bca\"]}")
                .patch("/admin/merchants/" + id).then().statusCode(200)
                .body("name", equalTo("After")).body("currency", equalTo("USD"))
                .body("methods", equalTo(List.of("QRIS", "VA_BCA"))).body("$", not(hasKey("fees")))
                .body("settlementDelayDays", equalTo(3)).body("version", equalTo(2));
        assertEquals(List.of("patch:{name,methods,fees}", "create"), audit(id));
        Operator.ops().body("{\"snap\":{\"clientKey\":\"ck-" + id + "\",\"publicKey\":\"" + demoKey() + "\"}}")
                .patch("/admin/merchants/" + id).then().statusCode(200)
                .body("snap.signingKeys[0].use", equalTo("current")).body("version", equalTo(3));
        Operator.ops().body("{\"name\":\"After\"}").patch("/admin/merchants/" + id).then().statusCode(200)
                .body("version", equalTo(3));
    }

    @Test
    void aBadPatchNamesTheMemberAndWritesNothing() {
        String id = Operator.newId();
        Operator.create(id);
        Map<String, String> cases = new java.util.LinkedHashMap<>();
        cases.put("{\"id\":\"other\"}", "4001201 Invalid Field Format id");
        cases.put("{\"currency\":\"rupiah\"}", "4001201 Invalid Field Format currency");
        cases.put("{\"name\":null}", "4001202 Invalid Mandatory Field name");
        cases.put("{\"rateLimit\":{\"perSecond\":\"5\",\"burst\":5}}", "4001201 Invalid Field Format rateLimit.perSecond");
        cases.put("{\"snap\":{\"clientKey\":\"k-" + id + "\"}}", "4001202 Invalid Mandatory Field snap.publicKey");
        cases.put("{\"ipAllowlist\":[\"300.1.1.1\"]}", "4001201 Invalid Field Format ipAllowlist[0]");
        cases.put("{\"provider\":\"midtrans\"}", "4001202 Invalid Mandatory Field midtrans.serverKey");
        cases.put("[1,2]", "4001200 Bad Request a merge patch of a merchant is a JSON object");
        cases.forEach((body, expected) -> registry.writesNothing(() -> Operator.ops().body(body)
                .patch("/admin/merchants/" + id).then().statusCode(Integer.parseInt(expected.substring(0, 3)))
                .body("responseCode", equalTo(expected.substring(0, 7)))
                .body("responseMessage", equalTo(expected.substring(8)))));
        Operator.ops().body("{\"name\":\"x\"}").patch("/admin/merchants/nobody-here").then().statusCode(404)
                .body("responseCode", equalTo("4041201"));
        assertEquals(1, registry.version(id));
    }

    @Test
    void suspendAndReactivateAreStateChangesAndNotIdempotentOverwrites() {
        String id = Operator.newId();
        Operator.create(id);
        Operator.ops().body("{\"reason\":\"chargebacks\"}").post("/admin/merchants/" + id + "/suspend").then()
                .statusCode(200).body("status", equalTo("SUSPENDED")).body("suspendedReason", equalTo("chargebacks"))
                .body("suspendedAt", notNullValue()).body("version", equalTo(2));
        registry.writesNothing(() -> Operator.ops().body("{\"reason\":\"again\"}")
                .post("/admin/merchants/" + id + "/suspend").then().statusCode(409)
                .body("responseCode", equalTo("4091200")));
        registry.writesNothing(() -> Operator.ops().body("{}").post("/admin/merchants/" + id + "/suspend").then()
                .statusCode(400).body("responseCode", equalTo("4001202"))
                .body("responseMessage", equalTo("Invalid Mandatory Field reason")));
        registry.writesNothing(() -> Operator.ops().body("{\"reason\":\"" + "x".repeat(256) + "\"}")
                .post("/admin/merchants/" + id + "/suspend").then().statusCode(400)
                .body("responseCode", equalTo("4001201")));
        Operator.ops().post("/admin/merchants/" + id + "/reactivate").then().statusCode(200)
                .body("status", equalTo("ACTIVE")).body("$", not(hasKey("suspendedReason"))).body("version", equalTo(3));
        registry.writesNothing(() -> Operator.ops().post("/admin/merchants/" + id + "/reactivate").then()
                .statusCode(409).body("responseCode", equalTo("4091200")));
        Operator.ops().body("{\"reason\":\"x\"}").post("/admin/merchants/nobody-here/suspend").then().statusCode(404);
        assertEquals(List.of("reactivate:{status,suspendedReason}", "suspend:{status,suspendedReason}", "create"),
                audit(id));
    }

    @Test
    void aSecondClientSecretRotationReplacesThePreviousOneWhileItLives() {
        String id = Operator.newId();
        String original = Operator.create(id).extract().path("clientSecret");
        Instant before = Instant.now();
        String first = Operator.ops().body("{}").post("/admin/merchants/" + id + "/client-secret/rotate").then()
                .statusCode(200).body("previousExpiresAt", notNullValue()).extract().path("clientSecret");
        assertEquals(original, open(id, "client_secret_previous"));
        assertEquals(first, open(id, "client_secret"));
        Instant expires = Instant.parse(Operator.ops().get("/admin/merchants/" + id).then()
                .body("clientSecretRotatedAt", notNullValue()).extract().path("previousClientSecretExpiresAt"));
        assertTrue(Math.abs(Duration.between(before.plusSeconds(86_400), expires).toSeconds()) < 60, "a day by default");
        String second = Operator.ops().body("{\"graceSeconds\":60}")
                .post("/admin/merchants/" + id + "/client-secret/rotate").then().statusCode(200)
                .extract().path("clientSecret");
        assertEquals(first, open(id, "client_secret_previous"), "the secret just replaced is the previous one");
        assertEquals(second, open(id, "client_secret"));
        Operator.ops().body("{\"graceSeconds\":0}").post("/admin/merchants/" + id + "/client-secret/rotate").then()
                .statusCode(200).body("$", not(hasKey("previousExpiresAt")));
        assertEquals(List.of(""), registry.strings(
                "SELECT coalesce(client_secret_previous, '') FROM merchant WHERE id = ?", id));
        for (String bad : List.of("{\"graceSeconds\":604801}", "{\"graceSeconds\":-1}")) {
            registry.writesNothing(() -> Operator.ops().body(bad).post("/admin/merchants/" + id
                    + "/client-secret/rotate").then().statusCode(400).body("responseCode", equalTo("4001201"))
                    .body("responseMessage", equalTo("Invalid Field Format graceSeconds")));
        }
        registry.writesNothing(() -> Operator.ops().body("{\"graceSeconds\":\"60\"}").post("/admin/merchants/" + id
                + "/client-secret/rotate").then().statusCode(400).body("responseCode", equalTo("4001200")));
        Operator.ops().body("{}").post("/admin/merchants/nobody-here/client-secret/rotate").then().statusCode(404);
    }

    @Test
    void aNotificationSecretRotationWaitsForTheMerchantsActivation() {
        String id = Operator.newId();
        String original = Operator.create(id).extract().path("notificationSecret");
        String next = Operator.ops().body("{\"graceSeconds\":3600}")
                .post("/admin/merchants/" + id + "/notification-secret/rotate").then().statusCode(200)
                .body("$", not(hasKey("clientSecret"))).extract().path("notificationSecret");
        assertTrue(next.startsWith("whsec_"));
        assertEquals(original, open(id, "notification_secret_previous"));
        Operator.ops().get("/admin/merchants/" + id).then().body("notificationSecretActivated", equalTo(false))
                .body("previousNotificationSecretExpiresAt", notNullValue());
        registry.writesNothing(() -> Operator.ops().body("{\"graceSeconds\":1.5}").post("/admin/merchants/" + id
                + "/notification-secret/rotate").then().statusCode(400));
    }

    @Test
    void theGatewaySigningKeyIsPublishedAtOnceAndActivatedLater() {
        String plain = Operator.newId();
        Operator.create(plain);
        registry.writesNothing(() -> Operator.ops().body("{}").post("/admin/merchants/" + plain
                + "/snap-signing-key/rotate").then().statusCode(409).body("responseCode", equalTo("4091200")));
        String id = Operator.newId();
        String current = Operator.ops().body(OperatorCreateTest.snapBody(id, "ck-" + id, List.of()))
                .post("/admin/merchants").then().statusCode(201).extract().path("snap.signingKeys[0].publicKey");
        for (String bad : List.of("{\"activateAt\":\"tomorrow\"}", "{\"activateAt\":\"2020-01-01T00:00:00+07:00\"}",
                "{\"activateAt\":\"2999-01-01T00:00:00Z\"}")) {
            registry.writesNothing(() -> Operator.ops().body(bad).post("/admin/merchants/" + id
                    + "/snap-signing-key/rotate").then().statusCode(400)
                    .body("responseMessage", equalTo("Invalid Field Format activateAt")));
        }
        registry.writesNothing(() -> Operator.ops().post("/admin/merchants/" + id + "/snap-signing-key/activate")
                .then().statusCode(409));
        Instant before = Instant.now();
        String next = Operator.ops().body("{}").post("/admin/merchants/" + id + "/snap-signing-key/rotate").then()
                .statusCode(200).body("snap.signingKeys[0].publicKey", equalTo(current))
                .body("snap.signingKeys[1].use", equalTo("next"))
                .extract().path("snap.signingKeys[1].publicKey");
        Instant activateAt = Instant.parse(Operator.ops().get("/admin/merchants/" + id).then().extract()
                .path("snap.signingKeys[1].activateAt"));
        assertTrue(Math.abs(Duration.between(before.plus(Duration.ofDays(7)), activateAt).toSeconds()) < 60);
        assertNotEquals(current, next);
        Operator.ops().post("/admin/merchants/" + id + "/snap-signing-key/activate").then().statusCode(200)
                .body("snap.signingKeys[0].use", equalTo("current")).body("snap.signingKeys[0].publicKey", equalTo(next))
                .body("snap.signingKeys[1].use", equalTo("previous"))
                .body("snap.signingKeys[1].publicKey", equalTo(current)).body("snap.signingKeys[2]", nullValue());
    }

    @Test
    void theListPagesByIdWithAStatusFilterAndRefusesForeignCursors() {
        String suspended = Operator.newId();
        Operator.create(suspended);
        Operator.ops().body("{\"reason\":\"x\"}").post("/admin/merchants/" + suspended + "/suspend").then()
                .statusCode(200);
        List<String> all = new java.util.ArrayList<>();
        String cursor = null;
        do {
            var page = Operator.ops().queryParam("limit", 2).queryParam("cursor", cursor == null ? "" : cursor)
                    .get("/admin/merchants").then().statusCode(200).body("merchants[0]", not(hasKey("clientSecret")))
                    .extract().jsonPath();
            all.addAll(page.getList("merchants.id"));
            cursor = page.getString("nextCursor");
        } while (cursor != null);
        assertEquals(all.stream().sorted().distinct().toList(), all, "by id, each once");
        assertTrue(all.containsAll(List.of("demo", "demo2", suspended)));
        List<String> statuses = Operator.ops().queryParam("status", "SUSPENDED").queryParam("limit", 200)
                .get("/admin/merchants").then().statusCode(200).extract().path("merchants.status");
        assertTrue(statuses.stream().allMatch("SUSPENDED"::equals) && !statuses.isEmpty());
        String auditCursor = Operator.ops().queryParam("limit", 1).get("/admin/audit").then().statusCode(200)
                .extract().path("nextCursor");
        Map<String, String> bad = Map.of("status", "BLOCKED", "limit", "0", "cursor", auditCursor);
        bad.forEach((name, value) -> Operator.ops().queryParam(name, value).get("/admin/merchants").then()
                .statusCode(400).body("responseMessage", equalTo("Invalid Field Format " + name)));
        for (String limit : List.of("201", "abc", "-1")) {
            Operator.ops().queryParam("limit", limit).get("/admin/merchants").then().statusCode(400)
                    .body("responseCode", equalTo("4001201"));
        }
        Operator.ops().queryParam("cursor", "bm90LW91cnM.AAAA").get("/admin/merchants").then().statusCode(400)
                .body("responseMessage", equalTo("Invalid Field Format cursor"));
    }

    @Test
    void theAuditTrailIsNewestFirstFilteredAndPaged() {
        String id = Operator.newId();
        Operator.create(id);
        Operator.alice().body("{\"reason\":\"x\"}").post("/admin/merchants/" + id + "/suspend").then().statusCode(200);
        Operator.ops().post("/admin/merchants/" + id + "/reactivate").then().statusCode(200);
        Operator.ops().queryParam("merchant", id).get("/admin/audit").then().statusCode(200)
                .body("entries.action", equalTo(List.of("reactivate", "suspend", "create")))
                .body("entries.actor", equalTo(List.of("operator:ops", "operator:alice", "operator:ops")))
                .body("entries[1].changed", equalTo(List.of("status", "suspendedReason")))
                .body("entries[0].merchantId", equalTo(id)).body("entries[0].sourceAddress", equalTo("127.0.0.1"))
                .body("entries[0].requestId", notNullValue());
        Operator.ops().header("X-Request-Id", "audit-req-1").body("{\"reason\":\"y\"}")
                .post("/admin/merchants/" + id + "/suspend").then().statusCode(200);
        Operator.ops().queryParam("merchant", id).queryParam("actor", "operator:alice").get("/admin/audit").then()
                .statusCode(200).body("entries.action", equalTo(List.of("suspend")));
        Operator.ops().queryParam("merchant", id).queryParam("limit", 1).get("/admin/audit").then()
                .body("entries[0].requestId", equalTo("audit-req-1"));
        String cursor = Operator.ops().queryParam("merchant", id).queryParam("limit", 2).get("/admin/audit").then()
                .body("entries.size()", equalTo(2)).extract().path("nextCursor");
        Operator.ops().queryParam("merchant", id).queryParam("limit", 2).queryParam("cursor", cursor)
                .get("/admin/audit").then().body("entries.action", equalTo(List.of("suspend", "create")))
                .body("$", not(hasKey("nextCursor")));
        Operator.ops().queryParam("merchant", id).queryParam("from", "1999-12-31T23:59:59+07:00").get("/admin/audit")
                .then().statusCode(400).body("responseMessage", equalTo("Invalid Field Format from"));
        Operator.ops().queryParam("merchant", id).queryParam("to", Instant.now().minusSeconds(3600).toString())
                .get("/admin/audit").then().statusCode(200).body("entries.size()", equalTo(0));
        Operator.ops().queryParam("from", "yesterday").get("/admin/audit").then().statusCode(400)
                .body("responseMessage", equalTo("Invalid Field Format from"));
    }

    /** The merchant's audit entries, newest first, as {@code action:{changed}} ({@code create} alone). */
    private List<String> audit(String id) {
        return registry.strings("SELECT CASE WHEN action = 'create' THEN action ELSE action || ':' || "
                + "replace(replace(changed::text, '\"', ''), ' ', '') END FROM merchant_audit WHERE merchant_id = ? "
                + "ORDER BY id DESC", id);
    }

    /** A sealed column of the merchant's row, opened with the service's key. */
    private String open(String id, String column) {
        String stored = registry.strings("SELECT " + column + " FROM merchant WHERE id = ?", id).get(0);
        int colon = stored.indexOf(':');
        String member = column.startsWith("client") ? MerchantState.SECRET_CLIENT : MerchantState.SECRET_NOTIFICATION;
        return sealer.open(id, member, new Sealed(stored.substring(0, colon), stored.substring(colon + 1)));
    }

    private static String demoKey() {
        return io.paygate.testsupport.SandboxSnap.publicKeyPem(io.paygate.testsupport.SandboxMerchants.DEMO2)
                .replace("\n", "\\n");
    }
}

package io.paygate.merchant.operator;

import io.agroal.api.AgroalDataSource;
import io.paygate.merchant.support.MerchantTestResources;
import io.paygate.merchant.support.Operator;
import io.paygate.merchant.support.Registry;
import io.paygate.model.signing.WebhookSecret;
import io.paygate.model.snap.SnapKeys;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.SandboxSnap;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.security.KeyPairGenerator;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** docs/contract.md §10: {@code POST /admin/merchants}, the secrets shown once, and every bad input refused. */
@QuarkusTest
@MerchantTestResources
class OperatorCreateTest {

    @Inject
    AgroalDataSource dataSource;

    private Registry registry;

    @BeforeEach
    void setUp() {
        registry = new Registry(dataSource);
    }

    @Test
    void createsAMerchantWithSecretsShownOnceAndNeverAgain() {
        String id = Operator.newId();
        JsonPath created = Operator.ops().body("""
                        {"id":"%s","name":"Acme","methods":["card","QRIS"],"ipAllowlist":["203.0.113.7/24"],
                         "rateLimit":{"perSecond":5,"burst":10},"fees":{"CARD":{"percent":"2.9","fixed":"2000"}},
                         "settlementDelayDays":2}""".formatted(id))
                .post("/admin/merchants").then().statusCode(201)
                .body("responseCode", equalTo("2000000")).body("responseMessage", equalTo("Success"))
                .body("id", equalTo(id)).body("status", equalTo("ACTIVE")).body("provider", equalTo("sandbox"))
                .body("currency", equalTo("IDR")).body("version", equalTo(1))
                .body("methods", equalTo(List.of("CARD", "QRIS")))
                .body("ipAllowlist", equalTo(List.of("203.0.113.0/24")))
                .body("rateLimit.perSecond", equalTo(5)).body("fees.CARD.fixed", equalTo("2000"))
                .body("settlementDelayDays", equalTo(2))
                .extract().jsonPath();
        String clientSecret = created.getString("clientSecret");
        assertEquals(32, Base64.getUrlDecoder().decode(clientSecret).length, "32 random bytes");
        assertEquals(32, WebhookSecret.parse(created.getString("notificationSecret")).keyBytes().length);

        String get = Operator.ops().get("/admin/merchants/" + id).then().statusCode(200)
                .body("id", equalTo(id)).body("$", not(hasKey("clientSecret")))
                .body("$", not(hasKey("notificationSecret"))).extract().asString();
        assertTrue(!get.contains(clientSecret) && !get.contains(created.getString("notificationSecret")));
        assertEquals(1, registry.count("merchant WHERE id = '" + id + "'"));
        assertEquals(List.of("create"), registry.strings("SELECT action FROM merchant_audit WHERE merchant_id = ?", id));
    }

    @Test
    void aMerchantWithSnapKeysGetsItsOwnGatewaySigningKeyOf3072Bits() {
        String id = Operator.newId();
        Operator.ops().body(snapBody(id, id + "-ck", List.of("   77701"))).post("/admin/merchants").then()
                .statusCode(201).body("snap.clientKey", equalTo(id + "-ck"))
                .body("snap.partnerServiceIds", equalTo(List.of("   77701")))
                .body("snap.signingKeys[0].use", equalTo("current"));
        String pem = Operator.ops().get("/admin/merchants/" + id).then().statusCode(200)
                .extract().path("snap.signingKeys[0].publicKey");
        assertEquals(3072, SnapKeys.bits(SnapKeys.publicKey(pem)));
        String other = Operator.newId();
        String otherPem = Operator.ops().body(snapBody(other, other + "-ck", List.of())).post("/admin/merchants")
                .then().statusCode(201).extract().path("snap.signingKeys[0].publicKey");
        assertTrue(!pem.equals(otherPem), "no two merchants share a signing key");
    }

    @Test
    void anIdInUseIsAConflictAndWritesNothing() {
        String id = Operator.newId();
        Operator.create(id);
        registry.writesNothing(() -> Operator.ops().body("{\"id\":\"" + id + "\",\"name\":\"Again\"}")
                .post("/admin/merchants").then().statusCode(409).body("responseCode", equalTo("4091200")));
        registry.writesNothing(() -> Operator.ops().body("{\"id\":\"demo\",\"name\":\"Again\"}")
                .post("/admin/merchants").then().statusCode(409).body("responseCode", equalTo("4091200")));
    }

    @Test
    void everyBadInputNamesItsMemberAndWritesNothing() throws Exception {
        String id = Operator.newId();
        String demoCode = SandboxSnap.partnerServiceIds(SandboxMerchants.DEMO).get(0);
        KeyPairGenerator rsa = KeyPairGenerator.getInstance("RSA");
        rsa.initialize(1024);
        String shortKey = SnapKeys.pem(rsa.generateKeyPair().getPublic());
        List<String> cidrs = new ArrayList<>();
        for (int i = 0; i < 33; i++) {
            cidrs.add("\"10.0." + i + ".0/24\"");
        }
        Map<String, String> cases = new java.util.LinkedHashMap<>();
        cases.put("{\"name\":\"A\"}", "4001202 Invalid Mandatory Field id");
        cases.put("{\"id\":\"Bad_Id\",\"name\":\"A\"}", "4001201 Invalid Field Format id");
        cases.put("{\"id\":\"" + "a".repeat(33) + "\",\"name\":\"A\"}", "4001201 Invalid Field Format id");
        cases.put("{\"id\":\"%s\"}", "4001202 Invalid Mandatory Field name");
        cases.put("{\"id\":\"%s\",\"name\":\"A\",\"provider\":\"stripe\"}", "4001201 Invalid Field Format provider");
        cases.put("{\"id\":\"%s\",\"name\":\"A\",\"currency\":\"idr\"}", "4001201 Invalid Field Format currency");
        cases.put("{\"id\":\"%s\",\"name\":\"A\",\"provider\":\"midtrans\"}",
                "4001202 Invalid Mandatory Field midtrans.serverKey");
        cases.put("{\"id\":\"%s\",\"name\":\"A\",\"provider\":\"midtrans\",\"midtrans\":{\"serverKey\":\"s\"}}",
                "4001202 Invalid Mandatory Field midtrans.clientKey");
        cases.put("{\"id\":\"%s\",\"name\":\"A\",\"midtrans\":{\"baseUrl\":\"http://x\"}}",
                "4001201 Invalid Field Format midtrans.baseUrl");
        cases.put(snapBodyWithKey("not a key"), "4001201 Invalid Field Format snap.publicKey");
        cases.put(snapBodyWithKey(shortKey), "4001201 Invalid Field Format snap.publicKey");
        cases.put("{\"id\":\"%s\",\"name\":\"A\",\"snap\":{\"publicKey\":\"x\"}}",
                "4001202 Invalid Mandatory Field snap.clientKey");
        cases.put(snapBody("%s", "ck-%s", List.of("12345")),
                "4001201 Invalid Field Format snap.partnerServiceIds[0]");
        cases.put(snapBody("%s", "ck-%s", List.of("   88801", "   88801")),
                "4001201 Invalid Field Format snap.partnerServiceIds[1]");
        cases.put(snapBody("%s", "ck-%s", List.of(demoCode)), "4001201 Invalid Field Format snap.partnerServiceIds[0]");
        cases.put(snapBody("%s", "ck-%s", List.of("  " + demoCode.strip() + "9")),
                "4001201 Invalid Field Format snap.partnerServiceIds[0]");
        cases.put(snapBody("%s", "demo", List.of()), "4001201 Invalid Field Format snap.clientKey");
        cases.put("{\"id\":\"%s\",\"name\":\"A\",\"methods\":[\"BITCOIN\"]}", "4001201 Invalid Field Format methods[0]");
        cases.put("{\"id\":\"%s\",\"name\":\"A\",\"ipAllowlist\":[\"10.0.0.0/8\",\"10.0.0.0/33\"]}",
                "4001201 Invalid Field Format ipAllowlist[1]");
        cases.put("{\"id\":\"%s\",\"name\":\"A\",\"ipAllowlist\":[\"example.com\"]}",
                "4001201 Invalid Field Format ipAllowlist[0]");
        cases.put("{\"id\":\"%s\",\"name\":\"A\",\"ipAllowlist\":[" + String.join(",", cidrs) + "]}",
                "4001201 Invalid Field Format ipAllowlist");
        cases.put("{\"id\":\"%s\",\"name\":\"A\",\"rateLimit\":{\"perSecond\":0,\"burst\":1}}",
                "4001201 Invalid Field Format rateLimit.perSecond");
        cases.put("{\"id\":\"%s\",\"name\":\"A\",\"rateLimit\":{\"burst\":1}}",
                "4001202 Invalid Mandatory Field rateLimit.perSecond");
        cases.put("{\"id\":\"%s\",\"name\":\"A\",\"fees\":{\"BTC\":{\"fixed\":\"1\"}}}",
                "4001201 Invalid Field Format fees.BTC");
        cases.put("{\"id\":\"%s\",\"name\":\"A\",\"fees\":{\"CARD\":{\"percent\":2.9}}}",
                "4001201 Invalid Field Format fees.CARD.percent");
        cases.put("{\"id\":\"%s\",\"name\":\"A\",\"fees\":{\"CARD\":{\"percent\":\"100.5\"}}}",
                "4001201 Invalid Field Format fees.CARD.percent");
        cases.put("{\"id\":\"%s\",\"name\":\"A\",\"fees\":{\"VA_*\":{\"rate\":\"1\"}}}",
                "4001201 Invalid Field Format fees.VA_*");
        cases.put("{\"id\":\"%s\",\"name\":\"A\",\"fees\":{\"XX_*\":{\"fixed\":\"1\"}}}",
                "4001201 Invalid Field Format fees.XX_*");
        cases.put("{\"id\":\"%s\",\"name\":\"A\",\"fees\":[]}", "4001201 Invalid Field Format fees");
        cases.put("{\"id\":\"%s\",\"name\":\"A\",\"settlementDelayDays\":31}",
                "4001201 Invalid Field Format settlementDelayDays");
        cases.put("{\"id\":\"%s\",\"name\":\"A\"", "4001200 Bad Request malformed JSON");
        cases.forEach((body, expected) -> {
            String code = expected.substring(0, 7);
            String message = expected.substring(8);
            String sent = body.replace("%s", id);
            registry.writesNothing(() -> Operator.ops().body(sent).post("/admin/merchants").then()
                    .statusCode(Integer.parseInt(code.substring(0, 3)))
                    .body("responseCode", equalTo(code)).body("responseMessage", equalTo(message)));
        });
        Operator.ops().get("/admin/merchants/" + id).then().statusCode(404).body("responseCode", equalTo("4041201"));
    }

    @Test
    void onlyAnOperatorsTokenOpensTheOperatorApi() {
        given().get("/admin/merchants").then().statusCode(401).body("responseCode", equalTo("4011200"));
        Operator.as("wrong").get("/admin/merchants").then().statusCode(401).body("responseCode", equalTo("4011200"));
        Operator.as(SandboxMerchants.DEMO.clientSecret()).get("/admin/merchants/demo").then().statusCode(401);
        String id = Operator.newId();
        Operator.alice().body("{\"id\":\"" + id + "\",\"name\":\"By Alice\"}").post("/admin/merchants").then()
                .statusCode(201);
        assertEquals(List.of("operator:alice"),
                registry.strings("SELECT actor FROM merchant_audit WHERE merchant_id = ?", id));
    }

    static String snapBody(String id, String clientKey, List<String> codes) {
        return """
                {"id":"%s","name":"Snap Store","snap":{"clientKey":"%s","publicKey":"%s","partnerServiceIds":[%s]}}"""
                .formatted(id, clientKey, SandboxSnap.publicKeyPem(SandboxMerchants.DEMO2).replace("\n", "\\n"),
                        String.join(",", codes.stream().map(c -> "\"" + c + "\"").toList()));
    }

    private static String snapBodyWithKey(String publicKey) {
        return """
                {"id":"%s","name":"A","snap":{"clientKey":"ck-%s","publicKey":"KEY"}}""".replace("KEY",
                publicKey.replace("\n", "\\n"));
    }
}

package io.paygate.merchant.registry;

import io.agroal.api.AgroalDataSource;
import io.paygate.merchant.support.MerchantTestResources;
import io.paygate.merchant.support.Operator;
import io.paygate.merchant.support.Registry;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.EventTypes;
import io.paygate.model.event.Topics;
import io.paygate.model.json.Json;
import io.paygate.model.merchant.MerchantState;
import io.paygate.model.merchant.SecretSealer;
import io.paygate.model.snap.SnapKeys;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.SandboxSnap;
import io.paygate.testsupport.kafka.TopicReader;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * docs/contract.md §10: no secret in clear in any reply but the one that shows it, in the audit trail, in any column of
 * the database or in the merchant-config record; the record's sealed secrets open with the encryption key, and only
 * for their own merchant and member.
 */
@QuarkusTest
@MerchantTestResources
class SecretsNeverInClearTest {

    private static final String MIDTRANS_SERVER_KEY = "SB-Mid-server-never-in-clear-0123456789";

    @Inject
    AgroalDataSource dataSource;
    @ConfigProperty(name = "gateway.merchants.encryption-key")
    String encryptionKey;

    @Test
    void secretsAreShownOnceAndAreNowhereElseInClear() {
        String id = Operator.newId();
        JsonPath created = Operator.ops().body("""
                {"id":"%s","name":"Secretive","provider":"midtrans",
                 "midtrans":{"serverKey":"%s","clientKey":"SB-Mid-client-abc"},
                 "snap":{"clientKey":"ck-%s","publicKey":"%s"}}""".formatted(id, MIDTRANS_SERVER_KEY, id,
                SandboxSnap.publicKeyPem(SandboxMerchants.DEMO2).replace("\n", "\\n")))
                .post("/admin/merchants").then().statusCode(201).extract().jsonPath();
        String clientSecret = created.getString("clientSecret");
        String notificationSecret = created.getString("notificationSecret");
        String rotated = Operator.ops().body("{}").post("/admin/merchants/" + id + "/client-secret/rotate").then()
                .statusCode(200).extract().path("clientSecret");
        List<String> secrets = List.of(clientSecret, notificationSecret, rotated, MIDTRANS_SERVER_KEY,
                notificationSecret.substring("whsec_".length()));

        List<String> seen = new ArrayList<>();
        seen.add(Operator.ops().get("/admin/merchants/" + id).then().statusCode(200).extract().asString());
        seen.add(Operator.ops().queryParam("limit", 200).get("/admin/merchants").then().extract().asString());
        seen.add(Operator.ops().queryParam("merchant", id).get("/admin/audit").then().extract().asString());
        seen.addAll(new Registry(dataSource).dump());
        for (String text : seen) {
            for (String secret : secrets) {
                assertFalse(text.contains(secret), "a secret in clear in: " + text.substring(0, Math.min(80,
                        text.length())));
            }
            assertFalse(text.contains("PRIVATE KEY"), "a private key in clear");
        }

        SecretSealer sealer = SecretSealer.of(encryptionKey, null);
        List<EventEnvelope> records = new TopicReader(KafkaResource.broker().bootstrapServers())
                .awaitEvents(Topics.MERCHANT_CONFIG, id, 2, Duration.ofSeconds(30));
        assertEquals(List.of(1L, 2L), records.stream().map(EventEnvelope::sequence).toList());
        for (EventEnvelope record : records) {
            String json = record.toJson();
            for (String secret : secrets) {
                assertFalse(json.contains(secret), "a secret in clear on merchant-config");
            }
            assertFalse(json.contains("PRIVATE KEY"));
            assertEquals(EventTypes.MERCHANT_CONFIG, record.type());
        }
        MerchantState last = Json.fromTree(records.get(1).data(), MerchantState.class);
        assertEquals(rotated, sealer.open(id, MerchantState.SECRET_CLIENT, last.clientSecret().current()));
        assertEquals(clientSecret, sealer.open(id, MerchantState.SECRET_CLIENT, last.clientSecret().previous()));
        assertEquals(notificationSecret, sealer.open(id, MerchantState.SECRET_NOTIFICATION,
                last.notificationSecret().current()));
        assertEquals(MIDTRANS_SERVER_KEY, sealer.open(id, MerchantState.SECRET_MIDTRANS_SERVER_KEY,
                last.midtrans().serverKey()));
        String signingKey = sealer.open(id, MerchantState.SECRET_SNAP_SIGNING_KEY, last.snap().signingKey());
        assertEquals(3072, SnapKeys.bits(SnapKeys.privateKey(signingKey)));
        assertThrows(IllegalArgumentException.class, () -> sealer.open("demo", MerchantState.SECRET_CLIENT,
                last.clientSecret().current()));
        assertThrows(IllegalArgumentException.class, () -> sealer.open(id, MerchantState.SECRET_NOTIFICATION,
                last.clientSecret().current()));
        assertThrows(IllegalArgumentException.class, () -> SecretSealer.of(SecretSealer.generateKey(), null)
                .open(id, MerchantState.SECRET_CLIENT, last.clientSecret().current()));
    }
}

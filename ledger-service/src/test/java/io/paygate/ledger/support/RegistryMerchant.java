package io.paygate.ledger.support;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.paygate.kit.auth.Merchants;
import io.paygate.model.merchant.MerchantState;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.kafka.RegistryRecords;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.paygate.testsupport.rest.MerchantSigningFilter;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;

/**
 * A merchant of one test's own, as merchant-service's registry publishes it on {@code merchant-config}
 * (docs/contract.md §10): a sandbox merchant with demo's fee table, settling
 * {@value SandboxMerchants#SETTLEMENT_DELAY_DAYS} day after capture, with nothing on its books yet — so a test can
 * assert its balances whole, whatever the other tests did to demo's. The broker outlives a test class: every merchant
 * gets a fresh id.
 */
public record RegistryMerchant(String id, String clientSecret) {

    /** Publishes a new merchant and waits until this service knows it. */
    public static RegistryMerchant publish(Merchants merchants, String prefix) {
        String id = Events.id(prefix);
        String secret = id + "-client-secret";
        MerchantState active = RegistryRecords.active(id, 1, secret);
        MerchantState state;
        try {
            state = new MerchantState(id, active.name(), active.status(), active.provider(), active.currency(),
                    active.methods(), active.ipAllowlist(), null,
                    new ObjectMapper().readTree(SandboxMerchants.DEMO_FEES), SandboxMerchants.SETTLEMENT_DELAY_DAYS,
                    active.clientSecret(), null, null, null, 1, Instant.now());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        RegistryRecords.publish(KafkaResource.broker(), state);
        await().atMost(Duration.ofSeconds(30)).until(() -> merchants.registryVersion(id).isPresent());
        return new RegistryMerchant(id, secret);
    }

    /** A JSON request signed as this merchant (docs/contract.md §0). */
    public RequestSpecification signed() {
        return given().filter(MerchantSigningFilter.as(id, clientSecret)).contentType(ContentType.JSON);
    }

    public void topUp(String amount) {
        signed().body("{\"amount\": \"" + amount + "\"}").post("/pg/sandbox/balance/top-up").then().statusCode(200);
    }

    /** {@code GET /pg/balance}: available, pending and held. */
    public JsonPath balance() {
        return signed().get("/pg/balance").then().statusCode(200).extract().jsonPath();
    }
}

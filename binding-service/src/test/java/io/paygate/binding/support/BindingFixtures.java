package io.paygate.binding.support;

import io.paygate.kit.auth.Merchants;
import io.paygate.model.merchant.MerchantState;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.kafka.RegistryRecords;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.paygate.testsupport.rest.MerchantSigningFilter;
import io.restassured.response.ValidatableResponse;
import io.restassured.specification.RequestSpecification;

import java.time.Duration;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;

/** Requests the binding tests send. */
public final class BindingFixtures {

    public static final String BIND = "/pg/payment/card/directdebit/bind";

    private BindingFixtures() {
    }

    public static String newCustomerId() {
        return "CUST-" + UUID.randomUUID().toString().substring(0, 8);
    }

    public static String body(String customerId, String type) {
        return """
                {"customer":{"id":"%s","email":"budi@example.com","firstName":"Budi","lastName":"Santoso",\
                "mobilePhone":"+6281234567890"},"sourceOfFunds":{"type":"%s"}}""".formatted(customerId, type);
    }

    public static RequestSpecification as(SandboxMerchants.Merchant merchant) {
        return given().filter(MerchantSigningFilter.as(merchant)).contentType("application/json");
    }

    public static ValidatableResponse bind(SandboxMerchants.Merchant merchant, String body) {
        return as(merchant).body(body).post(BIND).then();
    }

    /** Binds a new customer for demo and returns the binding id. */
    public static String newPendingBinding(String customerId) {
        return bind(SandboxMerchants.DEMO, body(customerId, "BCA_DD")).statusCode(200).extract().path("bindingId");
    }

    /** Binds a new customer for a merchant only the registry knows ({@code id}, {@code clientSecret}). */
    public static String newPendingBinding(String id, String clientSecret) {
        return given().filter(MerchantSigningFilter.as(id, clientSecret)).contentType("application/json")
                .body(body(newCustomerId(), "BCA_DD")).post(BIND).then().statusCode(200).extract().path("bindingId");
    }

    /**
     * Publishes {@code state} on {@code merchant-config} as merchant-service would (docs/contract.md §10) and waits
     * until this service holds that version.
     */
    public static void publish(Merchants merchants, MerchantState state) {
        RegistryRecords.publish(KafkaResource.broker(), state);
        await().atMost(Duration.ofSeconds(30))
                .until(() -> merchants.registryVersion(state.id()).orElse(-1L) >= state.version());
    }

    public static ValidatableResponse simulate(String bindingId, String status) {
        return given().header("Authorization", "Bearer " + SandboxMerchants.OPS_TOKEN).contentType("application/json")
                .body("{\"status\":\"" + status + "\"}").post("/pg/sandbox/bindings/" + bindingId + "/simulate").then();
    }
}

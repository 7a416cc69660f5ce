package io.paygate.binding.support;

import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.rest.MerchantSigningFilter;
import io.restassured.response.ValidatableResponse;
import io.restassured.specification.RequestSpecification;

import java.util.UUID;

import static io.restassured.RestAssured.given;

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

    public static ValidatableResponse simulate(String bindingId, String status) {
        return given().header("Authorization", "Bearer " + SandboxMerchants.OPS_TOKEN).contentType("application/json")
                .body("{\"status\":\"" + status + "\"}").post("/pg/sandbox/bindings/" + bindingId + "/simulate").then();
    }
}

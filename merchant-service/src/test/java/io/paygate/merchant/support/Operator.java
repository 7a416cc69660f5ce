package io.paygate.merchant.support;

import io.paygate.testsupport.SandboxMerchants;
import io.restassured.response.ValidatableResponse;
import io.restassured.specification.RequestSpecification;

import java.util.UUID;

import static io.restassured.RestAssured.given;

/** Requests of the operator API as the tests send them. */
public final class Operator {

    /** The named operator of the test profile ({@code %test.gateway.operators.alice.token-sha256}). */
    public static final String ALICE_TOKEN = "alice-operator-token";

    private Operator() {
    }

    /** As operator {@code ops} ({@code gateway.ops.token}). */
    public static RequestSpecification ops() {
        return as(SandboxMerchants.OPS_TOKEN);
    }

    public static RequestSpecification alice() {
        return as(ALICE_TOKEN);
    }

    public static RequestSpecification as(String token) {
        return given().header("Authorization", "Bearer " + token).contentType("application/json");
    }

    /** A fresh merchant id. */
    public static String newId() {
        return "m-" + UUID.randomUUID().toString().substring(0, 12);
    }

    /** Creates a plain merchant and returns the reply (secrets included). */
    public static ValidatableResponse create(String id) {
        return ops().body("{\"id\":\"" + id + "\",\"name\":\"Test Store " + id + "\"}").post("/admin/merchants")
                .then().log().ifValidationFails().statusCode(201);
    }
}

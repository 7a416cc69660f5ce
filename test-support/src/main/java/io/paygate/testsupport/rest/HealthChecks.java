package io.paygate.testsupport.rest;

import io.restassured.path.json.JsonPath;

import java.util.List;
import java.util.Map;

import static io.restassured.RestAssured.given;

/** Reads {@code /q/health/ready} of the service under test. */
public final class HealthChecks {

    public static final String DATABASE = "Database connections health check";
    public static final String KAFKA = "Kafka connection health check";
    public static final String OUTBOX = "Outbox";

    private HealthChecks() {
    }

    /** Status of each readiness check by name, e.g. {@code {"Database connections health check": "UP"}}. */
    public static Map<String, String> readiness() {
        JsonPath body = given().when().get("/q/health/ready").then().extract().jsonPath();
        List<Map<String, Object>> checks = body.getList("checks");
        return checks.stream().collect(java.util.stream.Collectors.toMap(
                check -> String.valueOf(check.get("name")), check -> String.valueOf(check.get("status"))));
    }
}

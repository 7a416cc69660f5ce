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

    /**
     * Asserts that readiness is UP with these checks UP, and without the {@code absent} ones (a producer has no
     * failing Kafka check, say).
     */
    public static void assertReady(List<String> up, List<String> absent) {
        given().when().get("/q/health/ready").then().statusCode(200);
        Map<String, String> checks = readiness();
        for (String name : up) {
            if (!"UP".equals(checks.get(name))) {
                throw new AssertionError(name + " is not UP: " + checks);
            }
        }
        for (String name : absent) {
            if (checks.containsKey(name)) {
                throw new AssertionError(name + " should not be a readiness check: " + checks);
            }
        }
    }

    /**
     * Asserts that Flyway migrated {@code database} (the one the data source points at) with service-kit's outbox
     * ({@code 0.1}) and the service's baseline ({@code 1}), and that the outbox table exists.
     */
    public static void assertMigrated(javax.sql.DataSource dataSource, String database) throws java.sql.SQLException {
        try (var connection = dataSource.getConnection(); var statement = connection.createStatement();
             var rs = statement.executeQuery("""
                     SELECT current_database(),
                            (SELECT count(*) FROM flyway_schema_history WHERE success AND version IN ('0.1', '1')),
                            to_regclass('outbox_event') IS NOT NULL""")) {
            rs.next();
            if (!database.equals(rs.getString(1)) || rs.getInt(2) != 2 || !rs.getBoolean(3)) {
                throw new AssertionError("expected " + database + " migrated with 0.1 and 1 and an outbox_event table, got "
                        + rs.getString(1) + ", " + rs.getInt(2) + " of 2 migrations, outbox " + rs.getBoolean(3));
            }
        }
    }

    /** Status of each readiness check by name, e.g. {@code {"Database connections health check": "UP"}}. */
    public static Map<String, String> readiness() {
        JsonPath body = given().when().get("/q/health/ready").then().extract().jsonPath();
        List<Map<String, Object>> checks = body.getList("checks");
        return checks.stream().collect(java.util.stream.Collectors.toMap(
                check -> String.valueOf(check.get("name")), check -> String.valueOf(check.get("status"))));
    }
}

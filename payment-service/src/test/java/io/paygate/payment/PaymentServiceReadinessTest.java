package io.paygate.payment;

import io.agroal.api.AgroalDataSource;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.paygate.testsupport.quarkus.PostgresResource;
import io.paygate.testsupport.quarkus.SandboxConfigResource;
import io.paygate.testsupport.rest.HealthChecks;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

@QuarkusTest
@WithTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "payment"))
@WithTestResource(KafkaResource.class)
@WithTestResource(SandboxConfigResource.class)
class PaymentServiceReadinessTest {

    @Inject
    AgroalDataSource dataSource;

    @Test
    void isReadyWithItsDatabaseAndReportsTheOutboxInsteadOfFailingOnKafka() {
        given().when().get("/q/health/ready").then().statusCode(200).body("status", equalTo("UP"));
        var checks = HealthChecks.readiness();
        assertEquals("UP", checks.get(HealthChecks.DATABASE), checks.toString());
        assertEquals("UP", checks.get(HealthChecks.OUTBOX), checks.toString());
        assertEquals(null, checks.get(HealthChecks.KAFKA), "a producer stays ready through a Kafka outage");
    }

    @Test
    void migratesItsOwnDatabaseWithFlywayIncludingTheSharedOutbox() throws Exception {
        try (Connection connection = dataSource.getConnection();
             Statement statement = connection.createStatement();
             ResultSet rs = statement.executeQuery("""
                     SELECT current_database(),
                            (SELECT count(*) FROM flyway_schema_history WHERE success AND version IN ('0.1', '1')),
                            to_regclass('outbox_event') IS NOT NULL""")) {
            rs.next();
            assertEquals("payment", rs.getString(1));
            assertEquals(2, rs.getInt(2), "service-kit's outbox (0.1) and the service's baseline (1) applied");
            assertTrue(rs.getBoolean(3), "outbox_event exists");
        }
    }
}

package io.paygate.payment.payment;

import io.paygate.payment.support.PaymentTestResources;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.config.ConfigValue;
import io.smallrye.config.SmallRyeConfig;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Quarkus settings every service shares are written once, in service-kit's META-INF/microprofile-config.properties
 * (no service's application.properties repeats them), and reach the service from there: at run time (read back with their source) and at build time (the test build's
 * management interface is off, so health answers on the test port; the packaged services' integration tests and the
 * e2e stacks reach it on its own port, which only the shared build-time key turns on).
 */
@QuarkusTest
@PaymentTestResources
class SharedConfigurationTest {

    private static final Map<String, String> SHARED = Map.of(
            "quarkus.datasource.db-kind", "postgresql",
            "quarkus.datasource.jdbc.acquisition-timeout", "3S",
            "quarkus.flyway.connect-retries", "12",
            "quarkus.flyway.connect-retries-interval", "5S",
            "quarkus.flyway.migrate-at-start", "true",
            "quarkus.hibernate-orm.schema-management.strategy", "validate",
            "quarkus.http.limits.max-body-size", "1M",
            "quarkus.devservices.enabled", "false");

    @Test
    void theSharedKeysComeFromServiceKit() {
        SmallRyeConfig config = ConfigProvider.getConfig().unwrap(SmallRyeConfig.class);
        SHARED.forEach((key, value) -> {
            ConfigValue read = config.getConfigValue(key);
            // Every value differs from Quarkus's default (db-kind has none), so the value alone shows it was read.
            assertEquals(value, read.getValue(), key);
            // Run-time keys name their file; build-time ones were fixed into the build from it.
            String source = read.getSourceName();
            assertTrue(source.contains("service-kit") && source.contains("microprofile-config.properties")
                    || source.startsWith("BuildTime RunTime Fixed"), key + " from " + source);
        });
    }

    @Test
    void theBuildTimeManagementSwitchOfTheTestProfileApplies() {
        given().get("/q/health/ready").then().statusCode(200);
    }
}

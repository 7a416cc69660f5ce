package io.paygate.kit;

import io.paygate.kit.app.OutageTestJob;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.infra.EmbeddedPostgresServer;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.paygate.testsupport.quarkus.PostgresResource;
import io.paygate.testsupport.quarkus.SandboxConfigResource;
import io.paygate.testsupport.rest.HealthChecks;
import io.paygate.testsupport.rest.MerchantSigningFilter;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * PostgreSQL stopped under a running service (issue #16): a request that needs the database is answered
 * {@code 503SS00} with {@code Retry-After} within seconds, one that does not is served (the rate limiter fails open),
 * readiness is DOWN and liveness UP, background work waits quietly; once the server is back, all of it works again
 * without a restart.
 */
@QuarkusTest
@WithTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "kit"))
@WithTestResource(KafkaResource.class)
@WithTestResource(SandboxConfigResource.class)
class DatabaseOutageBehaviourTest {

    @Inject
    OutageTestJob job;

    @Test
    void withoutTheDatabaseRequestsAre503AndReadinessDownThenAllResumes() throws Exception {
        event().then().statusCode(200);
        EmbeddedPostgresServer postgres = PostgresResource.server();
        postgres.stop();
        try {
            long t0 = System.nanoTime();
            Response unavailable = event();
            double seconds = (System.nanoTime() - t0) / 1e9;
            unavailable.then().statusCode(503)
                    .header("Retry-After", "5")
                    .body("responseCode", equalTo("5030100"))
                    .body("responseMessage", equalTo("Service Unavailable"));
            assertTrue(seconds < 10, "answered after " + seconds + " s");
            System.out.printf("database outage: 503 answered in %.2f s%n", seconds);
            // The rate limiter cannot ask its buckets: it lets the request go on, and one without database work passes.
            given().filter(MerchantSigningFilter.as(SandboxMerchants.DEMO)).get("/pg/kit/whoami").then()
                    .statusCode(200).body("merchant", equalTo("demo"));

            given().get("/q/health/ready").then().statusCode(503).body("status", equalTo("DOWN"));
            assertEquals("DOWN", HealthChecks.readiness().get(HealthChecks.DATABASE));
            given().get("/q/health/live").then().statusCode(200).body("status", equalTo("UP"));

            job.query(); // waits quietly: no exception
            assertEquals(IllegalStateException.class, assertThrows(RuntimeException.class, job::failOtherwise)
                    .getClass(), "other failures still surface");
        } finally {
            postgres.restart();
        }
        int before = job.completed();
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (event().statusCode() != 200) {
            assertTrue(System.nanoTime() < deadline, "not served again within 30 s of the database's return");
            Thread.sleep(250);
        }
        given().get("/q/health/ready").then().statusCode(200);
        job.query();
        assertEquals(before + 1, job.completed());
    }

    private static Response event() {
        return given().filter(MerchantSigningFilter.as(SandboxMerchants.DEMO)).contentType("application/json")
                .body("{\"resourceId\":\"outage-" + UUID.randomUUID() + "\",\"failAfterWrite\":false}").post("/pg/kit/events");
    }
}

package io.paygate.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The optional migration Jobs component: each service's Job runs the very image its Deployment runs, migrates and
 * exits (Quarkus's init-and-exit), is not selected by its service's Service, Disruption Budget or policies, and the
 * services then start without Flyway; without the component they still migrate at start.
 */
class MigrationJobsTest {

    private static final List<String> SERVICES = ManifestsTest.SERVICES;

    static RenderedManifests withJobs;
    static RenderedManifests prod;

    @BeforeAll
    static void render() throws Exception {
        withJobs = RenderedManifests.render(RenderedManifests.K8S.resolve("src/test/resources/overlays/prod-migration-jobs"));
        prod = RenderedManifests.render("prod");
    }

    @Test
    void eachServiceHasAJobOfItsOwnImageThatMigratesAndExits() {
        for (String service : SERVICES) {
            JsonNode job = withJobs.named("Job", service + "-migrate");
            JsonNode container = job.at("/spec/template/spec/containers/0");
            JsonNode deployment = withJobs.named("Deployment", service).at("/spec/template/spec/containers/0");
            assertEquals(deployment.path("image").asText(), container.path("image").asText(), service);
            Map<String, String> env = env(container);
            assertEquals("true", env.get("QUARKUS_INIT_AND_EXIT"), service);
            assertEquals("true", env.get("QUARKUS_FLYWAY_MIGRATE_AT_START"), service);
            assertEquals(service + "-secrets", job.at("/spec/template/spec/volumes/0/secret/secretName").asText(), service);
            assertTrue(job.at("/spec/ttlSecondsAfterFinished").asInt() > 0, service + ": a finished Job goes away");
            String label = job.at("/spec/template/metadata/labels/app.kubernetes.io~1name").asText();
            assertFalse(label.equals(service), service + ": its pod is not one of the Service's endpoints");
        }
    }

    /** Quarkus starts only with a complete configuration: every key its Deployment must have, the Job has too. */
    @Test
    void eachJobHasEveryRequiredSecretItsServiceHas() {
        for (String service : SERVICES) {
            JsonNode job = withJobs.named("Job", service + "-migrate").at("/spec/template/spec/containers/0");
            JsonNode deployment = withJobs.named("Deployment", service).at("/spec/template/spec/containers/0");
            Map<String, String> jobRefs = requiredSecretRefs(job);
            requiredSecretRefs(deployment).forEach((name, ref) ->
                    assertEquals(ref, jobRefs.get(name), service + "-migrate lacks " + name));
        }
    }

    private static Map<String, String> requiredSecretRefs(JsonNode container) {
        Map<String, String> refs = new HashMap<>();
        container.path("env").forEach(e -> {
            JsonNode ref = e.path("valueFrom").path("secretKeyRef");
            if (!ref.isMissingNode() && !ref.path("optional").asBoolean(false)) {
                refs.put(e.path("name").asText(), ref.path("name").asText() + "/" + ref.path("key").asText());
            }
        });
        return refs;
    }

    @Test
    void withTheJobsTheServicesStartWithoutFlywayAndWithoutThemTheyMigrate() {
        for (String service : SERVICES) {
            assertEquals("false", env(withJobs.named("Deployment", service).at("/spec/template/spec/containers/0"))
                    .get("QUARKUS_FLYWAY_MIGRATE_AT_START"), service);
            assertFalse("false".equals(env(prod.named("Deployment", service).at("/spec/template/spec/containers/0"))
                    .get("QUARKUS_FLYWAY_MIGRATE_AT_START")), service);
        }
        assertTrue(prod.ofKind("Job").isEmpty());
    }

    private static Map<String, String> env(JsonNode container) {
        Map<String, String> env = new HashMap<>();
        container.path("env").forEach(e -> env.put(e.path("name").asText(), e.path("value").asText(null)));
        return env;
    }
}

package io.paygate.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static io.paygate.deploy.ManifestsTest.SERVICES;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a platform team expects around the pods: a Namespace, replicas spread over nodes and zones, a shutdown that
 * leaves the Service before it stops accepting, images set in one place per overlay, and (optional component) a
 * ServiceMonitor per service and the alerts the README names, each on a metric a service really registers.
 */
class OperationsManifestsTest {

    static final Path FIXTURES = RenderedManifests.K8S.resolve("src/test/resources/overlays");
    static RenderedManifests prod;
    static RenderedManifests dev;
    static RenderedManifests monitored;

    @BeforeAll
    static void render() throws Exception {
        prod = RenderedManifests.render("prod");
        dev = RenderedManifests.render("dev");
        monitored = RenderedManifests.render(FIXTURES.resolve("prod-monitoring"));
    }

    @Test
    void eachOverlayCreatesItsNamespaceUnderThePodSecurityRestrictedProfile() {
        for (var overlay : Map.of("paygate", prod, "paygate-dev", dev).entrySet()) {
            JsonNode namespace = overlay.getValue().named("Namespace", overlay.getKey());
            assertEquals("restricted", namespace.path("metadata").path("labels")
                    .path("pod-security.kubernetes.io/enforce").asText());
            for (JsonNode object : overlay.getValue().objects()) {
                if (!object.path("kind").asText().equals("Namespace")) {
                    assertEquals(overlay.getKey(), object.path("metadata").path("namespace").asText(),
                            object.path("kind").asText() + " " + object.path("metadata").path("name").asText());
                }
            }
        }
    }

    /** What Pod Security "restricted" checks, so the namespace's own label never refuses paygate's pods. */
    @Test
    void everyPodPassesThePodSecurityRestrictedProfile() {
        for (JsonNode deployment : prod.ofKind("Deployment")) {
            JsonNode pod = deployment.path("spec").path("template").path("spec");
            String name = deployment.path("metadata").path("name").asText();
            assertTrue(pod.path("securityContext").path("runAsNonRoot").asBoolean(), name);
            assertEquals("RuntimeDefault", pod.path("securityContext").path("seccompProfile").path("type").asText(), name);
            for (JsonNode container : pod.path("containers")) {
                JsonNode security = container.path("securityContext");
                assertFalse(security.path("allowPrivilegeEscalation").asBoolean(true), name);
                assertEquals("ALL", security.path("capabilities").path("drop").get(0).asText(), name);
            }
            for (JsonNode volume : pod.path("volumes")) {
                assertTrue(volume.has("secret") || volume.has("emptyDir") || volume.has("configMap"), volume.toString());
            }
        }
    }

    @Test
    void replicasSpreadOverNodesAndZones() {
        for (String service : SERVICES) {
            JsonNode constraints = prod.named("Deployment", service).path("spec").path("template").path("spec")
                    .path("topologySpreadConstraints");
            Map<String, String> whenUnsatisfiable = new TreeMap<>();
            for (JsonNode c : constraints) {
                assertEquals(1, c.path("maxSkew").asInt());
                assertEquals(service, c.path("labelSelector").path("matchLabels").path("app.kubernetes.io/name").asText());
                whenUnsatisfiable.put(c.path("topologyKey").asText(), c.path("whenUnsatisfiable").asText());
            }
            // Never two replicas on one node while another node has none; zones where the cluster has them.
            assertEquals(Map.of("kubernetes.io/hostname", "DoNotSchedule",
                    "topology.kubernetes.io/zone", "ScheduleAnyway"), whenUnsatisfiable, service);
        }
    }

    /**
     * A rolling update refuses nothing: on SIGTERM readiness goes DOWN and the pod keeps serving for the delay (the
     * endpoints drop it meanwhile), then drains within the timeout; the grace period covers both with room to spare.
     */
    @Test
    void aStoppingPodLeavesTheServiceBeforeItStopsAcceptingAndWithinItsGracePeriod() {
        JsonNode common = prod.named("ConfigMap", "paygate-common").path("data");
        Duration delay = Duration.parse("PT" + common.path("QUARKUS_SHUTDOWN_DELAY").asText().toUpperCase());
        Duration timeout = Duration.parse("PT" + common.path("QUARKUS_SHUTDOWN_TIMEOUT").asText().toUpperCase());
        assertTrue(delay.toSeconds() >= 3, "long enough for the endpoints to drop the pod: " + delay);
        for (String service : SERVICES) {
            JsonNode pod = prod.named("Deployment", service).path("spec").path("template").path("spec");
            long grace = pod.path("terminationGracePeriodSeconds").asLong();
            assertTrue(grace >= delay.plus(timeout).toSeconds() + 10, service + ": " + grace + " s");
            assertEquals("paygate-common", pod.path("containers").get(0).path("envFrom").get(0).path("configMapRef")
                    .path("name").asText(), service + " reads the delay");
        }
    }

    @Test
    void eachOverlaySetsEveryImageInOnePlaceAndTheBaseNamesNone() throws Exception {
        for (JsonNode deployment : RenderedManifests.render(RenderedManifests.K8S.resolve("base")).ofKind("Deployment")) {
            String service = deployment.path("metadata").path("name").asText();
            assertEquals("paygate/" + service, deployment.path("spec").path("template").path("spec")
                    .path("containers").get(0).path("image").asText(), "a placeholder, no registry or tag");
        }
        for (var overlay : Map.of("0.1.0", prod, "dev", dev).entrySet()) {
            for (String service : SERVICES) {
                assertEquals("registry.example.com/paygate/" + service + ":" + overlay.getKey(), image(overlay.getValue(), service));
            }
        }
        RenderedManifests pinned = RenderedManifests.render(FIXTURES.resolve("prod-pinned"));
        for (String service : SERVICES) {
            assertTrue(image(pinned, service).matches("registry\\.example\\.com/paygate/" + service + "@sha256:[0-9a-f]{64}"),
                    image(pinned, service));
        }
    }

    static String image(RenderedManifests manifests, String service) {
        return manifests.named("Deployment", service).path("spec").path("template").path("spec").path("containers")
                .get(0).path("image").asText();
    }

    @Test
    void theMonitoringComponentScrapesEveryServiceOnItsManagementPortOnly() {
        assertTrue(prod.ofKind("ServiceMonitor").isEmpty(), "optional: not in the plain overlay");
        for (String service : SERVICES) {
            JsonNode monitor = monitored.named("ServiceMonitor", service).path("spec");
            assertEquals("paygate", monitored.named("ServiceMonitor", service).path("metadata").path("namespace").asText());
            JsonNode endpoint = monitor.path("endpoints").get(0);
            assertEquals("management", endpoint.path("port").asText());
            assertEquals("/q/metrics", endpoint.path("path").asText());
            assertEquals("app.kubernetes.io/name", monitor.path("jobLabel").asText(), "job = the service's name");

            // The Service it selects: headless, the management port only, this service's pods.
            List<JsonNode> selected = monitored.ofKind("Service").stream().filter(s -> matches(
                    monitor.path("selector").path("matchLabels"), s.path("metadata").path("labels"))).toList();
            assertEquals(1, selected.size(), service);
            JsonNode metricsService = selected.getFirst().path("spec");
            assertEquals("None", metricsService.path("clusterIP").asText());
            assertEquals(service, metricsService.path("selector").path("app.kubernetes.io/name").asText());
            assertEquals(1, metricsService.path("ports").size());
            assertEquals("management", metricsService.path("ports").get(0).path("targetPort").asText());
            assertEquals(service, selected.getFirst().path("metadata").path("labels").path("app.kubernetes.io/name").asText());
        }
        // The API Services are untouched and the Ingress routes to none of the metrics Services.
        for (String service : SERVICES) {
            assertEquals(1, monitored.named("Service", service).path("spec").path("ports").size());
        }
        Set<String> backends = new HashSet<>();
        monitored.named("Ingress", "paygate").path("spec").path("rules").forEach(rule -> rule.path("http").path("paths")
                .forEach(p -> backends.add(p.path("backend").path("service").path("name").asText())));
        assertEquals(Set.copyOf(SERVICES), backends);
    }

    private static boolean matches(JsonNode selector, JsonNode labels) {
        var it = selector.fields();
        while (it.hasNext()) {
            var entry = it.next();
            if (!entry.getValue().asText().equals(labels.path(entry.getKey()).asText(null))) {
                return false;
            }
        }
        return true;
    }

    @Test
    void theRuleHasTheAlertsTheReadmeNamesOnMetricsTheServicesRegister() throws IOException {
        JsonNode rule = monitored.named("PrometheusRule", "paygate");
        Map<String, String> alerts = new TreeMap<>();
        rule.path("spec").path("groups").forEach(group -> group.path("rules").forEach(r -> {
            alerts.put(r.path("alert").asText(), r.path("expr").asText());
            assertFalse(r.path("labels").path("severity").asText().isEmpty(), r.path("alert").asText());
            assertFalse(r.path("annotations").path("summary").asText().isEmpty(), r.path("alert").asText());
        }));
        assertEquals(Set.of("PaygateOutboxLag", "PaygateOutboxNoLeader", "PaygateOutboxEventsParked",
                "PaygateNotificationsOverdue", "PaygateEventsRejected", "PaygateLedgerEventsParked",
                "PaygateMailStuck", "PaygateMailOutcomeUnknown", "PaygateHigh5xxRate"), alerts.keySet());
        assertTrue(alerts.get("PaygateHigh5xxRate").contains("status=~\"5..\""));

        Set<String> registered = registeredMetrics();
        Pattern metric = Pattern.compile("\\b(paygate_[a-z_]+|http_server_requests_seconds_[a-z]+)\\b");
        for (var alert : alerts.entrySet()) {
            Matcher m = metric.matcher(alert.getValue());
            assertTrue(m.find(), alert.getKey() + " uses a metric");
            m.reset();
            while (m.find()) {
                String used = m.group(1);
                assertTrue(used.startsWith("http_server_requests_seconds_") || isRegistered(used, registered),
                        alert.getKey() + ": " + used + " is registered by no service (" + registered + ")");
            }
        }
    }

    /** A Prometheus name is one a meter becomes: its dotted name with underscores, and a type's suffix. */
    static boolean isRegistered(String prometheusName, Set<String> meters) {
        for (String meter : meters) {
            String base = meter.replace('.', '_');
            for (String suffix : List.of("", "_total", "_seconds", "_seconds_count", "_seconds_bucket", "_seconds_sum")) {
                if (prometheusName.equals(base + suffix)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Every {@code "paygate.…"} meter name in the services' and service-kit's sources. */
    static Set<String> registeredMetrics() throws IOException {
        Set<String> names = new TreeSet<>();
        Pattern literal = Pattern.compile("\"(paygate\\.[a-z]+(?:\\.[a-z]+)+)\"");
        Path root = RenderedManifests.K8S.resolve("../..").normalize();
        for (String module : List.of("service-kit", "payment-service", "binding-service", "notification-service",
                "merchant-service", "ledger-service")) {
            try (Stream<Path> files = Files.walk(root.resolve(module).resolve("src/main/java"))) {
                for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                    Matcher m = literal.matcher(Files.readString(file));
                    while (m.find()) {
                        names.add(m.group(1));
                    }
                }
            }
        }
        assertTrue(names.contains("paygate.outbox.lag.seconds"), names.toString());
        return names;
    }
}

package io.paygate.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ManifestsTest {

    static final List<String> SERVICES = List.of("payment-service", "binding-service", "notification-service");
    static RenderedManifests prod;
    static RenderedManifests dev;

    @BeforeAll
    static void render() throws Exception {
        prod = RenderedManifests.render("prod");
        dev = RenderedManifests.render("dev");
    }

    @Test
    void everyServiceHasADeploymentServiceDisruptionBudgetAndAutoscaler() {
        for (String service : SERVICES) {
            JsonNode deployment = prod.named("Deployment", service);
            assertEquals("paygate", deployment.path("metadata").path("namespace").asText());
            assertTrue(deployment.path("spec").path("replicas").asInt() >= 3, service);
            assertEquals(service, prod.named("Service", service).path("spec").path("selector")
                    .path("app.kubernetes.io/name").asText());
            assertEquals(1, prod.named("PodDisruptionBudget", service).path("spec").path("maxUnavailable").asInt());
            JsonNode hpa = prod.named("HorizontalPodAutoscaler", service).path("spec");
            assertEquals(service, hpa.path("scaleTargetRef").path("name").asText());
            assertTrue(hpa.path("minReplicas").asInt() >= 3);
        }
    }

    @Test
    void containersProbeQuarkusHealthAndRunLockedDown() {
        for (String service : SERVICES) {
            JsonNode pod = prod.named("Deployment", service).path("spec").path("template").path("spec");
            JsonNode container = pod.path("containers").get(0);
            assertEquals("/q/health/live", container.path("livenessProbe").path("httpGet").path("path").asText());
            assertEquals("/q/health/ready", container.path("readinessProbe").path("httpGet").path("path").asText());
            assertEquals("/q/health/started", container.path("startupProbe").path("httpGet").path("path").asText());
            assertFalse(container.path("resources").path("requests").path("cpu").isMissingNode(), service);
            assertFalse(container.path("resources").path("limits").path("memory").isMissingNode(), service);
            assertTrue(pod.path("securityContext").path("runAsNonRoot").asBoolean(), service);
            assertTrue(container.path("securityContext").path("readOnlyRootFilesystem").asBoolean(), service);
            assertFalse(container.path("securityContext").path("allowPrivilegeEscalation").asBoolean(true), service);
            assertTrue(container.path("image").asText().matches("registry\\.example\\.com/paygate/" + service + ":.+"));
        }
    }

    @Test
    void productionTurnsTheSandboxShortcutsOff() {
        assertEquals("false", prod.named("ConfigMap", "payment-service").path("data").path("GATEWAY_PAYMENT_SANDBOX_ENABLED").asText());
        assertEquals("false", prod.named("ConfigMap", "binding-service").path("data").path("GATEWAY_BINDING_SANDBOX_ENABLED").asText());
        assertEquals("false", prod.named("ConfigMap", "paygate-common").path("data").path("GATEWAY_CALLBACKS_ALLOW_LOCAL").asText());
        assertEquals("true", dev.named("ConfigMap", "payment-service").path("data").path("GATEWAY_PAYMENT_SANDBOX_ENABLED").asText());
        assertEquals(1, dev.named("Deployment", "payment-service").path("spec").path("replicas").asInt());
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
            "/pg/payment/card/initiate, payment-service",
            "/pg/payment/card/status/ORD-1, payment-service",
            "/pg/pay/PC7F3K9Q2M4X8B1N, payment-service",
            "/pg/disbursement/transfer, payment-service",
            "/pg/ops/disbursements/DSB1/status, payment-service",
            "/pg/sandbox/payments/PC1/simulate, payment-service",
            "/pg/payment/card/directdebit/bind, binding-service",
            "/pg/bind/bnd_1, binding-service",
            "/pg/sandbox/bindings/bnd_1/simulate, binding-service",
            "/pg/merchant/callbacks, notification-service",
            "/pg/notifications/abc/redeliver, notification-service",
            "/q/health/ready, none",
            "/q/metrics, none",
            "/internal/bindings, none"})
    void theIngressRoutesEachPathToTheServiceThatOwnsIt(String path, String expected) {
        JsonNode ingress = prod.named("Ingress", "paygate");
        assertEquals("pay.example.com", ingress.path("spec").path("tls").get(0).path("hosts").get(0).asText());
        Optional<String> backend = Optional.empty();
        int longest = -1;
        for (JsonNode p : ingress.path("spec").path("rules").get(0).path("http").path("paths")) {
            String prefix = p.path("path").asText();
            boolean matches = path.equals(prefix) || path.startsWith(prefix + "/");
            if (matches && prefix.length() > longest) {
                longest = prefix.length();
                backend = Optional.of(p.path("backend").path("service").path("name").asText());
            }
        }
        assertEquals(expected, backend.orElse("none"));
    }

    @Test
    void networkPoliciesDenyByDefaultAndKeepInternalCallsInternal() {
        JsonNode deny = prod.named("NetworkPolicy", "paygate-default-deny-ingress").path("spec");
        assertTrue(deny.path("ingress").isMissingNode() || deny.path("ingress").isEmpty());
        JsonNode binding = prod.named("NetworkPolicy", "binding-service-from-payment-service").path("spec");
        assertEquals("payment-service", binding.path("ingress").get(0).path("from").get(0).path("podSelector")
                .path("matchLabels").path("app.kubernetes.io/name").asText());
        JsonNode egress = prod.named("NetworkPolicy", "notification-service-egress").path("spec").path("egress");
        Set<String> excepted = new HashSet<>();
        egress.forEach(rule -> rule.path("to").forEach(to -> to.path("ipBlock").path("except")
                .forEach(cidr -> excepted.add(cidr.asText()))));
        assertTrue(excepted.containsAll(Set.of("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "169.254.0.0/16",
                "100.64.0.0/10")), excepted.toString());
    }

    @Test
    void theSecretTemplateDefinesEverySecretTheDeploymentsUse() throws Exception {
        Set<String> defined = new HashSet<>();
        RenderedManifests.parseFile(RenderedManifests.K8S.resolve("base/secrets.example.yaml"))
                .forEach(s -> defined.add(s.path("metadata").path("name").asText()));
        Set<String> used = new HashSet<>();
        for (JsonNode deployment : prod.ofKind("Deployment")) {
            JsonNode pod = deployment.path("spec").path("template").path("spec");
            pod.path("volumes").forEach(v -> {
                if (v.has("secret")) {
                    used.add(v.path("secret").path("secretName").asText());
                }
            });
            pod.path("containers").get(0).path("env").forEach(e -> {
                JsonNode ref = e.path("valueFrom").path("secretKeyRef");
                if (!ref.isMissingNode()) {
                    used.add(ref.path("name").asText());
                }
            });
        }
        assertFalse(used.isEmpty());
        assertTrue(defined.containsAll(used), "missing from the template: " + used);
        assertTrue(prod.ofKind("Secret").isEmpty(), "no Secret is rendered with the manifests");
    }
}

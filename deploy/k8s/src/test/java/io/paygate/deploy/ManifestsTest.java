package io.paygate.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.StringReader;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ManifestsTest {

    static final List<String> SERVICES = List.of("payment-service", "binding-service", "notification-service",
            "merchant-service", "ledger-service");
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
            for (String probe : new String[]{"livenessProbe", "readinessProbe", "startupProbe"}) {
                assertEquals("management", container.path(probe).path("httpGet").path("port").asText(), probe);
            }
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
    void healthAndMetricsAreOnTheManagementPortWhichNoServiceExposes() {
        for (String service : SERVICES) {
            JsonNode pod = prod.named("Deployment", service).path("spec").path("template").path("spec");
            Set<String> ports = new HashSet<>();
            pod.path("containers").get(0).path("ports").forEach(p -> ports.add(p.path("name").asText() + ":"
                    + p.path("containerPort").asInt()));
            assertEquals(Set.of("http:8080", "management:9000"), ports, service);
            assertEquals("9000", prod.named("Deployment", service).path("spec").path("template").path("metadata")
                    .path("annotations").path("prometheus.io/port").asText());
            JsonNode servicePorts = prod.named("Service", service).path("spec").path("ports");
            assertEquals(1, servicePorts.size(), service);
            assertEquals("http", servicePorts.get(0).path("targetPort").asText(), service);
        }
    }

    @Test
    void eachServiceMountsASecretOfItsOwnAndReadsNoOtherServicesSecrets() {
        for (String service : SERVICES) {
            JsonNode pod = prod.named("Deployment", service).path("spec").path("template").path("spec");
            Set<String> secrets = new HashSet<>();
            String configVolume = null;
            for (JsonNode mount : pod.path("containers").get(0).path("volumeMounts")) {
                if (mount.path("mountPath").asText().equals("/deployments/config")) {
                    configVolume = mount.path("name").asText();
                }
            }
            String configSecret = null;
            for (JsonNode v : pod.path("volumes")) {
                if (v.has("secret")) {
                    secrets.add(v.path("secret").path("secretName").asText());
                    if (v.path("name").asText().equals(configVolume)) {
                        configSecret = v.path("secret").path("secretName").asText();
                    }
                }
            }
            pod.path("containers").get(0).path("env").forEach(e -> {
                JsonNode ref = e.path("valueFrom").path("secretKeyRef");
                if (!ref.isMissingNode()) {
                    secrets.add(ref.path("name").asText());
                }
            });
            assertEquals(service + "-secrets", configSecret, service);
            for (String other : SERVICES) {
                if (!other.equals(service)) {
                    assertTrue(secrets.stream().noneMatch(name -> name.startsWith(other)), service + " reads " + secrets);
                }
            }
        }
    }

    @Test
    void productionTurnsTheSandboxShortcutsOff() {
        assertEquals("false", prod.named("ConfigMap", "paygate-common").path("data")
                .path("GATEWAY_SANDBOX_ALLOWED_IN_PRODUCTION").asText());
        assertEquals("true", dev.named("ConfigMap", "paygate-common").path("data")
                .path("GATEWAY_SANDBOX_ALLOWED_IN_PRODUCTION").asText());
        assertEquals("false", prod.named("ConfigMap", "payment-service").path("data")
                .path("GATEWAY_DISBURSEMENT_SANDBOX_BANK_ENABLED").asText());
        assertEquals("false", prod.named("ConfigMap", "payment-service").path("data").path("GATEWAY_PAYMENT_SANDBOX_ENABLED").asText());
        assertEquals("false", prod.named("ConfigMap", "binding-service").path("data").path("GATEWAY_BINDING_SANDBOX_ENABLED").asText());
        assertEquals("false", prod.named("ConfigMap", "paygate-common").path("data").path("GATEWAY_CALLBACKS_ALLOW_LOCAL").asText());
        assertEquals("true", dev.named("ConfigMap", "payment-service").path("data").path("GATEWAY_PAYMENT_SANDBOX_ENABLED").asText());
        assertEquals(1, dev.named("Deployment", "payment-service").path("spec").path("replicas").asInt());
        // docs/contract.md §12: the QA top-up credits money from nowhere; dev alone has it
        assertEquals("false", prod.named("ConfigMap", "ledger-service").path("data")
                .path("GATEWAY_LEDGER_SANDBOX_ENABLED").asText());
        assertEquals("true", dev.named("ConfigMap", "ledger-service").path("data")
                .path("GATEWAY_LEDGER_SANDBOX_ENABLED").asText());
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
            "/pg/payment/card/initiate, payment-service",
            "/pg/payment/card/status/ORD-1, payment-service",
            "/pg/pay/PC7F3K9Q2M4X8B1N, payment-service",
            "/pg/disbursement/transfer, payment-service",
            "/pg/provider/sandbox/callback, payment-service",
            "/pg/provider/midtrans/notification, payment-service",
            "/pg/payments, payment-service",
            "/pg/disbursements, payment-service",
            "/pg/payment/card/refunds, payment-service",
            "/pg/reports/transactions, payment-service",
            "/pg/openapi.yaml, payment-service",
            "/pg/openapi.yamlx, none",
            "/pg/ops/disbursements/DSB1/status, none",
            "/pg/sandbox/payments/PC1/simulate, none",
            "/pg/paymentx, none",
            "/pg/payment/card/directdebit/bind, binding-service",
            "/pg/payment/card/directdebit/purchase, payment-service",
            "/pg/payment/card/directdebit/purchase/otp/confirm, payment-service",
            "/pg/payment/card/recurring/SUB1/pause, payment-service",
            "/pg/subscriptions, payment-service",
            "/pg/bind/bnd_1, binding-service",
            "/pg/sandbox/bindings/bnd_1/simulate, none",
            "/pg/merchant/callbacks, notification-service",
            "/pg/merchant/callbacks/test, notification-service",
            "/pg/merchant, merchant-service",
            "/pg/merchant/client-secret/rotate, merchant-service",
            "/pg/merchant/client-secret/previous, merchant-service",
            "/pg/merchant/notification-secret/rotate, merchant-service",
            "/pg/merchant/notification-secret/activate, merchant-service",
            "/pg/merchant/snap-public-key, merchant-service",
            "/pg/merchant/ip-allowlist, merchant-service",
            "/pg/merchant/other, none",
            "/pg/merchantx, none",
            "/admin/merchants/acme/suspend, merchant-service",
            "/admin/audit, merchant-service",
            "/adminx, none",
            "/pg/balance, ledger-service",
            "/pg/balance/transactions, ledger-service",
            "/pg/balancex, none",
            "/pg/settlements, ledger-service",
            "/pg/settlements/STL-1/report, ledger-service",
            "/pg/sandbox/balance/top-up, none",
            "/admin/settlements/run, ledger-service",
            "/admin/reconciliation, ledger-service",
            "/admin/settlementsx, merchant-service",
            "/internal/holds/demo/TRF-1, none",
            "/v1.0/balance-inquiry, ledger-service",
            "/v1.0/balance-inquiry/x, payment-service",
            "/pg/notifications/abc/redeliver, notification-service",
            "/pg/snap/public-key.pem, notification-service",
            "/pg/snap/public-keys/demo.pem, notification-service",
            "/pg/snap/public-keysx, none",
            "/pg/snap/other, none",
            "/q/health/ready, none",
            "/q/metrics, none",
            "/internal/bindings, none",
            "/v1.0/access-token/b2b, payment-service",
            "/v1.0/transfer-va/create-va, payment-service",
            "/v1.0/qr/qr-mpm-generate, payment-service",
            "/v1.0/debit/payment-host-to-host, payment-service",
            "/v1.0/transfer-interbank, payment-service",
            "/v1.0/transfer/status, payment-service",
            "/v1.0/registration-account-binding, binding-service",
            "/v1.0/registration-account-inquiry, binding-service",
            "/v1.0/registration-account-unbinding, binding-service",
            "/v1.0/registration-account-binding/x, payment-service",
            "/v1.00/x, none"})
    void theIngressRoutesEachPathToTheServiceThatOwnsIt(String path, String expected) {
        JsonNode ingress = prod.named("Ingress", "paygate");
        assertEquals("pay.example.com", ingress.path("spec").path("tls").get(0).path("hosts").get(0).asText());
        assertEquals(expected, routeOf(ingress, path));
    }

    @ParameterizedTest(name = "dev: {0} -> {1}")
    @CsvSource({
            "/pg/ops/disbursements/DSB1/status, payment-service",
            "/pg/sandbox/payments/PC1/simulate, payment-service",
            "/pg/sandbox/bindings/bnd_1/simulate, binding-service",
            "/pg/sandbox/balance/top-up, ledger-service",
            "/pg/sandbox/balancex, payment-service",
            "/pg/balance, ledger-service",
            "/pg/sandbox/va/pay, payment-service",
            "/pg/sandbox/qris/pay, payment-service",
            "/pg/sandbox/subscriptions/SUB1/due, payment-service",
            "/pg/sandbox/bank-app, payment-service",
            "/pg/payment/card/initiate, payment-service",
            "/q/health/ready, none"})
    void theDevIngressAlsoRoutesTheSandboxAndOpsEndpointsForQa(String path, String expected) {
        assertEquals(expected, routeOf(dev.named("Ingress", "paygate"), path));
    }

    /**
     * The backend the Ingress picks (networking.k8s.io/v1): an {@code Exact} path matches itself only, a {@code Prefix}
     * path whole path elements; the longest match wins.
     */
    private static String routeOf(JsonNode ingress, String path) {
        Optional<String> backend = Optional.empty();
        int longest = -1;
        for (JsonNode p : ingress.path("spec").path("rules").get(0).path("http").path("paths")) {
            String prefix = p.path("path").asText();
            String type = p.path("pathType").asText();
            assertTrue(type.equals("Prefix") || type.equals("Exact"), prefix + ": " + type);
            boolean matches = path.equals(prefix) || (type.equals("Prefix") && path.startsWith(prefix + "/"));
            if (matches && prefix.length() > longest) {
                longest = prefix.length();
                backend = Optional.of(p.path("backend").path("service").path("name").asText());
            }
        }
        return backend.orElse("none");
    }

    @Test
    void networkPoliciesDenyByDefaultAndKeepInternalCallsInternal() {
        JsonNode deny = prod.named("NetworkPolicy", "paygate-default-deny-ingress").path("spec");
        assertTrue(deny.path("ingress").isMissingNode() || deny.path("ingress").isEmpty());
        JsonNode fromOutside = prod.named("NetworkPolicy", "paygate-from-ingress-and-monitoring").path("spec");
        Set<String> allowed = new HashSet<>();
        fromOutside.path("ingress").forEach(rule -> rule.path("from").forEach(from -> rule.path("ports").forEach(
                port -> allowed.add(from.path("namespaceSelector").path("matchLabels")
                        .path("kubernetes.io/metadata.name").asText() + ":" + port.path("port").asInt()))));
        assertEquals(Set.of("ingress-nginx:8080", "monitoring:9000"), allowed, "the Ingress reaches no health or metrics");
        // only payment-service calls binding-service's and ledger-service's internal APIs, only ledger-service
        // payment-service's (docs/contract.md §12), all on the API port
        for (String[] pair : new String[][] {{"binding-service", "payment-service"},
                {"ledger-service", "payment-service"}, {"payment-service", "ledger-service"}}) {
            JsonNode policy = prod.named("NetworkPolicy", pair[0] + "-from-" + pair[1]).path("spec");
            assertEquals(pair[0], policy.path("podSelector").path("matchLabels").path("app.kubernetes.io/name")
                    .asText());
            assertEquals(1, policy.path("ingress").size(), pair[0]);
            assertEquals(pair[1], policy.path("ingress").get(0).path("from").get(0).path("podSelector")
                    .path("matchLabels").path("app.kubernetes.io/name").asText(), pair[0]);
            assertEquals(8080, policy.path("ingress").get(0).path("ports").get(0).path("port").asInt(), pair[0]);
        }
        JsonNode egress = prod.named("NetworkPolicy", "notification-service-egress").path("spec").path("egress");
        Set<String> excepted = new HashSet<>();
        egress.forEach(rule -> rule.path("to").forEach(to -> to.path("ipBlock").path("except")
                .forEach(cidr -> excepted.add(cidr.asText()))));
        assertTrue(excepted.containsAll(Set.of("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "169.254.0.0/16",
                "100.64.0.0/10")), excepted.toString());
    }

    /** docs/contract.md §6 allows callback ports 443 and 8443; an egress policy that blocks one breaks those merchants. */
    @Test
    void notificationEgressAllowsEveryAllowedCallbackPort() {
        String allowed = prod.named("ConfigMap", "paygate-common").path("data").path("GATEWAY_CALLBACKS_ALLOWED_PORTS")
                .asText();
        assertEquals("443,8443", allowed);
        Set<Integer> open = new HashSet<>();
        prod.named("NetworkPolicy", "notification-service-egress").path("spec").path("egress").forEach(rule -> {
            boolean internet = false;
            for (JsonNode to : rule.path("to")) {
                internet |= to.path("ipBlock").path("cidr").asText().equals("0.0.0.0/0");
            }
            if (internet) {
                rule.path("ports").forEach(port -> open.add(port.path("port").asInt()));
            }
        });
        for (String port : allowed.split(",")) {
            assertTrue(open.contains(Integer.parseInt(port.trim())), "egress to the internet on port " + port + ": " + open);
        }
    }

    @Test
    void everyServiceTakesTheSameEventSigningKeysFromOneSecret() throws Exception {
        for (String service : SERVICES) {
            JsonNode env = prod.named("Deployment", service).path("spec").path("template").path("spec")
                    .path("containers").get(0).path("env");
            JsonNode current = secretRef(env, "GATEWAY_EVENTS_SIGNING_KEY");
            assertEquals("paygate-event-signing", current.path("name").asText(), service);
            assertEquals("signing-key", current.path("key").asText(), service);
            assertFalse(current.path("optional").asBoolean(false), service + ": a service must not run without it");
            JsonNode previous = secretRef(env, "GATEWAY_EVENTS_PREVIOUS_SIGNING_KEY");
            assertEquals("paygate-event-signing", previous.path("name").asText(), service);
            assertEquals("previous-signing-key", previous.path("key").asText(), service);
            assertTrue(previous.path("optional").asBoolean(), service + ": only set while rotating");
        }
        JsonNode template = RenderedManifests.parseFile(RenderedManifests.K8S.resolve("base/secrets.example.yaml"))
                .stream().filter(s -> s.path("metadata").path("name").asText().equals("paygate-event-signing"))
                .findFirst().orElseThrow();
        assertTrue(template.path("stringData").has("signing-key"));
    }

    /**
     * docs/contract.md §9: the SNAP keys, each in the services that use it and no other; each merchant's signing key in
     * notification-service's merchants Secret, and no shared gateway key anywhere (issue 43: a shared key let one
     * merchant's notification verify at another's).
     */
    @Test
    void theServicesThatServeSnapShareTheTokenKeyAndNotificationServiceAloneHoldsEachMerchantsSigningKey()
            throws Exception {
        for (String service : SERVICES) {
            JsonNode env = prod.named("Deployment", service).path("spec").path("template").path("spec")
                    .path("containers").get(0).path("env");
            boolean servesSnap = !service.equals("notification-service") && !service.equals("merchant-service");
            assertEquals(servesSnap, hasEnv(env, "GATEWAY_SNAP_TOKEN_KEY"), service);
            if (service.equals("ledger-service")) { // its merchants and their SNAP keys are merchant-config's alone
                assertTrue(secretProperties(service + "-secrets").stringPropertyNames().stream()
                        .noneMatch(key -> key.startsWith("gateway.merchants.")), service);
                continue;
            }
            assertFalse(hasEnv(env, "GATEWAY_SNAP_SIGNING_KEY") || hasEnv(env, "GATEWAY_SNAP_PREVIOUS_SIGNING_KEY"),
                    service + ": no gateway-wide SNAP signing key");
            Properties merchants = secretProperties(service + "-secrets");
            // merchant-service seeds the registry with every member of a merchant, its signing key included (§10).
            assertEquals(!servesSnap, merchants.containsKey("gateway.merchants.acme.snap.signing-key"), service);
            if (servesSnap) {
                JsonNode current = secretRef(env, "GATEWAY_SNAP_TOKEN_KEY");
                assertEquals("paygate-snap-token", current.path("name").asText(), service);
                assertEquals("token-key", current.path("key").asText(), service);
                assertFalse(current.path("optional").asBoolean(false), service);
                assertTrue(secretRef(env, "GATEWAY_SNAP_PREVIOUS_TOKEN_KEY").path("optional").asBoolean(), service);
                                assertTrue(merchants.containsKey("gateway.merchants.acme.snap.client-key"), service);
                assertTrue(merchants.containsKey("gateway.merchants.acme.snap.public-key"), service);
                // create-va takes only the merchant's own company codes (docs/contract.md §9)
                assertEquals(service.equals("payment-service"),
                        merchants.containsKey("gateway.merchants.acme.snap.partner-service-ids"), service);
            } else {
                assertTrue(merchants.containsKey("gateway.merchants.acme.snap.client-key"), "X-PARTNER-ID: " + service);
            }
        }
        assertTrue(RenderedManifests.parseFile(RenderedManifests.K8S.resolve("base/secrets.example.yaml")).stream()
                .noneMatch(s -> s.path("metadata").path("name").asText().equals("paygate-snap-signing")),
                "no Secret holds one signing key for every merchant");
    }

    private static boolean hasEnv(JsonNode env, String name) {
        for (JsonNode e : env) {
            if (e.path("name").asText().equals(name)) {
                return true;
            }
        }
        return false;
    }

    private static JsonNode secretRef(JsonNode env, String name) {
        for (JsonNode e : env) {
            if (e.path("name").asText().equals(name)) {
                return e.path("valueFrom").path("secretKeyRef");
            }
        }
        throw new AssertionError("no " + name + " in " + env);
    }

    /**
     * The prod profile refuses a merchant on the sandbox channel (docs/contract.md §2), so the template's merchant pays through
     * Midtrans, with its keys in payment-service's Secret and merchant-service's (the registry's seed, §10) alone: the
     * other services run no payment channel.
     */
    @Test
    void theTemplatesMerchantPaysThroughMidtransWithItsKeysInPaymentServicesSecretAlone() throws Exception {
        Properties payment = secretProperties("payment-service-secrets");
        assertEquals("midtrans", payment.getProperty("gateway.merchants.acme.provider"));
        assertTrue(payment.getProperty("gateway.merchants.acme.midtrans.server-key", "").startsWith("<Mid-server-"));
        assertTrue(payment.getProperty("gateway.merchants.acme.midtrans.client-key", "").startsWith("<Mid-client-"));
        assertEquals("https://api.midtrans.com", payment.getProperty("gateway.merchants.acme.midtrans.base-url"));
        Properties seed = secretProperties("merchant-service-secrets");
        for (String key : List.of("provider", "midtrans.server-key", "midtrans.client-key", "midtrans.base-url")) {
            assertEquals(payment.getProperty("gateway.merchants.acme." + key),
                    seed.getProperty("gateway.merchants.acme." + key), "the seed pays as payment-service does: " + key);
        }
        for (String other : List.of("binding-service-secrets", "notification-service-secrets")) {
            assertTrue(secretProperties(other).stringPropertyNames().stream().noneMatch(key -> key.contains(".midtrans.")),
                    other + " holds no Midtrans key");
        }
    }

    private static Properties secretProperties(String secret) throws Exception {
        JsonNode template = RenderedManifests.parseFile(RenderedManifests.K8S.resolve("base/secrets.example.yaml"))
                .stream().filter(s -> s.path("metadata").path("name").asText().equals(secret)).findFirst().orElseThrow();
        Properties properties = new Properties();
        properties.load(new StringReader(template.path("stringData").path("application.properties").asText()));
        assertFalse(properties.isEmpty(), secret);
        return properties;
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

    /**
     * docs/contract.md §10: every service holds the key that seals the merchants' secrets, from one Secret (the previous
     * one only while rotating); merchant-service's Secret names its operators by their tokens' SHA-256 alone.
     */
    @Test
    void everyServiceTakesTheMerchantEncryptionKeyFromOneSecretAndOperatorsAreStoredHashed() throws Exception {
        for (String service : SERVICES) {
            JsonNode env = prod.named("Deployment", service).path("spec").path("template").path("spec")
                    .path("containers").get(0).path("env");
            JsonNode current = secretRef(env, "GATEWAY_MERCHANTS_ENCRYPTION_KEY");
            assertEquals("paygate-merchant-encryption", current.path("name").asText(), service);
            assertEquals("encryption-key", current.path("key").asText(), service);
            assertFalse(current.path("optional").asBoolean(false), service);
            JsonNode previous = secretRef(env, "GATEWAY_MERCHANTS_PREVIOUS_ENCRYPTION_KEY");
            assertEquals("previous-encryption-key", previous.path("key").asText(), service);
            assertTrue(previous.path("optional").asBoolean(), service + ": only set while rotating");
        }
        Properties registry = secretProperties("merchant-service-secrets");
        assertTrue(registry.stringPropertyNames().stream().filter(k -> k.startsWith("gateway.operators."))
                .allMatch(k -> k.endsWith(".token-sha256")), "operators by their tokens' hashes only");
        assertTrue(registry.containsKey("gateway.merchants.acme.notification-secret"), "the seed has every secret");
        JsonNode config = prod.named("ConfigMap", "merchant-service").path("data");
        assertTrue(config.path("QUARKUS_DATASOURCE_JDBC_URL").asText().endsWith("/merchant"));
    }

    /**
     * docs/contract.md §12: payment-service reaches binding-service and ledger-service (holds before payouts) by their
     * Services, ledger-service payment-service; ledger-service has a database of its own and its operators by hash.
     */
    @Test
    void theServicesCallEachOtherByTheirServicesAndLedgerServiceHasItsOwnDatabase() throws Exception {
        JsonNode payment = prod.named("ConfigMap", "payment-service").path("data");
        assertEquals("http://binding-service", payment.path("QUARKUS_REST_CLIENT_BINDINGS_URL").asText());
        assertEquals("http://ledger-service", payment.path("QUARKUS_REST_CLIENT_LEDGER_URL").asText());
        JsonNode ledger = prod.named("ConfigMap", "ledger-service").path("data");
        assertEquals("http://payment-service", ledger.path("GATEWAY_LEDGER_PAYMENT_SERVICE_URL").asText());
        assertTrue(ledger.path("QUARKUS_DATASOURCE_JDBC_URL").asText().endsWith("/ledger"));
        for (String name : List.of("payment-service", "binding-service", "ledger-service")) {
            assertEquals(name, prod.named("Service", name).path("metadata").path("name").asText());
            assertEquals(80, prod.named("Service", name).path("spec").path("ports").get(0).path("port").asInt());
        }
        Properties secrets = secretProperties("ledger-service-secrets");
        assertTrue(secrets.containsKey("gateway.internal.token"));
        assertTrue(secrets.stringPropertyNames().stream().filter(k -> k.startsWith("gateway.operators."))
                .allMatch(k -> k.endsWith(".token-sha256")), "operators by their tokens' hashes only");
    }
}

package io.paygate.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/contract.md §7 in the manifests: every service reaches Kafka with SASL SCRAM-SHA-512 over TLS as its own principal
 * (its own Secret, the brokers' CA mounted where the truststore setting points), and the optional Strimzi component
 * gives each principal exactly the contract's ACLs.
 */
class KafkaManifestsTest {

    static final List<String> SERVICES = ManifestsTest.SERVICES;
    /** The contract's ACLs, as {@code resource-type:name:operation}. */
    static final Map<String, Set<String>> ACLS = Map.of(
            "payment-service-kafka", Set.of("topic:payment-status:Write", "topic:payment-status:Describe",
                    "topic:disbursement-status:Write", "topic:disbursement-status:Describe",
                    "topic:merchant-config:Read", "topic:merchant-config:Describe"),
            "binding-service-kafka", Set.of("topic:binding-status:Write", "topic:binding-status:Describe",
                    "topic:merchant-config:Read", "topic:merchant-config:Describe"),
            "notification-service-kafka", Set.of("topic:payment-status:Read", "topic:payment-status:Describe",
                    "topic:binding-status:Read", "topic:binding-status:Describe",
                    "topic:disbursement-status:Read", "topic:disbursement-status:Describe",
                    "group:notification-service:Read",
                    "topic:notification-dead-letter:Write", "topic:notification-dead-letter:Describe",
                    "topic:merchant-config:Read", "topic:merchant-config:Describe"),
            // docs/contract.md §10: merchant-service alone writes merchant-config, and creates it; it follows it too
            "merchant-service-kafka", Set.of("topic:merchant-config:Write", "topic:merchant-config:Describe",
                    "topic:merchant-config:Create", "topic:merchant-config:Read"),
            // docs/contract.md §12: ledger-service posts from the two status topics in its group and writes nothing
            "ledger-service-kafka", Set.of("topic:payment-status:Read", "topic:payment-status:Describe",
                    "topic:disbursement-status:Read", "topic:disbursement-status:Describe",
                    "group:ledger-service:Read", "topic:merchant-config:Read", "topic:merchant-config:Describe"));

    static RenderedManifests prod;
    static RenderedManifests dev;

    @BeforeAll
    static void render() throws Exception {
        prod = RenderedManifests.render("prod");
        dev = RenderedManifests.render("dev");
    }

    @ParameterizedTest
    @ValueSource(strings = {"prod", "dev"})
    void everyServiceAuthenticatesToKafkaAsItsOwnPrincipalOverTls(String overlay) {
        RenderedManifests manifests = overlay.equals("prod") ? prod : dev;
        JsonNode kafka = manifests.named("ConfigMap", "paygate-kafka").path("data");
        assertEquals("SASL_SSL", kafka.path("KAFKA_SECURITY_PROTOCOL").asText());
        assertEquals("SCRAM-SHA-512", kafka.path("KAFKA_SASL_MECHANISM").asText());
        assertEquals("PEM", kafka.path("KAFKA_SSL_TRUSTSTORE_TYPE").asText());
        String truststore = kafka.path("KAFKA_SSL_TRUSTSTORE_LOCATION").asText();
        for (String service : SERVICES) {
            JsonNode pod = manifests.named("Deployment", service).path("spec").path("template").path("spec");
            JsonNode container = pod.path("containers").get(0);
            List<String> configMaps = new ArrayList<>();
            container.path("envFrom").forEach(e -> configMaps.add(e.path("configMapRef").path("name").asText()));
            assertTrue(configMaps.contains("paygate-kafka"), service + " reads " + configMaps);

            List<String> kafkaSecrets = new ArrayList<>();
            String jaasSecret = null;
            for (JsonNode env : container.path("env")) {
                String secret = env.path("valueFrom").path("secretKeyRef").path("name").asText();
                if (secret.endsWith("-kafka")) {
                    kafkaSecrets.add(secret);
                }
                if (env.path("name").asText().equals("KAFKA_SASL_JAAS_CONFIG")) {
                    jaasSecret = secret;
                    assertEquals("sasl.jaas.config", env.path("valueFrom").path("secretKeyRef").path("key").asText());
                }
            }
            assertEquals(service + "-kafka", jaasSecret, service + "'s JAAS line comes from its own Secret");
            assertEquals(List.of(service + "-kafka"), kafkaSecrets, service + " sees no other principal");

            String caVolume = null;
            for (JsonNode volume : pod.path("volumes")) {
                if (volume.path("secret").path("secretName").asText().equals("paygate-kafka-ca")) {
                    caVolume = volume.path("name").asText();
                }
            }
            String mountedAt = null;
            for (JsonNode mount : container.path("volumeMounts")) {
                if (mount.path("name").asText().equals(caVolume)) {
                    mountedAt = mount.path("mountPath").asText();
                }
            }
            assertEquals(truststore, mountedAt + "/ca.crt", service + " finds the brokers' CA where the truststore points");
        }
    }

    @Test
    void theStrimziComponentGivesEachPrincipalExactlyTheContractsAcls() throws Exception {
        RenderedManifests withUsers = RenderedManifests.render(
                RenderedManifests.K8S.resolve("src/test/resources/overlays/prod-strimzi-users"));
        List<JsonNode> users = withUsers.ofKind("KafkaUser");
        assertEquals(ACLS.keySet(), new TreeSet<>(users.stream().map(u -> u.path("metadata").path("name").asText()).toList()));
        for (JsonNode user : users) {
            String name = user.path("metadata").path("name").asText();
            assertEquals("scram-sha-512", user.path("spec").path("authentication").path("type").asText(), name);
            assertEquals("simple", user.path("spec").path("authorization").path("type").asText(), name);
            Set<String> granted = new TreeSet<>();
            for (JsonNode acl : user.path("spec").path("authorization").path("acls")) {
                JsonNode resource = acl.path("resource");
                assertEquals("literal", resource.path("patternType").asText(), name);
                acl.path("operations").forEach(op -> granted.add(resource.path("type").asText() + ":"
                        + resource.path("name").asText() + ":" + op.asText()));
            }
            assertEquals(new TreeSet<>(ACLS.get(name)), granted, name);
        }
        assertTrue(prod.ofKind("KafkaUser").isEmpty(), "the component is optional: the overlays render without it");
    }
}

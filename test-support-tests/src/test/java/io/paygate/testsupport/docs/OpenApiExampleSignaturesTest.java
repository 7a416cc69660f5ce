package io.paygate.testsupport.docs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.paygate.model.crypto.Digests;
import io.paygate.model.signing.NotificationSigner;
import io.paygate.model.signing.WebhookSecret;
import io.paygate.model.snap.SnapAccessTokenSigner;
import io.paygate.model.snap.SnapKeys;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.SandboxSnap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.Signature;
import java.util.Base64;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The signatures in docs/openapi.yaml's notification examples verify with the notification secret the document says
 * they are signed with (the local stack's merchant {@code demo}'s), recomputed with common-model's signer: the body
 * {@code signature} of each example that has one, the {@code X-SIGNATURE} example (over the disbursement example the
 * document names) and the {@code webhook-signature} example (over the webhook-id and webhook-timestamp examples and
 * that example's body as it names it). The SNAP security schemes' worked examples (docs/contract.md §9) verify too: the
 * access-token request's SHA256withRSA signature with the local stack's merchant {@code demo}'s key pair, the
 * transaction request's HMAC-SHA512 with its client secret, over exactly the strings the schemes describe.
 */
class OpenApiExampleSignaturesTest {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern SECRET = Pattern.compile("whsec_[A-Za-z0-9+/]+=*");
    private static JsonNode document;
    private static NotificationSigner signer;

    @BeforeAll
    static void read() throws IOException {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.isRegularFile(dir.resolve("docs/openapi.yaml"))) {
            dir = dir.getParent();
        }
        assertNotNull(dir, "no docs/openapi.yaml above " + Path.of("").toAbsolutePath());
        document = YAML.readTree(dir.resolve("docs/openapi.yaml").toFile());
        signer = new NotificationSigner(WebhookSecret.parse(statedSecret()));
    }

    /** The one secret the webhooks' descriptions say their examples are signed with. */
    private static String statedSecret() {
        List<String> named = new ArrayList<>();
        List<String> snap = new ArrayList<>();
        for (JsonNode webhook : document.path("webhooks")) {
            String operation = webhook.at("/post/operationId").asText();
            if (operation.startsWith("snap")) {
                // SNAP notifications (docs/contract.md §9) are signed by the gateway's RSA key of the merchant, not the
                // secret: the document says where the merchant's keys are (the first one, or "as the VA payment
                // notification" that says it)
                String description = webhook.at("/post/description").asText();
                assertTrue(description.contains("GET /pg/snap/public-keys/{your client key}.pem")
                        || description.contains("Signed and acknowledged as the VA payment notification"),
                        "the SNAP webhook says which key verifies it: " + operation);
                snap.add(operation);
                continue;
            }
            Matcher secret = SECRET.matcher(webhook.at("/post/description").asText());
            assertTrue(secret.find(), "the webhook says which secret signs its examples: "
                    + webhook.at("/post/operationId").asText());
            named.add(secret.group());
        }
        assertEquals(5, named.size(), "payment, disbursement, binding, subscription and payment-link webhooks");
        assertEquals(List.of("snapVaPaymentNotification", "snapQrNotification", "snapDebitNotification",
                "snapBindingNotification"), snap);
        assertTrue(document.at("/components/parameters/snap-X-SIGNATURE/description").asText()
                .contains("GET /pg/snap/public-keys/{your client key}.pem"),
                "the SNAP X-SIGNATURE names the keys that verify it: the merchant's own");
        assertTrue(named.stream().allMatch(named.getFirst()::equals), "one secret for all: " + named);
        assertEquals(SandboxMerchants.DEMO.notificationSecret(), named.getFirst(), "the local stack's merchant demo's");
        return named.getFirst();
    }

    @Test
    void everyBodySignatureOfAnExampleVerifiesWithTheStatedSecret() throws IOException {
        List<String> checked = new ArrayList<>();
        checkExamples("", document, checked);
        assertEquals(List.of("/webhooks/payment/post/requestBody/content/application~1json/examples/captured",
                "/webhooks/payment/post/requestBody/content/application~1json/examples/refunded",
                "/webhooks/payment/post/requestBody/content/application~1json/examples/cycle",
                "/webhooks/payment/post/requestBody/content/application~1json/examples/link",
                "/webhooks/binding/post/requestBody/content/application~1json/examples/active",
                "/webhooks/subscription/post/requestBody/content/application~1json/examples/paused",
                "/webhooks/paymentLink/post/requestBody/content/application~1json/examples/paid"), checked);
    }

    /** Checks the body signature of every example under {@code node} (at {@code pointer}) that has one. */
    private static void checkExamples(String pointer, JsonNode node, List<String> checked) throws IOException {
        for (Map.Entry<String, JsonNode> member : node.properties()) {
            String at = pointer + "/" + member.getKey().replace("~", "~0").replace("/", "~1");
            if (member.getKey().equals("examples") && member.getValue().isObject()) {
                for (Map.Entry<String, JsonNode> example : member.getValue().properties()) {
                    JsonNode value = example.getValue().path("value");
                    if (value.isObject() && value.has("signature")) {
                        checked.add(at + "/" + example.getKey());
                        assertEquals(signer.bodySignature(JSON.writeValueAsString(value)),
                                value.path("signature").asText(), at + "/" + example.getKey());
                    }
                }
            } else if (member.getValue().isObject()) {
                checkExamples(at, member.getValue(), checked);
            }
        }
    }

    @Test
    void theXSignatureExampleIsTheDisbursementExamplesAsTheDocumentSays() throws IOException {
        JsonNode header = document.at("/components/parameters/X-SIGNATURE");
        assertTrue(header.path("description").asText().contains("the disbursement example paid"),
                header.path("description").asText());

        assertEquals(signer.bodySignature(JSON.writeValueAsString(paid())), header.path("example").asText());
    }

    @Test
    void theWebhookSignatureExampleSignsTheIdTimestampAndBodyTheDocumentNames() throws IOException {
        JsonNode header = document.at("/components/parameters/webhook-signature");
        assertTrue(header.path("description").asText().contains("the disbursement example paid"),
                header.path("description").asText());
        String id = document.at("/components/parameters/webhook-id/example").asText();
        long timestamp = Long.parseLong(document.at("/components/parameters/webhook-timestamp/example").asText());
        // The raw body: the example's members in the order shown, without whitespace, as paygate sends JSON.
        String raw = JSON.writeValueAsString(paid());

        assertEquals(signer.sign(id, timestamp, raw), header.path("example").asText());
    }

    @Test
    void theSnapAccessTokenSignatureExampleVerifiesWithTheDemoMerchantsKey() throws Exception {
        String description = document.at("/components/securitySchemes/SNAP-X-SIGNATURE-asymmetric/description")
                .asText();
        assertEquals("X-SIGNATURE", document.at("/components/securitySchemes/SNAP-X-SIGNATURE-asymmetric/name")
                .asText());
        assertTrue(description.contains("`<X-CLIENT-KEY>|<X-TIMESTAMP>`")
                && description.contains("deploy/local/snap/demo-private.pem"), description);
        Matcher example = Pattern.compile("string to sign `([^`|]+)\\|([^`]+)`, X-SIGNATURE `([A-Za-z0-9+/=]+)`")
                .matcher(description);
        assertTrue(example.find(), description);
        assertEquals(SandboxSnap.clientKey(SandboxMerchants.DEMO), example.group(1));

        // PKCS#1 v1.5 is deterministic: the demo key makes exactly this signature, and its public half verifies it
        assertEquals(SnapAccessTokenSigner.sign(SandboxSnap.privateKey(SandboxMerchants.DEMO), example.group(1),
                example.group(2)), example.group(3));
        Signature verifier = Signature.getInstance("SHA256withRSA");
        verifier.initVerify(SnapKeys.publicKey(SandboxSnap.publicKeyPem(SandboxMerchants.DEMO)));
        verifier.update((example.group(1) + "|" + example.group(2)).getBytes(StandardCharsets.UTF_8));
        assertTrue(verifier.verify(Base64.getDecoder().decode(example.group(3))));
    }

    @Test
    void theSnapTransactionSignatureExampleIsTheHmacOfTheStringTheSchemeDescribes() {
        String description = document.at("/components/securitySchemes/SNAP-X-SIGNATURE-symmetric/description")
                .asText();
        assertTrue(description.contains("`METHOD + \":\" + PATH + \":\" + accessToken + \":\" + "
                + "lowerhex(SHA-256(minified body)) + \":\" + X-TIMESTAMP`"), description);
        assertTrue(description.contains("client secret `" + SandboxMerchants.DEMO.clientSecret() + "`"), description);
        Matcher example = Pattern.compile("`(POST)`, `([^`]+)`, accessToken `([^`]+)`, body SHA-256 `([0-9a-f]{64})`, "
                + "X-TIMESTAMP `([^`]+)`: X-SIGNATURE `([A-Za-z0-9+/=]+)`").matcher(description);
        assertTrue(example.find(), description);
        String signed = String.join(":", example.group(1), example.group(2), example.group(3), example.group(4),
                example.group(5));

        assertEquals(Base64.getEncoder().encodeToString(Digests.hmacSha512(
                SandboxMerchants.DEMO.clientSecret().getBytes(StandardCharsets.UTF_8),
                signed.getBytes(StandardCharsets.UTF_8))), example.group(6));
    }

    private static ObjectNode paid() {
        JsonNode paid = document.at("/webhooks/disbursement/post/requestBody/content/application~1json/examples/paid/value");
        assertTrue(paid.isObject(), "the disbursement example paid");
        return (ObjectNode) paid;
    }
}

package io.paygate.testsupport.docs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.paygate.testsupport.rest.MerchantOpenApi;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A QA engineer finds the sandbox's calls in the merchant's API document (issue 44: the subscription time control, its
 * body, {@code va/pay}, {@code qris/pay} and the simulate calls were missing), each tagged as sandbox only, with the
 * authentication it takes.
 */
class OpenApiSandboxTest {

    /**
     * Each sandbox call a QA suite makes without a browser, with its security scheme ({@code merchant}: the document's
     * own, the §0 signature).
     */
    private static final Map<String, String> CALLS = Map.of(
            "/pg/sandbox/subscriptions/{recurringId}/due", "merchant",
            "/pg/sandbox/va/pay", "ops-token",
            "/pg/sandbox/qris/pay", "ops-token",
            "/pg/sandbox/cashier/pay", "ops-token",
            "/pg/sandbox/wallet/{reference}", "ops-token",
            "/pg/sandbox/payments/{paymentCode}/simulate", "ops-token",
            "/pg/sandbox/bindings/{bindingId}/simulate", "ops-token");

    @Test
    void everySandboxCallIsDocumentedAsSandboxOnlyWithItsAuthenticationAndBody() throws IOException {
        JsonNode document = new ObjectMapper(new YAMLFactory()).readTree(MerchantOpenApi.committedFile().toFile());
        List<String> problems = new ArrayList<>();
        CALLS.forEach((path, scheme) -> {
            JsonNode post = document.path("paths").path(path).path("post");
            if (post.isMissingNode()) {
                problems.add(path + ": not documented");
                return;
            }
            if (!post.path("tags").toString().contains("\"Sandbox\"")) {
                problems.add(path + ": not tagged Sandbox");
            }
            boolean merchant = scheme.equals("merchant")
                    ? post.path("security").isMissingNode() || post.path("security").toString().contains("X-SIGNATURE")
                    : post.path("security").toString().contains("\"" + scheme + "\"");
            if (!merchant) {
                problems.add(path + ": not said to take " + scheme);
            }
            if (!path.endsWith("/due") && post.path("requestBody").isMissingNode()) {
                problems.add(path + ": its body is not documented");
            }
        });
        JsonNode due = document.path("paths").path("/pg/sandbox/subscriptions/{recurringId}/due").path("post")
                .path("requestBody").path("content").path("application/json").path("schema").path("$ref");
        String schema = due.asText().replace("#/components/schemas/", "");
        JsonNode members = document.path("components").path("schemas").path(schema).path("properties");
        if (!members.has("decline") || !members.has("answerDelaySeconds")) {
            problems.add("the due body's schema (" + schema + ") lacks decline or answerDelaySeconds: " + members);
        }
        if (document.path("components").path("securitySchemes").path("ops-token").isMissingNode()) {
            problems.add("the ops-token scheme is not described");
        }
        assertEquals(List.of(), problems);
    }
}

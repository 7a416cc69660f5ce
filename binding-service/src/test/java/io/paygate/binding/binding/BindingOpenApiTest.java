package io.paygate.binding.binding;

import io.paygate.binding.support.BindingTestResources;
import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.model.snap.SnapServices;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.paygate.testsupport.quarkus.PostgresResource;
import io.paygate.testsupport.quarkus.SandboxConfigResource;
import io.paygate.testsupport.rest.MerchantOpenApi;
import io.paygate.testsupport.rest.OpenApiDocument;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a merchant reads at /q/openapi: every response the contract names, with codes the service really sends. */
@QuarkusTest
@BindingTestResources
class BindingOpenApiTest {

    private static final String BIND = "/pg/payment/card/directdebit/bind";
    private static final String ONE = BIND + "/{bindingId}";

    private OpenApiDocument doc;

    @BeforeEach
    void fetch() {
        doc = OpenApiDocument.fetch();
    }

    @Test
    void bindingOperationsDocumentTheirCodes() {
        assertTrue(doc.exampleCodes("POST", BIND, 400).containsAll(Set.of("4000200", "4000201", "4000202")));
        assertEquals(Set.of("4130200"), doc.exampleCodes("POST", BIND, 413));
        assertEquals(Set.of("4150200"), doc.exampleCodes("POST", BIND, 415));
        assertEquals(Set.of("4040201"), doc.exampleCodes("GET", ONE, 404));
        assertEquals(Set.of("4040201"), doc.exampleCodes("DELETE", ONE, 404));
        assertEquals(Set.of("4090200"), doc.exampleCodes("DELETE", ONE, 409));
        for (String method : List.of("POST " + BIND, "GET " + ONE, "DELETE " + ONE)) {
            String[] mp = method.split(" ");
            assertTrue(doc.merchantSigned(mp[0], mp[1]), method);
            assertEquals(Set.of("4010200"), doc.exampleCodes(mp[0], mp[1], 401), method);
            assertEquals(Set.of("2000000"), doc.exampleCodes(mp[0], mp[1], 200), method);
        }
    }

    @Test
    void internalAndSandboxEndpointsSayWhichTokenTheyTake() {
        assertEquals(Set.of("internal-token"), doc.security("GET", "/internal/bindings"));
        assertTrue(doc.operation("GET", "/internal/bindings").path("description").asText().startsWith("Internal"));
        assertEquals(Set.of("4010200"), doc.exampleCodes("GET", "/internal/bindings", 401));
        assertEquals(Set.of("internal-token"), doc.security("GET", "/internal/bindings/{bindingId}"));
        assertEquals(Set.of("4010200"), doc.exampleCodes("GET", "/internal/bindings/{bindingId}", 401));
        assertEquals(Set.of("4040201"), doc.exampleCodes("GET", "/internal/bindings/{bindingId}", 404));
        assertEquals(Set.of("ops-token"), doc.security("POST", "/pg/sandbox/bindings/{bindingId}/simulate"));
        assertEquals(Set.of("4090800"), doc.exampleCodes("POST", "/pg/sandbox/bindings/{bindingId}/simulate", 409));
        for (String operation : doc.operations()) {
            String[] mp = operation.split(" ");
            if (!mp[1].startsWith("/pg/bind/")) {
                assertFalse(doc.exampleCodes(mp[0], mp[1], 401).isEmpty(), operation + " documents 401");
            }
        }
    }

    /**
     * docs/contract.md §9: the SNAP account binding operations name the bearer token, the HMAC signature and the SNAP
     * headers, document the SNAP door's codes and their own, with the standard's reply and an example request.
     */
    @Test
    void snapAccountBindingDocumentsTheTokenTheSignatureTheHeadersAndItsCodes() {
        for (String xx : List.of("07", "08", "09")) {
            String path = SnapServices.all().entrySet().stream().filter(e -> e.getValue().code().equals(xx))
                    .map(java.util.Map.Entry::getKey).findFirst().orElseThrow();
            assertTrue(doc.snapSigned("POST", path), path);
            assertEquals(Set.of("401" + xx + "00", "401" + xx + "01", "401" + xx + "03"),
                    doc.exampleCodes("POST", path, 401), path);
            assertTrue(doc.exampleCodes("POST", path, 400).containsAll(Set.of("400" + xx + "00", "400" + xx + "01",
                    "400" + xx + "02")), path);
            assertTrue(doc.exampleCodes("POST", path, 409).contains("409" + xx + "00"), path);
            assertEquals(Set.of("200" + xx + "00"), doc.exampleCodes("POST", path, 200), path);
            JsonNode op = doc.operation("POST", path);
            assertTrue(op.at("/responses/200/content/application~1json/schema/$ref").asText()
                    .startsWith("#/components/schemas/Account"), path);
            assertFalse(op.at("/requestBody/content/application~1json/examples").isEmpty(), path);
            assertEquals("SNAP account binding", op.at("/tags/0").asText(), path);
        }
        assertEquals(Set.of("4090700", "4090701"), doc.exampleCodes("POST", "/v1.0/registration-account-binding", 409));
        assertEquals(Set.of("4040901", "4040900"), doc.exampleCodes("POST", "/v1.0/registration-account-unbinding",
                404));
    }

    @Test
    void everyDocumentedExampleCarriesACodeThisServiceReallyAnswersWith() {
        OpenApiDocument.Check check = doc.checkErrorExamples(new BindingServiceCodes()::resolve);
        assertEquals(List.of(), check.problems());
        assertTrue(check.examples() > 25, "examples checked: " + check.examples());
    }

    @Test
    void theMerchantDocumentInDocsHoldsWhatThisServiceGenerates() {
        assertEquals(List.of(), MerchantOpenApi.differences(MerchantOpenApi.Service.BINDING, doc.root()));
    }
}

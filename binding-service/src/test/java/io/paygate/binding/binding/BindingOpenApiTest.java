package io.paygate.binding.binding;

import io.paygate.binding.support.BindingTestResources;
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

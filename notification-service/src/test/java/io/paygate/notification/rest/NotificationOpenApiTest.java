package io.paygate.notification.rest;

import io.paygate.notification.support.NotificationTopicsResource;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.paygate.testsupport.quarkus.PostgresResource;
import io.paygate.testsupport.quarkus.SandboxConfigResource;
import io.paygate.testsupport.rest.MerchantOpenApi;
import io.paygate.notification.support.NotificationTestResources;
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
@NotificationTestResources
class NotificationOpenApiTest {

    private static final String CALLBACKS = "/pg/merchant/callbacks";
    private static final String LOG = "/pg/notifications";
    private static final String ONE = LOG + "/{id}";
    private static final String REDELIVER = ONE + "/redeliver";
    private static final String BULK = LOG + "/redeliver";
    private static final String TEST = CALLBACKS + "/test";
    private static final String PUBLIC_KEYS = "/pg/snap/public-keys/{clientKey}.pem";
    private static final String GONE = "/pg/snap/public-key.pem";

    private OpenApiDocument doc;

    @BeforeEach
    void fetch() {
        doc = OpenApiDocument.fetch();
    }

    @Test
    void merchantOperationsDocumentTheirCodes() {
        assertTrue(doc.exampleCodes("PUT", CALLBACKS, 400).containsAll(Set.of("4000600", "4000601")));
        assertEquals(Set.of("4130600"), doc.exampleCodes("PUT", CALLBACKS, 413));
        assertEquals(Set.of("4000701"), doc.exampleCodes("GET", LOG, 400));
        assertEquals(Set.of("4040701"), doc.exampleCodes("GET", ONE, 404));
        assertEquals(Set.of("4040701"), doc.exampleCodes("POST", REDELIVER, 404));
        assertEquals(Set.of("4090700"), doc.exampleCodes("POST", REDELIVER, 409));
        assertEquals(Set.of("4000700", "4000701", "4000702"), doc.exampleCodes("POST", BULK, 400));
        assertEquals(Set.of("4090700"), doc.exampleCodes("POST", BULK, 409));
        assertEquals(Set.of("4000600", "4000601", "4000602"), doc.exampleCodes("POST", TEST, 400));
        assertEquals(Set.of("4090600"), doc.exampleCodes("POST", TEST, 409));
        assertEquals(Set.of("4150600"), doc.exampleCodes("POST", TEST, 415));
        assertEquals(Set.of("4150700"), doc.exampleCodes("POST", BULK, 415));
        assertEquals(Set.of("PUT " + CALLBACKS, "GET " + CALLBACKS, "POST " + TEST, "GET " + LOG, "GET " + ONE,
                "POST " + REDELIVER, "POST " + BULK, "GET " + PUBLIC_KEYS, "GET " + GONE),
                Set.copyOf(doc.operations()));
        assertFalse(doc.merchantSigned("GET", PUBLIC_KEYS), "docs/contract.md §9: no authentication");
        assertFalse(doc.merchantSigned("GET", GONE));
        assertEquals(Set.of("4040701"), doc.exampleCodes("GET", PUBLIC_KEYS, 404));
        assertEquals(Set.of("4100700"), doc.exampleCodes("GET", GONE, 410));
        for (String operation : doc.operations()) {
            String[] mp = operation.split(" ");
            if (mp[1].startsWith("/pg/snap/")) {
                continue;
            }
            assertTrue(doc.merchantSigned(mp[0], mp[1]), operation);
            String expected = mp[1].startsWith(CALLBACKS) ? "4010600" : "4010700";
            assertEquals(Set.of(expected), doc.exampleCodes(mp[0], mp[1], 401), operation);
        }
    }

    @Test
    void everyDocumentedExampleCarriesACodeThisServiceReallyAnswersWith() {
        OpenApiDocument.Check check = doc.checkErrorExamples(new NotificationServiceCodes()::resolve);
        assertEquals(List.of(), check.problems());
        assertTrue(check.examples() > 25, "examples checked: " + check.examples());
    }

    @Test
    void theMerchantDocumentInDocsHoldsWhatThisServiceGenerates() {
        assertEquals(List.of(), MerchantOpenApi.differences(MerchantOpenApi.Service.NOTIFICATION, doc.root()));
    }
}

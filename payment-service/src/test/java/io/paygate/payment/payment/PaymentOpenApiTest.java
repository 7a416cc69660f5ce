package io.paygate.payment.payment;

import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.model.error.ServiceCode;
import io.paygate.model.snap.SnapServices;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.paygate.testsupport.quarkus.PostgresResource;
import io.paygate.testsupport.quarkus.SandboxConfigResource;
import io.paygate.testsupport.rest.MerchantOpenApi;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.testsupport.rest.OpenApiDocument;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a merchant reads at /q/openapi: every response the contract names, with codes the service really sends. */
@QuarkusTest
@PaymentTestResources
class PaymentOpenApiTest {

    private static final String INITIATE = "/pg/payment/card/initiate";
    private static final String STATUS = "/pg/payment/card/status/{orderId}";
    private static final String TRANSFER = "/pg/disbursement/transfer";
    private static final String TRANSFER_STATUS = "/pg/disbursement/status/{partnerReferenceNo}";
    private static final String CANCEL = "/pg/disbursement/{referenceNo}/cancel";
    private static final List<String> MERCHANT_OPERATIONS = List.of("POST " + INITIATE, "GET " + STATUS,
            "POST " + TRANSFER, "GET " + TRANSFER_STATUS, "POST " + CANCEL);

    /** The sandbox's customer pages (docs/contract.md §2a): HTML for a person, no authentication, like the hosted page. */
    private static final Set<String> SANDBOX_PAGES = Set.of("GET /pg/sandbox/bank-app", "POST /pg/sandbox/bank-app",
            "GET /pg/sandbox/qris-app", "POST /pg/sandbox/qris-app", "GET /pg/sandbox/wallet/{reference}",
            "GET /pg/sandbox/cashier", "POST /pg/sandbox/cashier");

    private OpenApiDocument doc;

    @BeforeEach
    void fetch() {
        doc = OpenApiDocument.fetch();
    }

    @Test
    void initiateDocumentsItsFieldErrorsAuthIdempotencyAndBodyLimits() {
        assertTrue(doc.exampleCodes("POST", INITIATE, 400).containsAll(Set.of("4000100", "4000101", "4000102")),
                doc.exampleCodes("POST", INITIATE, 400)::toString);
        assertEquals(Set.of("4010100"), doc.exampleCodes("POST", INITIATE, 401));
        assertEquals(Set.of("4090100"), doc.exampleCodes("POST", INITIATE, 409));
        assertEquals(Set.of("4130100"), doc.exampleCodes("POST", INITIATE, 413));
        assertEquals(Set.of("4150100"), doc.exampleCodes("POST", INITIATE, 415));
        assertEquals(Set.of("5000100"), doc.exampleCodes("POST", INITIATE, 500));
        assertEquals(Set.of("2000000"), doc.exampleCodes("POST", INITIATE, 200));
        assertEquals("#/components/schemas/InitiateResponse", doc.operation("POST", INITIATE)
                .at("/responses/200/content/application~1json/schema/$ref").asText());
    }

    @Test
    void everyOperationDocumentsTheRateLimitWithItsRetryAfter() {
        assertEquals(Set.of("4290100"), doc.exampleCodes("POST", INITIATE, 429));
        assertEquals(Set.of("4290300"), doc.exampleCodes("GET", STATUS, 429));
        assertEquals(Set.of("4290800"), doc.exampleCodes("GET", "/pg/pay/{paymentCode}", 429));
        assertEquals("integer", doc.operation("POST", INITIATE)
                .at("/responses/429/headers/Retry-After/schema/type").asText());
    }

    /** docs/contract.md §0 "Request ids": every operation takes one, and every one of its replies carries one. */
    @Test
    void everyOperationDocumentsTheRequestIdOfItsRepliesAndTakesTheCallers() {
        for (String operation : doc.operations()) {
            String[] parts = operation.split(" ", 2);
            com.fasterxml.jackson.databind.JsonNode op = doc.operation(parts[0], parts[1]);
            boolean takes = false;
            for (com.fasterxml.jackson.databind.JsonNode parameter : op.path("parameters")) {
                takes |= parameter.path("name").asText().equals("X-Request-Id")
                        && parameter.path("in").asText().equals("header") && !parameter.path("required").asBoolean();
            }
            assertTrue(takes, operation);
            op.path("responses").fields().forEachRemaining(response -> assertEquals("string", response.getValue()
                    .at("/headers/X-Request-Id/schema/type").asText(), operation + " " + response.getKey()));
        }
        assertTrue(doc.operations().contains("POST " + INITIATE), doc.operations()::toString);
    }

    @Test
    void everyOperationDocumentsTheDatabaseOutageWithItsRetryAfter() {
        assertEquals(Set.of("5030100"), doc.exampleCodes("POST", INITIATE, 503));
        assertEquals(Set.of("5030300"), doc.exampleCodes("GET", STATUS, 503));
        assertEquals(Set.of("5030400", "5030401"), doc.exampleCodes("POST", TRANSFER, 503));
        assertEquals(Set.of("5030800"), doc.exampleCodes("GET", "/pg/pay/{paymentCode}", 503));
        assertEquals("integer", doc.operation("POST", INITIATE)
                .at("/responses/503/headers/Retry-After/schema/type").asText());
    }

    @Test
    void statusAndDisbursementsDocumentTheirNotFoundAndConflictCodes() {
        assertEquals(Set.of("4040301"), doc.exampleCodes("GET", STATUS, 404));
        assertEquals(Set.of("4010300"), doc.exampleCodes("GET", STATUS, 401));
        assertTrue(doc.exampleCodes("POST", TRANSFER, 400).containsAll(Set.of("4000401", "4000402")));
        assertEquals(Set.of("4090400"), doc.exampleCodes("POST", TRANSFER, 409));
        assertTrue(doc.exampleCodes("POST", TRANSFER, 403).contains("4030401"), "payouts hold funds first (§12)");
        assertTrue(doc.exampleCodes("POST", "/v1.0/transfer-interbank", 403).contains("4031814"));
        assertTrue(doc.exampleCodes("POST", "/v1.0/transfer-interbank", 503).contains("5031801"));
        assertEquals(Set.of("4040501"), doc.exampleCodes("GET", TRANSFER_STATUS, 404));
        assertEquals("07", doc.operation("GET", TRANSFER_STATUS)
                .at("/responses/404/content/application~1json/examples/4040501/value/latestTransactionStatus").asText());
        assertEquals(Set.of("4040401"), doc.exampleCodes("POST", CANCEL, 404));
        assertEquals(Set.of("4090400"), doc.exampleCodes("POST", CANCEL, 409));
    }

    @Test
    void everyMerchantOperationNamesTheSignatureHeadersAndDocuments401() {
        for (String operation : MERCHANT_OPERATIONS) {
            String[] mp = operation.split(" ");
            assertTrue(doc.merchantSigned(mp[0], mp[1]), operation + " names the signature headers");
            assertFalse(doc.exampleCodes(mp[0], mp[1], 401).isEmpty(), operation + " documents 401");
        }
        assertTrue(doc.root().at("/components/securitySchemes/X-SIGNATURE/description").asText()
                .contains("HMAC-SHA512"));
    }

    @Test
    void everyPgOperationIsAuthenticatedUnlessItIsTheCustomersPage() {
        for (String operation : doc.operations()) {
            String[] mp = operation.split(" ");
            boolean page = mp[1].startsWith("/pg/pay/") || mp[1].startsWith("/pg/link/"); // the payment link's page
            if (page || SANDBOX_PAGES.contains(operation)) {
                assertTrue(doc.security(mp[0], mp[1]).isEmpty(), operation);
                continue;
            }
            assertFalse(doc.security(mp[0], mp[1]).isEmpty(), operation + " says how to authenticate");
            assertFalse(doc.exampleCodes(mp[0], mp[1], 401).isEmpty(), operation + " documents 401");
        }
        assertEquals(Set.of("ops-token"), doc.security("POST", "/pg/sandbox/payments/{paymentCode}/simulate"));
        assertEquals(Set.of("ops-token"), doc.security("POST", "/pg/ops/disbursements/{referenceNo}/status"));
        assertTrue(doc.root().path("paths").path("/pg/provider/sandbox/callback").isMissingNode(),
                "the provider's callback is not the merchant API");
        assertTrue(doc.root().path("paths").path("/pg/provider/midtrans/notification").isMissingNode(),
                "nor is Midtrans's notification");
        assertEquals(Set.of("ops-token"), doc.security("GET", "/pg/ops/outbox/parked"));
        assertEquals(Set.of("ops-token"), doc.security("POST", "/pg/ops/outbox/parked/{id}/retry"));
        assertEquals(Set.of("ops-token"), doc.security("GET", "/pg/ops/payments/surplus"));
        for (String sandboxApp : List.of("/pg/sandbox/va/pay", "/pg/sandbox/qris/pay", "/pg/sandbox/cashier/pay",
                "/pg/sandbox/wallet/{reference}")) {
            assertEquals(Set.of("ops-token"), doc.security("POST", sandboxApp), sandboxApp);
        }
        assertEquals(doc.security("GET", "/pg/payment/card/status/{orderId}"),
                doc.security("GET", "/pg/payment/card/check/{orderId}"));
        for (String[] merchantOp : new String[][]{{"POST", "/pg/payment/card/refund"},
                {"GET", "/pg/payment/card/refund/{refundId}"}, {"POST", "/pg/payment/card/cancel/{orderId}"},
                {"GET", "/pg/payment/card/refunds"}, {"GET", "/pg/payments"}, {"GET", "/pg/disbursements"},
                {"GET", "/pg/reports/transactions"}, {"GET", "/pg/payment/card/stored"},
                {"DELETE", "/pg/payment/card/stored/{tokenId}"}, {"POST", "/pg/payment/card/payment"}}) {
            assertEquals(doc.security("GET", "/pg/payment/card/status/{orderId}"),
                    doc.security(merchantOp[0], merchantOp[1]), merchantOp[1]);
        }
        assertTrue(doc.operations().containsAll(SANDBOX_PAGES), doc.operations()::toString);
        // docs/contract.md §1b: + 3 stored cards and one-click, 3 direct-debit purchase, 4 subscription, 1 list, 1 sandbox
        // time control; §9: + 12 SNAP (the access token, 3 virtual account, 4 QRIS, 4 direct debit); §12: + 2 internal
        // for ledger-service (a transfer, the day's facts); §11: + 4 payment links (create, list, get, deactivate)
        assertEquals(71, doc.operations().size(), doc.operations()::toString);
    }

    /** docs/contract.md §9: the access token is signed with the merchant's RSA key, not the /pg/ headers. */
    @Test
    void theSnapAccessTokenDocumentsItsAsymmetricSignatureAndCodes() {
        String token = SnapServices.ACCESS_TOKEN;
        assertEquals(Set.of("SNAP-X-CLIENT-KEY", "SNAP-X-TIMESTAMP", "SNAP-X-SIGNATURE-asymmetric"),
                doc.security("POST", token));
        assertTrue(doc.root().at("/components/securitySchemes/SNAP-X-SIGNATURE-asymmetric/description").asText()
                .contains("SHA256withRSA"));
        assertEquals(Set.of("2007300"), doc.exampleCodes("POST", token, 200));
        assertEquals(Set.of("4017300"), doc.exampleCodes("POST", token, 401));
        assertTrue(doc.exampleCodes("POST", token, 400).containsAll(Set.of("4007300", "4007301", "4007302")));
        assertEquals(Set.of("4297300"), doc.exampleCodes("POST", token, 429));
        assertEquals("#/components/schemas/AccessTokenResponse", doc.operation("POST", token)
                .at("/responses/200/content/application~1json/schema/$ref").asText());
        assertEquals(List.of("SNAP access token"), tags("POST", token));
    }

    /**
     * docs/contract.md §9: every SNAP transaction request names the bearer token, the HMAC signature and the SNAP headers,
     * documents the SNAP door's 401xx00/01/03, 400xx02 and 409xx00, answers 200xx00 with the standard's reply (schema
     * and example), shows an example request, and sits under a SNAP tag.
     */
    @Test
    void everySnapTransactionDocumentsTheTokenTheSignatureTheHeadersAndItsCodes() {
        List<String> documented = new ArrayList<>();
        for (Map.Entry<String, ServiceCode> snap : SnapServices.all().entrySet()) {
            String path = snap.getKey();
            if (path.equals(SnapServices.ACCESS_TOKEN) || !doc.root().path("paths").has(path)) {
                continue;
            }
            documented.add(path);
            String xx = snap.getValue().code();
            assertTrue(doc.snapSigned("POST", path), path + " names the SNAP headers");
            assertEquals(Set.of("401" + xx + "00", "401" + xx + "01", "401" + xx + "03"),
                    doc.exampleCodes("POST", path, 401), path);
            assertTrue(doc.exampleCodes("POST", path, 400).contains("400" + xx + "02"), path);
            assertTrue(doc.exampleCodes("POST", path, 409).contains("409" + xx + "00"), path);
            assertTrue(doc.exampleCodes("POST", path, 413).contains("413" + xx + "00"), path);
            assertEquals(Set.of("200" + xx + "00"), doc.exampleCodes("POST", path, 200), path);
            JsonNode op = doc.operation("POST", path);
            assertTrue(op.at("/responses/200/content/application~1json/schema/$ref").asText()
                    .startsWith("#/components/schemas/"), path + " names its reply's schema");
            assertTrue(op.at("/requestBody/content/application~1json/schema/$ref").asText()
                    .startsWith("#/components/schemas/"), path + " names its request's schema");
            assertFalse(op.at("/requestBody/content/application~1json/examples").isEmpty(), path + " shows a request");
            assertFalse(op.path("summary").asText().isEmpty(), path);
            assertTrue(tags("POST", path).stream().allMatch(t -> t.startsWith("SNAP ")), path);
        }
        assertTrue(documented.size() >= 11, documented::toString);
        assertEquals(Set.of("4094700", "4094701"), doc.exampleCodes("POST", "/v1.0/qr/qr-mpm-generate", 409));
        assertEquals(Set.of("2027800"), doc.exampleCodes("POST", "/v1.0/qr/qr-mpm-refund", 202));
        assertEquals(Set.of("4037815"), doc.exampleCodes("POST", "/v1.0/qr/qr-mpm-refund", 403));
        assertEquals(Set.of("4045411", "4045408"), doc.exampleCodes("POST", "/v1.0/debit/payment-host-to-host", 404));
        assertEquals(Set.of("4043101", "4043114", "4043100"),
                doc.exampleCodes("POST", "/v1.0/transfer-va/delete-va", 404));
    }

    /** A SNAP path this service answers (anything but 404) is in the document: none is served undocumented. */
    @Test
    void everySnapPathThisServiceServesIsDocumented() {
        List<String> served = new ArrayList<>();
        for (String path : SnapServices.all().keySet()) {
            if (MerchantOpenApi.Service.owning(path) != MerchantOpenApi.Service.PAYMENT) {
                continue;
            }
            int status = given().contentType("application/json").body("{}").post(path).then().extract()
                    .statusCode();
            if (status != 404) {
                served.add(path);
                assertTrue(doc.root().path("paths").path(path).has("post"), path + " is served (" + status
                        + ") and documented");
            }
        }
        assertTrue(served.size() >= 12, served::toString);
    }

    private List<String> tags(String method, String path) {
        List<String> tags = new ArrayList<>();
        doc.operation(method, path).path("tags").forEach(t -> tags.add(t.asText()));
        return tags;
    }

    @Test
    void everyDocumentedExampleCarriesACodeThisServiceReallyAnswersWith() {
        OpenApiDocument.Check check = doc.checkErrorExamples(new PaymentServiceCodes()::resolve);
        assertEquals(List.of(), check.problems());
        assertTrue(check.examples() > 300, "examples checked: " + check.examples());
    }

    @Test
    void theApiPortServesTheMerchantDocumentAsCommitted() throws IOException {
        byte[] served = given().get("/pg/openapi.yaml").then().statusCode(200)
                .contentType(startsWith("application/yaml")).extract().asByteArray();
        assertArrayEquals(Files.readAllBytes(MerchantOpenApi.committedFile()), served);
        assertTrue(doc.root().path("paths").path("/pg/openapi.yaml").isMissingNode(), "not an operation of the API");
    }

    @Test
    void theMerchantDocumentInDocsHoldsWhatThisServiceGenerates() {
        assertEquals(List.of(), MerchantOpenApi.differences(MerchantOpenApi.Service.PAYMENT, doc.root()));
    }
}

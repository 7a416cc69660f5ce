package io.paygate.ledger;

import io.paygate.ledger.books.LedgerServiceCodes;
import io.paygate.ledger.support.LedgerTestResources;
import io.paygate.testsupport.rest.MerchantOpenApi;
import io.paygate.testsupport.rest.OpenApiDocument;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What an operator and a merchant read at /q/openapi: the operator's settlement run and reconciliation behind an
 * operator's token, the internal holds behind the internal token, the merchant's balance, transactions and
 * settlements signed as §0 and the SNAP balance inquiry as SNAP; every error example coded 14 (the SNAP inquiry's 11);
 * the merchant's part is the merchant's document's (docs/openapi.yaml).
 */
@QuarkusTest
@LedgerTestResources
class LedgerOpenApiTest {

    private OpenApiDocument doc;

    @BeforeEach
    void fetch() {
        doc = OpenApiDocument.fetch();
    }

    @Test
    void eachDoorTakesItsOwnCredentials() {
        for (String operation : doc.operations()) {
            String[] mp = operation.split(" ");
            if (mp[1].startsWith("/admin/")) {
                assertEquals(Set.of("ops-token"), doc.security(mp[0], mp[1]), operation);
            } else if (mp[1].startsWith("/internal/")) {
                assertEquals(Set.of("internal-token"), doc.security(mp[0], mp[1]), operation);
            } else if (mp[1].startsWith("/v1.0/")) {
                assertTrue(doc.snapSigned(mp[0], mp[1]), operation);
            } else if (mp[1].startsWith("/pg/") && !mp[1].startsWith("/pg/sandbox/")) {
                assertTrue(doc.merchantSigned(mp[0], mp[1]), operation);
            }
        }
        assertTrue(doc.operations().containsAll(List.of("GET /admin/reconciliation", "POST /admin/settlements/run",
                "GET /pg/balance", "POST /v1.0/balance-inquiry")), doc.operations().toString());
        assertEquals(Set.of("5031400"), doc.exampleCodes("GET", "/admin/reconciliation", 503));
    }

    @Test
    void everyErrorExampleCarriesServiceCode14() {
        OpenApiDocument.Check check = doc.checkErrorExamples(new LedgerServiceCodes()::resolve);
        assertEquals(List.of(), check.problems());
        assertTrue(check.examples() > 10, "examples checked: " + check.examples());
    }

    @Test
    void theMerchantsPartIsInTheMerchantsDocument() {
        assertEquals(List.of(), MerchantOpenApi.differences(MerchantOpenApi.Service.LEDGER, doc.root()));
    }
}

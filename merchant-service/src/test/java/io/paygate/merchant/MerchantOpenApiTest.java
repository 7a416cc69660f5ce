package io.paygate.merchant;

import io.paygate.merchant.registry.MerchantServiceCodes;
import io.paygate.merchant.support.MerchantTestResources;
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

/**
 * What an operator and a merchant read at /q/openapi: the operator API behind an operator's token, the self-service
 * signed as §0, every error example coded 12; the self-service part is the merchant's document's (docs/openapi.yaml).
 */
@QuarkusTest
@MerchantTestResources
class MerchantOpenApiTest {

    private OpenApiDocument doc;

    @BeforeEach
    void fetch() {
        doc = OpenApiDocument.fetch();
    }

    @Test
    void theOperatorApiTakesAnOperatorsTokenAndTheSelfServiceIsSigned() {
        for (String operation : doc.operations()) {
            String[] mp = operation.split(" ");
            if (mp[1].startsWith("/admin/")) {
                assertEquals(Set.of("ops-token"), doc.security(mp[0], mp[1]), operation);
            } else if (mp[1].startsWith("/pg/merchant")) {
                assertTrue(doc.merchantSigned(mp[0], mp[1]), operation);
            }
            if (mp[1].startsWith("/admin/") || mp[1].startsWith("/pg/merchant")) {
                assertEquals(Set.of("4011200"), doc.exampleCodes(mp[0], mp[1], 401), operation);
            }
        }
        assertTrue(doc.exampleCodes("POST", "/admin/merchants", 400).containsAll(Set.of("4001201", "4001202")));
        assertEquals(Set.of("4091200"), doc.exampleCodes("POST", "/admin/merchants", 409));
        assertEquals(Set.of("4041201"), doc.exampleCodes("PATCH", "/admin/merchants/{id}", 404));
        assertEquals(Set.of("4091200"), doc.exampleCodes("PUT", "/pg/merchant/ip-allowlist", 409));
        assertFalse(doc.operation("POST", "/admin/merchants").isMissingNode());
    }

    @Test
    void everyErrorExampleCarriesServiceCode12() {
        OpenApiDocument.Check check = doc.checkErrorExamples(new MerchantServiceCodes()::resolve);
        assertEquals(List.of(), check.problems());
        assertTrue(check.examples() > 20, "examples checked: " + check.examples());
    }

    @Test
    void theSelfServiceIsInTheMerchantsDocument() {
        assertEquals(List.of(), MerchantOpenApi.differences(MerchantOpenApi.Service.MERCHANT, doc.root()));
    }
}

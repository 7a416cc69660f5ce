package io.paygate.testsupport.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.paygate.testsupport.rest.MerchantOpenApi.Service;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MerchantOpenApiTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void eachPathBelongsToTheServiceTheIngressRoutesItTo() {
        assertEquals(Service.BINDING, Service.owning("/pg/payment/card/directdebit/bind/{bindingId}"));
        assertEquals(Service.BINDING, Service.owning("/pg/bind/{bindingId}/authorize"));
        assertEquals(Service.NOTIFICATION, Service.owning("/pg/merchant/callbacks"));
        assertEquals(Service.NOTIFICATION, Service.owning("/pg/notifications/{id}"));
        assertEquals(Service.PAYMENT, Service.owning("/pg/payment/card/initiate"));
        assertEquals(Service.PAYMENT, Service.owning("/pg/payments"));
        // SNAP (docs/contract.md §9): /v1.0/registration-account-* to binding-service, the rest of /v1.0/ to payment
        assertEquals(Service.BINDING, Service.owning("/v1.0/registration-account-binding"));
        assertEquals(Service.BINDING, Service.owning("/v1.0/registration-account-unbinding"));
        assertEquals(Service.PAYMENT, Service.owning("/v1.0/access-token/b2b"));
        assertEquals(Service.PAYMENT, Service.owning("/v1.0/transfer-va/create-va"));
        assertEquals(Service.PAYMENT, Service.owning("/v1.0/qr/qr-mpm-generate"));
        // The sandbox, as the dev overlay's Ingress routes it
        assertEquals(Service.BINDING, Service.owning("/pg/sandbox/bindings/{bindingId}/simulate"));
        assertEquals(Service.PAYMENT, Service.owning("/pg/sandbox/va/pay"));
    }

    @Test
    void theMerchantPartLeavesOutInternalAndOpsPathsAndUnusedSchemasButKeepsTheSandboxsWithTheOpsToken()
            throws Exception {
        ObjectNode part = MerchantOpenApi.merchantPart(Service.BINDING, generated());
        assertEquals(List.of("/pg/payment/card/directdebit/bind", "/pg/sandbox/bindings/{bindingId}/simulate"),
                names(part.path("paths")));
        assertEquals(List.of("BindResponse", "BindCustomer"), names(part.path("components").path("schemas")));
        assertEquals(List.of("X-SIGNATURE", "ops-token"), names(part.path("components").path("securitySchemes")));
    }

    @Test
    void withoutASandboxPathTheOpsTokenIsNotDescribed() throws Exception {
        ObjectNode generated = (ObjectNode) generated();
        ((ObjectNode) generated.path("paths")).remove("/pg/sandbox/bindings/{bindingId}/simulate");
        ObjectNode part = MerchantOpenApi.merchantPart(Service.BINDING, generated);
        assertEquals(List.of("X-SIGNATURE"), names(part.path("components").path("securitySchemes")));
    }

    @Test
    void aPathServedByAnotherServiceThanTheIngressRoutesItToIsRefused() throws Exception {
        assertThrows(AssertionError.class, () -> MerchantOpenApi.merchantPart(Service.PAYMENT, generated()));
    }

    @Test
    void mergingReplacesOnlyTheServicesOwnPathsAndDropsSchemasNoLongerUsed() throws Exception {
        ObjectNode committed = (ObjectNode) JSON.readTree("""
                {"openapi":"3.1.0","info":{"title":"kept"},"paths":{
                  "/pg/payment/card/directdebit/bind/{bindingId}":{"get":{"responses":{"200":{"content":{
                    "application/json":{"schema":{"$ref":"#/components/schemas/Old"}}}}}}},
                  "/pg/payments":{"get":{"responses":{"200":{"content":{
                    "application/json":{"schema":{"$ref":"#/components/schemas/Page"}}}}}}}},
                 "components":{"schemas":{"Old":{},"Page":{}}}}""");
        ObjectNode own = MerchantOpenApi.merchantPart(Service.BINDING, generated());
        ObjectNode merged = MerchantOpenApi.merge(committed, Service.BINDING, own);
        assertEquals("kept", merged.at("/info/title").asText());
        assertEquals(List.of("/pg/payment/card/directdebit/bind", "/pg/payments",
                "/pg/sandbox/bindings/{bindingId}/simulate"), names(merged.path("paths")));
        assertEquals(List.of("BindCustomer", "BindResponse", "Page"), names(merged.path("components").path("schemas")));
        assertTrue(merged.path("webhooks").isMissingNode(), "only notification-service's part holds webhooks");
    }

    private static JsonNode generated() throws Exception {
        return JSON.readTree("""
                {"openapi":"3.1.0","paths":{
                  "/pg/payment/card/directdebit/bind":{"post":{"security":[{"X-SIGNATURE":[]}],"responses":{"200":{
                    "content":{"application/json":{"schema":{"$ref":"#/components/schemas/BindResponse"}}}}}}},
                  "/internal/bindings":{"get":{"security":[{"internal-token":[]}]}},
                  "/pg/ops/outbox/parked":{"get":{"security":[{"ops-token":[]}]}},
                  "/pg/sandbox/bindings/{bindingId}/simulate":{"post":{"security":[{"ops-token":[]}]}}},
                 "components":{"schemas":{
                   "BindResponse":{"properties":{"customer":{"$ref":"#/components/schemas/BindCustomer"}}},
                   "BindCustomer":{},"Unused":{}},
                  "securitySchemes":{"X-SIGNATURE":{"type":"apiKey"},"ops-token":{"type":"http"}}}}""");
    }

    private static List<String> names(JsonNode node) {
        return node.properties().stream().map(java.util.Map.Entry::getKey).toList();
    }
}

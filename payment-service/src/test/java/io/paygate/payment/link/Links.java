package io.paygate.payment.link;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.paygate.model.json.Json;
import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.Requests;
import io.paygate.testsupport.SandboxMerchants;
import io.restassured.response.Response;

import java.util.UUID;

/** The payment-link API as a merchant uses it, and the smallest create body. */
final class Links {

    private Links() {
    }

    static String linkId() {
        return "LNK-" + UUID.randomUUID().toString().substring(0, 18);
    }

    /** The smallest body: link id, description and a fixed amount, and url.callbackUrl. */
    static ObjectNode minimal(String linkId) {
        return (ObjectNode) Json.tree("""
                {"link":{"id":"%s","description":"Coffee beans 1 kg","amount":"150000.00"},
                 "url":{"callbackUrl":"%s"}}""".formatted(linkId, Requests.CALLBACK_URL));
    }

    static Response create(SandboxMerchants.Merchant merchant, ObjectNode body) {
        return PaymentApi.as(merchant).body(Json.write(body)).post("/pg/payment-links");
    }

    static Response create(ObjectNode body) {
        return create(SandboxMerchants.DEMO, body);
    }

    /** Creates a link from {@code body}; its linkCode. */
    static String created(ObjectNode body) {
        return create(body).then().statusCode(200).extract().path("linkCode");
    }

    static Response get(SandboxMerchants.Merchant merchant, String linkId) {
        return PaymentApi.as(merchant).get("/pg/payment-links/" + linkId);
    }

    static Response list(SandboxMerchants.Merchant merchant, String query) {
        return PaymentApi.as(merchant).get("/pg/payment-links" + (query.isEmpty() ? "" : "?" + query));
    }

    static Response deactivate(SandboxMerchants.Merchant merchant, String linkId) {
        return PaymentApi.as(merchant).post("/pg/payment-links/" + linkId + "/deactivate");
    }
}

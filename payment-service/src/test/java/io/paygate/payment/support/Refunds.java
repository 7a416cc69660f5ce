package io.paygate.payment.support;

import io.paygate.model.json.Json;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.rest.MerchantSigningFilter;
import io.restassured.response.Response;

import java.util.LinkedHashMap;
import java.util.Map;

import static io.restassured.RestAssured.given;

/** Refunds, cancellation, lists and the report as a merchant calls them (docs/contract.md §3a, §3b). */
public final class Refunds {

    private Refunds() {
    }

    public static Response refund(SandboxMerchants.Merchant merchant, String orderId, String refundId, String amount) {
        Map<String, String> body = new LinkedHashMap<>();
        body.put("orderId", orderId);
        body.put("refundId", refundId);
        body.put("amount", amount);
        return refund(merchant, Json.write(body));
    }

    public static Response refund(SandboxMerchants.Merchant merchant, String body) {
        return given().filter(MerchantSigningFilter.as(merchant)).contentType("application/json").body(body)
                .post("/pg/payment/card/refund");
    }

    public static Response get(SandboxMerchants.Merchant merchant, String refundId) {
        return given().filter(MerchantSigningFilter.as(merchant)).get("/pg/payment/card/refund/" + refundId);
    }

    public static Response cancel(SandboxMerchants.Merchant merchant, String orderId) {
        return given().filter(MerchantSigningFilter.as(merchant)).post("/pg/payment/card/cancel/" + orderId);
    }

    /** A signed GET of {@code pathAndQuery}. */
    public static Response get(SandboxMerchants.Merchant merchant, String path, String query) {
        return given().filter(MerchantSigningFilter.as(merchant)).urlEncodingEnabled(false)
                .get(path + (query == null || query.isEmpty() ? "" : "?" + query));
    }

    /** Pays a new payment by card and waits for CAPTURED; returns its paymentCode. */
    public static String capturedByCard(String orderId) {
        String code = PaymentApi.newPayment(orderId);
        PaymentApi.payByCard(code, "4111 1111 1111 1111").then().statusCode(303);
        PaymentApi.awaitStatus(orderId, "CAPTURED");
        return code;
    }
}

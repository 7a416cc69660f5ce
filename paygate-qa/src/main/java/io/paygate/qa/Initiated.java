package io.paygate.qa;

import io.restassured.path.json.JsonPath;

import java.util.List;
import java.util.Map;

/**
 * An initiation's reply (docs/contract.md §1). {@code reference} is the hosted page's code (the last segment of
 * {@code redirecturl}, {@code order.reference} in status and notifications); {@code paymentCode} is what the customer
 * pays with (the VA number or store code when a method was preselected, else the reference).
 */
public record Initiated(String orderId, String amount, String paymentCode, String reference, String redirectUrl,
                        String expiryLink, String imageUrl, String appUrl, List<Map<String, Object>> accountList,
                        JsonPath reply) {

    static Initiated from(PaymentRequest request, JsonPath reply) {
        String redirect = reply.getString("redirecturl");
        String reference = redirect.substring(redirect.lastIndexOf('/') + 1);
        List<Map<String, Object>> accounts = reply.get("accountList");
        return new Initiated(request.orderId(), request.amount(), reply.getString("paymentCode"), reference, redirect,
                reply.getString("expiryLink"), reply.getString("imageurl"), reply.getString("appurl"),
                accounts == null ? List.of() : accounts, reply);
    }
}

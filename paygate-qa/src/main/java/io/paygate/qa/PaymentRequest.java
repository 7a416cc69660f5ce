package io.paygate.qa;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.UUID;

/**
 * An initiation body (docs/contract.md §1) with sensible defaults: a fresh {@code order.id}, IDR 150000.00, a customer, and
 * the target's callback URL. {@code method} preselects a payment method (§2a code, e.g. {@code VA_BCA}).
 */
public record PaymentRequest(String orderId, String amount, String description, String method, String accountId,
                             String callbackUrl, String customerId) {

    /** The customer every request names unless {@link #withCustomerId} says otherwise. */
    public static final String DEFAULT_CUSTOMER_ID = "QA-CUSTOMER";

    private static final ObjectMapper JSON = new ObjectMapper();

    /** A new order of {@code amount} (a decimal string such as {@code "150000.00"}). */
    public static PaymentRequest of(String amount) {
        return new PaymentRequest("QA-" + UUID.randomUUID(), amount, "paygate-qa order", null, null, null,
                DEFAULT_CUSTOMER_ID);
    }

    public PaymentRequest withOrderId(String id) {
        return new PaymentRequest(id, amount, description, method, accountId, callbackUrl, customerId);
    }

    public PaymentRequest withDescription(String text) {
        return new PaymentRequest(orderId, amount, text, method, accountId, callbackUrl, customerId);
    }

    /** Preselects a method ({@code CARD}, {@code VA_BCA}, {@code QRIS}, {@code GOPAY}, {@code ALFAMART} …). */
    public PaymentRequest withMethod(String code) {
        return new PaymentRequest(orderId, amount, description, code, accountId, callbackUrl, customerId);
    }

    /** {@code OVO}'s wallet account (E.164 phone). */
    public PaymentRequest withAccountId(String phone) {
        return new PaymentRequest(orderId, amount, description, method, phone, callbackUrl, customerId);
    }

    public PaymentRequest withCallbackUrl(String url) {
        return new PaymentRequest(orderId, amount, description, method, accountId, url, customerId);
    }

    /** The merchant's customer (the direct-debit bindings the hosted page offers are this customer's). */
    public PaymentRequest withCustomerId(String id) {
        return new PaymentRequest(orderId, amount, description, method, accountId, callbackUrl, id);
    }

    /** The JSON body; {@code defaultCallbackUrl} when none was given. */
    public String toJson(String defaultCallbackUrl) {
        ObjectNode body = JSON.createObjectNode();
        ObjectNode order = body.putObject("order");
        order.put("id", orderId);
        order.put("amount", amount);
        if (description != null) {
            order.put("description", description);
        }
        ObjectNode customer = body.putObject("customer");
        customer.put("id", customerId);
        customer.put("email", "qa@example.com");
        customer.put("firstName", "Budi");
        customer.put("lastName", "Santoso");
        customer.put("mobilePhone", "+6281234567890");
        body.putObject("url").put("callbackUrl", callbackUrl == null ? defaultCallbackUrl : callbackUrl);
        if (method != null) {
            ObjectNode source = body.putObject("sourceOfFunds");
            source.put("type", method);
            if (accountId != null) {
                source.put("accountId", accountId);
            }
        }
        try {
            return JSON.writeValueAsString(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}

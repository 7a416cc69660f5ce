package io.paygate.qa;

import io.restassured.path.json.JsonPath;

import java.math.BigDecimal;

/**
 * A refund (docs/contract.md §3a): {@code status} {@code PENDING}, {@code SUCCEEDED} or {@code FAILED} (with
 * {@code statusDesc}), {@code refundedAmount} all succeeded refunds of the payment; {@code reply} for the rest.
 */
public record Refund(String refundId, String orderId, BigDecimal amount, String status, String statusDesc,
                     BigDecimal refundedAmount, JsonPath reply) {

    static Refund from(JsonPath reply) {
        return new Refund(reply.getString("refundId"), reply.getString("orderId"), decimal(reply, "amount"),
                reply.getString("status"), reply.getString("statusDesc"), decimal(reply, "refundedAmount"), reply);
    }

    static BigDecimal decimal(JsonPath reply, String path) {
        Object value = reply.get(path);
        return value == null ? null : new BigDecimal(value.toString());
    }
}

package io.paygate.qa;

import io.restassured.path.json.JsonPath;

/**
 * A status inquiry's reply (docs/contract.md §3): the payment's status and description, its reference, the method once one
 * was chosen; {@code reply} for everything else.
 */
public record PaymentStatus(String status, String statusDesc, String reference, String method, JsonPath reply) {

    static PaymentStatus from(JsonPath reply) {
        return new PaymentStatus(reply.getString("result.payment.status"), reply.getString("result.payment.statusDesc"),
                reply.getString("order.reference"), reply.getString("sourceOfFunds.type"), reply);
    }

    /** Whether the status never changes again except by refunds (§2 payment states). */
    public boolean decided() {
        return status != null && !status.equals("PENDING") && !status.equals("PROCESSING");
    }
}

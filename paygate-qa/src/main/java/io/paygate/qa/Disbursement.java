package io.paygate.qa;

import io.restassured.path.json.JsonPath;

/**
 * A disbursement transfer (docs/contract.md §5): {@code latestTransactionStatus} {@code 01} on creation, then
 * {@code 02}, {@code 03}, {@code 00} (paid), {@code 04}, {@code 05} (cancelled), {@code 06} (failed);
 * {@code referenceNo} the gateway's id; {@code reply} for the rest.
 */
public record Disbursement(String referenceNo, String partnerReferenceNo, String latestTransactionStatus,
                           String transactionDate, JsonPath reply) {

    static Disbursement from(JsonPath reply) {
        return new Disbursement(reply.getString("referenceNo"), reply.getString("partnerReferenceNo"),
                reply.getString("latestTransactionStatus"), reply.getString("transactionDate"), reply);
    }
}

package io.paygate.qa;

import io.restassured.path.json.JsonPath;

/**
 * One notification from the log (docs/contract.md §6 {@code GET /pg/notifications/{id}}): its delivery state and what its
 * latest attempt sent ({@code request}, null until an attempt sent something).
 */
public record LoggedNotification(String id, String type, String resourceId, String status, int attempts,
                                 Integer lastHttpStatus, SentRequest request, JsonPath reply) {

    static LoggedNotification from(JsonPath reply) {
        return new LoggedNotification(reply.getString("id"), reply.getString("type"), reply.getString("resourceId"),
                reply.getString("status"), reply.getInt("attempts"), reply.get("lastHttpStatus"),
                SentRequest.fromLog(reply.get("request")), reply);
    }
}

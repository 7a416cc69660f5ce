package io.paygate.qa;

import io.restassured.path.json.JsonPath;

/**
 * What a test notification did ({@code POST /pg/merchant/callbacks/test}, docs/contract.md §6): its notification {@code
 * id} (its {@code webhook-id}; {@link NotificationLog#get} shows it, type {@code test}), the {@code type} it was sent
 * as, its {@code TEST-…} {@code orderId}, whether the endpoint acknowledged it, the endpoint's HTTP status (null when
 * none arrived), how long it took, the first 1 KiB of the endpoint's reply, and why it failed (null when delivered).
 */
public record TestNotification(String id, String type, String orderId, boolean delivered, Integer httpStatus,
                               int durationMs, String reply, String error, JsonPath raw) {

    static TestNotification from(JsonPath reply) {
        return new TestNotification(reply.getString("id"), reply.getString("type"), reply.getString("orderId"),
                reply.getBoolean("delivered"), reply.get("httpStatus"), reply.getInt("durationMs"),
                reply.getString("reply"), reply.getString("error"), reply);
    }
}

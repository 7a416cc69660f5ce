package io.paygate.qa;

import io.restassured.path.json.JsonPath;

/**
 * A direct-debit binding (docs/contract.md §4): {@code status} {@code PENDING}, {@code ACTIVE}, {@code FAILED} or
 * {@code UNBOUND}; {@code authorizationUrl} the bank page where the customer approves ({@link Sandbox#approveBinding}).
 */
public record Binding(String bindingId, String status, String authorizationUrl, String expiresAt, JsonPath reply) {

    static Binding from(JsonPath reply) {
        return new Binding(reply.getString("bindingId"), reply.getString("status"),
                reply.getString("authorizationUrl"), reply.getString("expiresAt"), reply);
    }
}

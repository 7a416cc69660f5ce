package io.paygate.payment.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.paygate.model.json.Json;

import java.util.UUID;

/** Initiation bodies for tests: the seed's smallest request, and edits of it by dotted path. */
public final class Requests {

    public static final String CALLBACK_URL = "https://merchant.example.com/callbacks/payment";

    private Requests() {
    }

    /** A fresh order id (unique per call). */
    public static String orderId() {
        return "ORD-" + UUID.randomUUID().toString().substring(0, 18);
    }

    /** The seed's smallest request: order (id, amount, description), customer, url.callbackUrl. */
    public static ObjectNode minimal(String orderId) {
        return (ObjectNode) Json.tree("""
                {"order":{"id":"%s","amount":"150000.00","description":"Coffee beans 1 kg"},
                 "customer":{"email":"budi@example.com","firstName":"Budi","lastName":"Santoso","mobilePhone":"+6281234567890"},
                 "url":{"callbackUrl":"%s"}}""".formatted(orderId, CALLBACK_URL));
    }

    /** Sets {@code path} (dotted) to a string, creating objects on the way. */
    public static ObjectNode with(ObjectNode body, String path, String value) {
        return with(body, path, value == null ? JsonNodeFactory.instance.nullNode() : JsonNodeFactory.instance.textNode(value));
    }

    public static ObjectNode with(ObjectNode body, String path, JsonNode value) {
        String[] parts = path.split("\\.");
        ObjectNode node = body;
        for (int i = 0; i < parts.length - 1; i++) {
            JsonNode next = node.get(parts[i]);
            node = next instanceof ObjectNode object ? object : node.putObject(parts[i]);
        }
        node.set(parts[parts.length - 1], value);
        return body;
    }

    /** Removes {@code path} (dotted). */
    public static ObjectNode without(ObjectNode body, String path) {
        String[] parts = path.split("\\.");
        JsonNode node = body;
        for (int i = 0; i < parts.length - 1; i++) {
            node = node.get(parts[i]);
        }
        ((ObjectNode) node).remove(parts[parts.length - 1]);
        return body;
    }

    /** An object with {@code count} members {@code m0..m(count-1)}. */
    public static ObjectNode objectWithMembers(int count) {
        ObjectNode object = JsonNodeFactory.instance.objectNode();
        for (int i = 0; i < count; i++) {
            object.put("m" + i, "v" + i);
        }
        return object;
    }

    public static JsonNode json(String json) {
        return Json.tree(json);
    }
}

package io.paygate.qa;

import io.restassured.path.json.JsonPath;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One page of a list (docs/contract.md §3b), newest first: each item has the fields of its status reply ({@code
 * order.id}, {@code result.payment.status} …; a refund's {@code refundId} …; a transfer's {@code partnerReferenceNo} …;
 * a notification's {@code id}, {@code type}, {@code status} …); {@code nextCursor} null on the last page.
 */
public record ListPage(List<Map<String, Object>> items, String nextCursor, JsonPath reply) {

    static ListPage from(JsonPath reply) {
        return from(reply, "items");
    }

    /** A page whose items are the reply's {@code member} ({@code notifications} in the notification log's). */
    static ListPage from(JsonPath reply, String member) {
        List<Map<String, Object>> items = reply.getList(member);
        return new ListPage(items == null ? List.of() : List.copyOf(items), reply.getString("nextCursor"), reply);
    }

    /** The first item whose member at dotted {@code path} ({@code order.id}, {@code refundId}) is {@code value}. */
    public Optional<Map<String, Object>> find(String path, String value) {
        return items.stream().filter(item -> value.equals(String.valueOf(member(item, path)))).findFirst();
    }

    /** The member of an item at a dotted path, or null. */
    @SuppressWarnings("unchecked")
    public static Object member(Map<String, Object> item, String path) {
        Object current = item;
        for (String name : path.split("\\.")) {
            if (!(current instanceof Map<?, ?> map)) {
                return null;
            }
            current = ((Map<String, Object>) map).get(name);
        }
        return current;
    }
}

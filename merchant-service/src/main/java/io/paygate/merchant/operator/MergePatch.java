package io.paygate.merchant.operator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.List;

/**
 * JSON Merge Patch (RFC 7396): an object patch sets the members it names, removes those it names as {@code null}, and
 * patches nested objects member by member; anything else replaces the target whole (arrays included).
 */
final class MergePatch {

    private MergePatch() {
    }

    static JsonNode apply(JsonNode target, JsonNode patch) {
        if (!patch.isObject()) {
            return patch.deepCopy();
        }
        ObjectNode result = target != null && target.isObject()
                ? ((ObjectNode) target).deepCopy() : JsonNodeFactory.instance.objectNode();
        List<String> names = new ArrayList<>();
        patch.fieldNames().forEachRemaining(names::add);
        for (String name : names) {
            JsonNode value = patch.get(name);
            if (value.isNull()) {
                result.remove(name);
            } else {
                result.set(name, apply(result.get(name), value));
            }
        }
        return result;
    }
}

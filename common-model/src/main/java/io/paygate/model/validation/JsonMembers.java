package io.paygate.model.validation;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A wire object whose JSON member count is checked by {@link MemberCount} (seed: "the object holds between
 * 1 and 12 members"). Implemented by the records themselves, so the check needs no reflection.
 */
public interface JsonMembers {

    /** The number of members the JSON object held: known members that are not {@code null} plus unknown ones. */
    int memberCount();

    /** Counts {@code known} values that are not {@code null}, plus the size of {@code extra}. */
    static int count(Map<String, JsonNode> extra, Object... known) {
        int count = extra == null ? 0 : extra.size();
        for (Object value : known) {
            if (value != null) {
                count++;
            }
        }
        return count;
    }

    /** An unmodifiable copy of {@code extra} keeping its order ({@code null} becomes empty). */
    static Map<String, JsonNode> copyExtra(Map<String, JsonNode> extra) {
        if (extra == null || extra.isEmpty()) {
            return Map.of();
        }
        return Collections.unmodifiableMap(new LinkedHashMap<>(extra));
    }
}

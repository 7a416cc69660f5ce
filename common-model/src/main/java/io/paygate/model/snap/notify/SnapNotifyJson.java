package io.paygate.model.snap.notify;

import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.model.json.Json;

import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * Writes a SNAP notification body (docs/contract.md §9) exactly as JavaScript's {@code JSON.stringify} writes the object
 * a merchant's client gets from {@code JSON.parse} of it, so that a verifier that hashes the re-serialised object
 * (midtrans-client) and one that hashes the raw bytes (dana-node) hash the same bytes: no whitespace; {@code "} and
 * {@code \} escaped, the control characters as {@code \b \t \n \f \r} or <code>&#92;u00xx</code> (lowercase hex), a lone
 * surrogate as <code>&#92;udxxx</code>, everything else ({@code /}, non-ASCII, U+2028) as itself; members in order. Refused
 * (an {@link IllegalArgumentException}), because a parse and write would change them: numbers (amounts are strings),
 * member names that look like array indices (JavaScript puts them first), and a member twice.
 */
public final class SnapNotifyJson {

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private SnapNotifyJson() {
    }

    /** {@code body} (a record or map) as the JSON text described above. */
    public static String write(Object body) {
        StringBuilder out = new StringBuilder(256);
        value(Json.toTree(body), out);
        return out.toString();
    }

    private static void value(JsonNode node, StringBuilder out) {
        if (node == null || node.isNull()) {
            out.append("null");
        } else if (node.isTextual()) {
            string(node.textValue(), out);
        } else if (node.isBoolean()) {
            out.append(node.booleanValue());
        } else if (node.isObject()) {
            out.append('{');
            Set<String> seen = new HashSet<>();
            boolean first = true;
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> member = it.next();
                String name = member.getKey();
                if (isArrayIndex(name)) {
                    throw new IllegalArgumentException("member name " + name + " looks like an array index");
                }
                if (!seen.add(name)) {
                    throw new IllegalArgumentException("member " + name + " twice");
                }
                if (!first) {
                    out.append(',');
                }
                first = false;
                string(name, out);
                out.append(':');
                value(member.getValue(), out);
            }
            out.append('}');
        } else if (node.isArray()) {
            out.append('[');
            for (int i = 0; i < node.size(); i++) {
                if (i > 0) {
                    out.append(',');
                }
                value(node.get(i), out);
            }
            out.append(']');
        } else {
            throw new IllegalArgumentException("a SNAP notification holds strings, not " + node.getNodeType()
                    + " (amounts are strings)");
        }
    }

    /** ECMAScript's QuoteJSONString (ES2019, well-formed JSON.stringify). */
    static void string(String text, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\b' -> out.append("\\b");
                case '\t' -> out.append("\\t");
                case '\n' -> out.append("\\n");
                case '\f' -> out.append("\\f");
                case '\r' -> out.append("\\r");
                default -> {
                    boolean lone = Character.isHighSurrogate(c)
                            ? i + 1 >= text.length() || !Character.isLowSurrogate(text.charAt(i + 1))
                            : Character.isLowSurrogate(c) && (i == 0 || !Character.isHighSurrogate(text.charAt(i - 1)));
                    if (c < 0x20 || lone) {
                        out.append("\\u").append(HEX[c >> 12 & 0xf]).append(HEX[c >> 8 & 0xf])
                                .append(HEX[c >> 4 & 0xf]).append(HEX[c & 0xf]);
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }

    /** Whether JavaScript treats {@code name} as an array index (a canonical integer below 2^32 − 1): it orders those first. */
    static boolean isArrayIndex(String name) {
        if (name.isEmpty() || name.length() > 10 || (name.length() > 1 && name.charAt(0) == '0')) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            if (name.charAt(i) < '0' || name.charAt(i) > '9') {
                return false;
            }
        }
        return Long.parseLong(name) < 0xFFFF_FFFFL;
    }
}

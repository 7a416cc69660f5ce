package io.paygate.model.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;

/**
 * The I-JSON rules (RFC 7493) a parsed value must meet, shared by the services' request parsing and by
 * {@link CanonicalJson}, so that the gateway, its signer and the merchant's verifier accept the same numbers and
 * text and canonicalise them alike (docs/contract.md §0):
 *
 * <ul>
 *   <li>text (string values and member names) holds no lone or reversed UTF-16 surrogate, so every string has
 *       exactly one UTF-8 form (a lone surrogate would be written as {@code ?} and two bodies would share a
 *       signature);</li>
 *   <li>every number is within IEEE 754 double range: one that rounds to an infinite double ({@code 1e309},
 *       {@code -1e400}) is refused;</li>
 *   <li>a number that underflows (not zero, but zero as a double, e.g. {@code 1e-10000}) is read as {@code 0}, the
 *       value RFC 8785 gives it; so it is written, stored and canonicalised as {@code 0} on every path.</li>
 * </ul>
 */
public final class IJson {

    private IJson() {
    }

    /** A value that is not I-JSON: what is wrong and where inside the checked value (member names, indexes). */
    public static final class Violation extends IllegalArgumentException {
        private final String problem;
        private final transient List<Object> path;

        Violation(String problem, Deque<Object> path) {
            super("Invalid JSON: " + problem + (path.isEmpty() ? "" : " at " + path));
            this.problem = problem;
            this.path = List.copyOf(path);
        }

        /** {@code "number out of range"} or {@code "lone surrogate in text"}; never the offending value. */
        public String problem() {
            return problem;
        }

        /** Member names ({@code String}) and array indexes ({@code Integer}) from the checked value down. */
        public List<Object> path() {
            return path;
        }
    }

    /** The problem name for a number outside double range. */
    public static final String OUT_OF_RANGE = "number out of range";
    /** The problem name for a lone or reversed surrogate. */
    public static final String LONE_SURROGATE = "lone surrogate in text";

    /** Whether {@code text} is well-formed UTF-16: every high surrogate directly followed by a low one, and no other low. */
    public static boolean isWellFormed(CharSequence text) {
        for (int i = 0, n = text.length(); i < n; i++) {
            char c = text.charAt(i);
            if (Character.isSurrogate(c)) {
                if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(text.charAt(i + 1))) {
                    i++;
                } else {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * Checks a parsed value against the rules above and reads underflowing numbers as {@code 0}, in place.
     *
     * @return {@code node}, or its replacement when {@code node} itself is an underflowing number
     * @throws Violation when text or a number breaks a rule
     */
    public static JsonNode require(JsonNode node) {
        return check(node, new ArrayDeque<>());
    }

    private static JsonNode check(JsonNode node, Deque<Object> path) {
        if (node.isTextual()) {
            if (!isWellFormed(node.textValue())) {
                throw new Violation(LONE_SURROGATE, path);
            }
        } else if (node.isNumber()) {
            return number(node, path);
        } else if (node.isObject()) {
            for (Map.Entry<String, JsonNode> member : ((ObjectNode) node).properties()) {
                path.addLast(member.getKey());
                if (!isWellFormed(member.getKey())) {
                    throw new Violation(LONE_SURROGATE, path);
                }
                JsonNode checked = check(member.getValue(), path);
                if (checked != member.getValue()) {
                    member.setValue(checked);
                }
                path.removeLast();
            }
        } else if (node.isArray()) {
            ArrayNode array = (ArrayNode) node;
            for (int i = 0; i < array.size(); i++) {
                path.addLast(i);
                JsonNode element = array.get(i);
                JsonNode checked = check(element, path);
                if (checked != element) {
                    array.set(i, checked);
                }
                path.removeLast();
            }
        }
        return node;
    }

    private static JsonNode number(JsonNode node, Deque<Object> path) {
        if (node.isInt() || node.isLong() || node.isShort()) {
            return node;
        }
        double value = node.doubleValue();
        if (Double.isInfinite(value) || Double.isNaN(value)) {
            throw new Violation(OUT_OF_RANGE, path);
        }
        if (value == 0 && node.isBigDecimal() && underflows(node.decimalValue())) {
            return DecimalNode.valueOf(BigDecimal.ZERO);
        }
        return node;
    }

    /**
     * Whether a number whose double value is 0 must be read as {@code 0}: it is not zero (it underflowed), or it is a
     * zero with an exponent too large to write out plainly ({@code 0e-10000}).
     */
    private static boolean underflows(BigDecimal value) {
        return value.signum() != 0 || Math.abs((long) value.scale()) > 9999;
    }
}

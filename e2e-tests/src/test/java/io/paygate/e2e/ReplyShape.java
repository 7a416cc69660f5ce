package io.paygate.e2e;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The reply a doc shows under a command, as its shape: what a real reply must have for the doc to be true. The docs
 * write replies in four ways, and {@link #of} reads each:
 * <ul>
 *   <li>a JSON object ({@code # {"responseCode":"2000000",…}}, over several {@code #} lines, prose after its end):
 *       every member shown is in the reply with a matching value, at the same place;</li>
 *   <li>members alone ({@code # "status":"CAPTURED", "sourceOfFunds":{…}}, also as a trailing comment): each is in
 *       the reply at some depth;</li>
 *   <li>an HTTP status, perhaps with the URL after it ({@code # 303 http://localhost:8081/pg/pay/PC…}), as curl's
 *       {@code -w '%{http_code} %{redirect_url}'} prints them;</li>
 *   <li>CSV lines: the header exactly, each row shown matching some row of the reply.</li>
 * </ul>
 * A value matches when it is equal, except: {@code …} stands for what varies (inside a string, the text around it
 * must be there: {@code "PC…"} is a payment code; a bare {@code …} member stands for members not shown; a hex
 * example like {@code "9783b9f0-…"} for any id of that form), a date-time matches any date-time written the same way
 * in the same zone ({@code +07:00}, {@code Z} or none), numbers compare as decimals, and {@code processingTime} is
 * any number. An array shown matches when each element shown matches some element of the reply's.
 */
sealed interface ReplyShape {

    JsonMapper JSON = JsonMapper.builder().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build();
    Pattern DATE_TIME = Pattern.compile("\\d{4}-\\d{2}-\\d{2}([T ])\\d{2}:\\d{2}:\\d{2}(?:\\.\\d{1,9})?(Z|[+-]\\d{2}:\\d{2})?");
    Pattern HTTP_STATUS = Pattern.compile("(\\d{3})(?: (https?://\\S+))?(?:\\s.*)?");
    Pattern CSV = Pattern.compile("[^\"{}\\s,]+(,[^\"{}\\s,]*)+");
    Pattern MEMBER = Pattern.compile("\"\\w+\"\\s*:");
    Pattern HEX_EXAMPLE = Pattern.compile("[0-9a-f]+(-[0-9a-f]*)*");

    /** Why {@code stdout} / {@code stderr} of the command do not have this shape, or empty when they do. */
    Optional<String> mismatch(String stdout, String stderr);

    /**
     * The shapes a command's doc shows: {@code lines} are the {@code #} lines under it (without {@code #}), {@code
     * trailing} its trailing comment (or null). Prose (no member, status or CSV) shows no shape.
     */
    static List<ReplyShape> of(List<String> lines, String trailing) {
        List<ReplyShape> shapes = new ArrayList<>();
        if (!lines.isEmpty()) {
            String first = lines.getFirst().strip();
            Matcher status = HTTP_STATUS.matcher(first);
            if (first.startsWith("{")) {
                shapes.add(new Json(strictJson(jsonPrefix(String.join("\n", lines))), false));
            } else if (status.matches()) {
                shapes.add(new HttpStatus(status.group(1), status.group(2)));
            } else if (CSV.matcher(first).matches()) {
                shapes.add(new Csv(lines.stream().map(String::strip).toList()));
            } else if (MEMBER.matcher(first).find()) {
                shapes.add(fragment(String.join(" ", lines)));
            }
        }
        if (trailing != null && MEMBER.matcher(trailing).find()) {
            shapes.add(fragment(trailing));
        }
        return shapes;
    }

    private static ReplyShape fragment(String text) {
        return new Json(strictJson("{" + text.strip() + "}"), true);
    }

    /** The text up to the end of the JSON value it starts with (what follows is prose). */
    static String jsonPrefix(String text) {
        int depth = 0;
        boolean inString = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (inString) {
                if (c == '\\') {
                    i++;
                } else if (c == '"') {
                    inString = false;
                }
            } else if (c == '"') {
                inString = true;
            } else if (c == '{' || c == '[') {
                depth++;
            } else if ((c == '}' || c == ']') && --depth == 0) {
                return text.substring(0, i + 1);
            }
        }
        throw new IllegalArgumentException("no end to the JSON shown: " + text);
    }

    /** The JSON shown with its bare {@code …} members (and their commas) left out: JSON a parser reads. */
    static JsonNode strictJson(String shown) {
        StringBuilder out = new StringBuilder();
        boolean inString = false;
        boolean dropComma = false;
        for (int i = 0; i < shown.length(); i++) {
            char c = shown.charAt(i);
            if (inString) {
                out.append(c);
                if (c == '\\' && i + 1 < shown.length()) {
                    out.append(shown.charAt(++i));
                } else if (c == '"') {
                    inString = false;
                }
            } else if (c == '…') {
                int end = out.length();
                while (end > 0 && Character.isWhitespace(out.charAt(end - 1))) {
                    end--;
                }
                if (end > 0 && out.charAt(end - 1) == ',') {
                    out.setLength(end - 1);
                } else {
                    dropComma = true;
                }
            } else if (dropComma && c == ',') {
                dropComma = false;
            } else {
                if (!Character.isWhitespace(c)) {
                    dropComma = false;
                }
                if (c == '"') {
                    inString = true;
                }
                out.append(c);
            }
        }
        try {
            return JSON.readTree(out.toString());
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("the reply shown is no JSON once its … are left out: " + out, e);
        }
    }

    /** The first of the command's outputs that is a JSON object, or null. */
    static JsonNode reply(String stdout, String stderr) {
        for (String text : List.of(stdout, stderr)) {
            String candidate = text.strip();
            if (candidate.startsWith("{")) {
                try {
                    JsonNode node = JSON.readTree(candidate);
                    if (node.isObject()) {
                        return node;
                    }
                } catch (JsonProcessingException e) {
                    // not this one
                }
            }
        }
        return null;
    }

    /** Whether {@code actual} matches {@code shown}, a value of member {@code name} (null in an array). */
    static boolean matches(JsonNode shown, JsonNode actual, String name) {
        if (actual == null || actual.isMissingNode()) {
            return false;
        }
        if (shown.isObject()) {
            if (!actual.isObject()) {
                return false;
            }
            for (Map.Entry<String, JsonNode> member : shown.properties()) {
                if (!matches(member.getValue(), actual.get(member.getKey()), member.getKey())) {
                    return false;
                }
            }
            return true;
        }
        if (shown.isArray()) {
            if (!actual.isArray()) {
                return false;
            }
            for (JsonNode element : shown) {
                boolean found = false;
                for (JsonNode candidate : actual) {
                    found |= matches(element, candidate, null);
                }
                if (!found) {
                    return false;
                }
            }
            return true;
        }
        if (shown.isNumber()) {
            return actual.isNumber() && ("processingTime".equals(name)
                    || shown.decimalValue().compareTo(actual.decimalValue()) == 0);
        }
        if (shown.isTextual()) {
            return actual.isTextual() && text(shown.asText(), actual.asText());
        }
        return shown.equals(actual); // null, true, false
    }

    /** Whether the text {@code actual} matches {@code shown}: see the class. */
    static boolean text(String shown, String actual) {
        int ellipsis = shown.indexOf('…');
        if (ellipsis >= 0) {
            String before = shown.substring(0, ellipsis);
            String after = shown.substring(ellipsis + 1);
            if (actual.length() < before.length() + after.length() || !actual.endsWith(after)) {
                return false;
            }
            if (!before.isEmpty() && HEX_EXAMPLE.matcher(before).matches() && before.matches(".*[a-f-].*")) {
                String start = actual.substring(0, before.length());
                return start.replaceAll("[0-9a-f]", "0").equals(before.replaceAll("[0-9a-f]", "0"));
            }
            return actual.startsWith(before);
        }
        Matcher shownTime = DATE_TIME.matcher(shown);
        if (shownTime.matches()) {
            Matcher actualTime = DATE_TIME.matcher(actual);
            return actualTime.matches() && actualTime.group(1).equals(shownTime.group(1))
                    && String.valueOf(actualTime.group(2)).equals(String.valueOf(shownTime.group(2)));
        }
        return shown.equals(actual);
    }

    /** Every object in {@code node}, depth first. */
    static void objects(JsonNode node, List<JsonNode> into) {
        if (node.isObject()) {
            into.add(node);
        }
        if (node.isContainerNode()) {
            node.forEach(child -> objects(child, into));
        }
    }

    /** A JSON reply: the object shown at the top ({@code anywhere} false), or its members each at some depth. */
    record Json(JsonNode shown, boolean anywhere) implements ReplyShape {

        @Override
        public Optional<String> mismatch(String stdout, String stderr) {
            JsonNode reply = reply(stdout, stderr);
            if (reply == null) {
                return Optional.of("no JSON object in the reply");
            }
            if (!anywhere) {
                return matches(shown, reply, null) ? Optional.empty()
                        : Optional.of("the reply does not have the shape of " + shown);
            }
            List<JsonNode> objects = new ArrayList<>();
            objects(reply, objects);
            for (Map.Entry<String, JsonNode> member : shown.properties()) {
                if (objects.stream().noneMatch(o -> matches(member.getValue(), o.get(member.getKey()), member.getKey()))) {
                    return Optional.of("no \"" + member.getKey() + "\" like " + member.getValue() + " in the reply");
                }
            }
            return Optional.empty();
        }
    }

    /** {@code %{http_code}}, and {@code %{redirect_url}} when shown, as curl prints them. */
    record HttpStatus(String status, String url) implements ReplyShape {

        @Override
        public Optional<String> mismatch(String stdout, String stderr) {
            String[] printed = stdout.strip().split("\\s+");
            if (!printed[0].equals(status)) {
                return Optional.of("HTTP " + printed[0] + ", not " + status);
            }
            if (url != null && (printed.length < 2 || !text(url, printed[1]))) {
                return Optional.of("no redirect like " + url);
            }
            return Optional.empty();
        }
    }

    /** A CSV reply: {@code lines} are the header and some rows. */
    record Csv(List<String> lines) implements ReplyShape {

        @Override
        public Optional<String> mismatch(String stdout, String stderr) {
            List<String> printed = stdout.strip().lines().toList();
            if (printed.isEmpty() || !printed.getFirst().equals(lines.getFirst())) {
                return Optional.of("the header is not " + lines.getFirst());
            }
            for (String row : lines.subList(1, lines.size())) {
                String[] shown = row.split(",", -1);
                boolean found = printed.stream().skip(1).map(l -> l.split(",", -1)).anyMatch(fields -> {
                    if (fields.length != shown.length) {
                        return false;
                    }
                    for (int i = 0; i < shown.length; i++) {
                        if (!text(shown[i], fields[i])) {
                            return false;
                        }
                    }
                    return true;
                });
                if (!found) {
                    return Optional.of("no row like " + row);
                }
            }
            return Optional.empty();
        }
    }
}

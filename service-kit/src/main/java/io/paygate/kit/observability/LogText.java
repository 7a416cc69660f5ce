package io.paygate.kit.observability;

/**
 * A string a client chose, as it may appear inside a log line: control characters and the Unicode line and paragraph
 * separators are written as escapes ({@code \r}, {@code \n}, {@code \t}, {@code \u2028}, …), so that no value can end
 * the line and forge the next one in the text log (the JSON log escapes by itself).
 */
public final class LogText {

    private LogText() {
    }

    /** {@code value} with every character that could break a log line escaped; {@code null} stays {@code null}. */
    public static String of(String value) {
        if (value == null || value.chars().noneMatch(LogText::breaks)) {
            return value;
        }
        StringBuilder out = new StringBuilder(value.length() + 8);
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '\r' -> out.append("\\r");
                case '\n' -> out.append("\\n");
                case '\t' -> out.append("\\t");
                default -> {
                    if (breaks(c)) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.toString();
    }

    private static boolean breaks(int c) {
        return Character.isISOControl(c) || c == '\u2028' || c == '\u2029';
    }
}

package io.paygate.model.snap;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * SNAP's "minified" body (docs/contract.md §9): the JSON text with every whitespace byte outside strings (space, tab,
 * line feed, carriage return) removed, every other byte kept as it is: member order, escapes ({@code \/},
 * {@code \u00e9}), number spellings ({@code 10000.00}) and whitespace inside strings are untouched. It works on bytes
 * and never parses, so any body, valid JSON or not, has exactly one minified form: what a client that signs
 * {@code JSON.stringify(body)} and sends the same string produces.
 */
public final class SnapJson {

    private SnapJson() {
    }

    /** The minified bytes of {@code body} ({@code null} is treated as no bytes). */
    public static byte[] minify(byte[] body) {
        if (body == null || body.length == 0) {
            return new byte[0];
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(body.length);
        boolean inString = false;
        boolean escaped = false;
        for (byte b : body) {
            if (inString) {
                out.write(b);
                if (escaped) {
                    escaped = false;
                } else if (b == '\\') {
                    escaped = true;
                } else if (b == '"') {
                    inString = false;
                }
            } else if (b == '"') {
                inString = true;
                out.write(b);
            } else if (b != ' ' && b != '\t' && b != '\n' && b != '\r') {
                out.write(b);
            }
        }
        return out.toByteArray();
    }

    /** The minified form of {@code body}, as UTF-8 text. */
    public static String minify(String body) {
        Objects.requireNonNull(body, "body");
        return new String(minify(body.getBytes(StandardCharsets.UTF_8)), StandardCharsets.UTF_8);
    }
}

package io.paygate.e2e;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.paygate.model.signing.NotificationVerifier;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.sink.MerchantSink;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Checks a received notification's signatures (docs/contract.md §6) twice: with common-model's verifier, as a JVM merchant
 * would, and recomputed here with the JDK alone ({@code javax.crypto.Mac}) and a canonical form written here, so a
 * bug shared by the signer and the verifier cannot pass unnoticed.
 */
final class Signatures {

    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS)
            .build();

    private Signatures() {
    }

    /** Both ways, for the sandbox merchant {@code demo}. */
    static void verify(MerchantSink.Received r) {
        Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        r.headers().forEach((name, values) -> headers.put(name, values.get(0)));
        NotificationVerifier.of(SandboxMerchants.DEMO.notificationSecret()).verify(headers, r.body());

        byte[] key = key();
        String webhookInput = headers.get("webhook-id") + "." + headers.get("webhook-timestamp") + "." + r.body();
        String expected = "v1," + Base64.getEncoder().encodeToString(hmac("HmacSHA256", key, webhookInput));
        assertTrue(List.of(headers.get("webhook-signature").split(" ")).contains(expected), "webhook-signature");

        String bodySignature = bodySignature(r.body());
        assertEquals(128, bodySignature.length());
        assertEquals(bodySignature, headers.get("X-SIGNATURE"), "X-SIGNATURE: HMAC-SHA512 over JCS(body - signature)");
        JsonNode inBody = read(r.body()).get("signature");
        if (inBody != null) {
            assertEquals(bodySignature, inBody.asText(), "body signature: HMAC-SHA512 over JCS(body - signature)");
        }
    }

    /** Lowercase hex HMAC-SHA512 with {@code demo}'s key over {@link #canonicalWithoutSignature(String)}. */
    static String bodySignature(String body) {
        return HexFormat.of().formatHex(hmac("HmacSHA512", key(), canonicalWithoutSignature(body)));
    }

    private static byte[] key() {
        return Base64.getDecoder().decode(SandboxMerchants.DEMO.notificationSecret().substring("whsec_".length()));
    }

    /** The contract's signing input: the RFC 8785 form of the body without its top-level {@code signature}. */
    static String canonicalWithoutSignature(String body) {
        ObjectNode object = (ObjectNode) read(body);
        object.remove("signature");
        return canonical(object);
    }

    /** The RFC 8785 form of {@code node}: two bodies carry the same data when these are equal. */
    static String canonical(JsonNode node) {
        StringBuilder out = new StringBuilder();
        canonical(node, out);
        return out.toString();
    }

    /** A JSON object body, numbers exact. */
    static JsonNode read(String body) {
        try {
            JsonNode node = JSON.readTree(body);
            assertNotNull(node);
            assertTrue(node.isObject(), "a notification body is a JSON object");
            return node;
        } catch (java.io.IOException e) {
            throw new AssertionError("not JSON: " + body, e);
        }
    }

    /**
     * A small RFC 8785 writer, enough for notification bodies: members sorted by UTF-16 code units (what
     * {@link String#compareTo} compares), no whitespace, minimal string escaping, and numbers in ECMAScript form for
     * the decimals a notification carries (at most 15 significant digits, so the shortest double form is the
     * decimal itself without trailing zeros: {@code 150000.00} → {@code 150000}).
     */
    private static void canonical(JsonNode node, StringBuilder out) {
        switch (node.getNodeType()) {
            case OBJECT -> {
                List<String> names = new ArrayList<>();
                node.fieldNames().forEachRemaining(names::add);
                names.sort(String::compareTo);
                out.append('{');
                for (int i = 0; i < names.size(); i++) {
                    if (i > 0) {
                        out.append(',');
                    }
                    string(names.get(i), out);
                    out.append(':');
                    canonical(node.get(names.get(i)), out);
                }
                out.append('}');
            }
            case ARRAY -> {
                out.append('[');
                for (int i = 0; i < node.size(); i++) {
                    if (i > 0) {
                        out.append(',');
                    }
                    canonical(node.get(i), out);
                }
                out.append(']');
            }
            case STRING -> string(node.textValue(), out);
            case NUMBER -> out.append(number(node.decimalValue()));
            case BOOLEAN -> out.append(node.booleanValue());
            case NULL -> out.append("null");
            case MISSING -> out.append("(absent)");
            default -> throw new AssertionError("unexpected JSON node " + node.getNodeType());
        }
    }

    private static String number(BigDecimal value) {
        if (value.signum() == 0) {
            return "0";
        }
        BigDecimal stripped = value.stripTrailingZeros();
        BigDecimal magnitude = stripped.abs();
        assertTrue(stripped.precision() <= 15 && magnitude.compareTo(new BigDecimal("1e21")) < 0
                && magnitude.compareTo(new BigDecimal("1e-6")) >= 0, "this test's canonical form covers amounts, not " + value);
        return stripped.toPlainString();
    }

    private static void string(String s, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }

    private static byte[] hmac(String algorithm, byte[] key, String message) {
        try {
            Mac mac = Mac.getInstance(algorithm);
            mac.init(new SecretKeySpec(key, algorithm));
            return mac.doFinal(message.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}

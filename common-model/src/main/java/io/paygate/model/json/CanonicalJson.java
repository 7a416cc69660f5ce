package io.paygate.model.json;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.paygate.model.crypto.Digests;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import org.erdtman.jcs.JsonCanonicalizer;

/**
 * RFC 8785 JSON Canonicalization Scheme (JCS), the byte form that notification signatures are computed
 * over (CONTRACT §6): members sorted by UTF-16 code units, no whitespace, numbers in ECMAScript form
 * ({@code 150000.00} becomes {@code 150000}, {@code 1e30} becomes {@code 1e+30}), minimal string escaping.
 * Backed by {@code org.erdtman.jcs.JsonCanonicalizer}.
 *
 * <p>Bodies are read strictly: a duplicate member name is refused, because two parsers could disagree on
 * which value was signed.
 */
public final class CanonicalJson {

    /** The top-level member that carries a body signature and is excluded from what is signed. */
    public static final String SIGNATURE_MEMBER = "signature";

    /** Exact numbers, strict duplicate detection, plain BigDecimal output, insertion order kept. */
    private static final JsonMapper STRICT = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
            .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
            .build();

    private CanonicalJson() {
    }

    /**
     * A content fingerprint for idempotency checks: lowercase hex SHA-256 of the RFC 8785 form of {@code value}
     * written as JSON by {@link Json}. Equal for requests that differ only in member order or number spelling.
     */
    public static String fingerprint(Object value) {
        return Digests.sha256Hex(jcs(Json.write(value)).getBytes(StandardCharsets.UTF_8));
    }

    /** The JCS form of {@code json}. @throws IllegalArgumentException when {@code json} is not valid JSON */
    public static String canonicalize(String json) {
        Objects.requireNonNull(json, "json");
        return strictCanonical(json);
    }

    /** The JCS form of {@code json} as UTF-8 bytes (the bytes that are signed). */
    public static byte[] canonicalizeUtf8(String json) {
        return canonicalize(json).getBytes(StandardCharsets.UTF_8);
    }

    /**
     * The JCS form of JSON this system has just written itself with {@link Json} or Jackson (so valid and free of
     * duplicate members), without the strict parse {@link #canonicalize(String)} gives JSON from outside. JCS still
     * parses it, and refuses duplicates and malformed text, but it accepts a few things strict JSON does not (such as
     * a leading zero in a number): do not use it on text received from anyone.
     *
     * @throws IllegalArgumentException when {@code json} is not valid JSON
     */
    public static String canonicalizeWritten(String json) {
        Objects.requireNonNull(json, "json");
        return jcs(json);
    }

    /**
     * The JCS form of a JSON object without its top-level {@value #SIGNATURE_MEMBER} member (nested members
     * of that name are kept). A body without the member is canonicalised as it is.
     *
     * @throws IllegalArgumentException when {@code json} is not a valid JSON object
     */
    public static String canonicalizeWithoutSignature(String json) {
        return jcs(removeSignature(json));
    }

    /**
     * {@code json} re-serialised compactly without its top-level {@value #SIGNATURE_MEMBER} member; member
     * order and number text are kept.
     */
    public static String removeSignature(String json) {
        ObjectNode object = parseObject(json);
        object.remove(SIGNATURE_MEMBER);
        return write(object);
    }

    /**
     * Parses a JSON object strictly (duplicate members and trailing content refused, numbers exact).
     *
     * @throws IllegalArgumentException when {@code json} is not a valid JSON object
     */
    public static ObjectNode parseObject(String json) {
        Objects.requireNonNull(json, "json");
        JsonNode node;
        try {
            node = STRICT.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("Invalid JSON: " + e.getOriginalMessage(), e);
        }
        if (node == null || !node.isObject()) {
            throw new IllegalArgumentException("Invalid JSON: not an object");
        }
        return (ObjectNode) node;
    }

    /** Compact serialisation of a tree with exact numbers, in the tree's member order. */
    public static String write(JsonNode node) {
        try {
            return STRICT.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("Cannot serialise JSON", e);
        }
    }

    private static String strictCanonical(String json) {
        try {
            STRICT.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("Invalid JSON: " + e.getOriginalMessage(), e);
        }
        return jcs(json);
    }

    /**
     * JCS of JSON this class or {@link Json} has just written (so already known to be valid and free of duplicate
     * members): without the strict parse that {@link #canonicalize(String)} does first on JSON from outside.
     */
    private static String jcs(String json) {
        try {
            return new JsonCanonicalizer(json).getEncodedString();
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException("Invalid JSON: " + e.getMessage(), e);
        }
    }
}

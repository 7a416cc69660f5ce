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
 * over (docs/contract.md §6): members sorted by UTF-16 code units, no whitespace, numbers in ECMAScript form
 * ({@code 150000.00} becomes {@code 150000}, {@code 1e30} becomes {@code 1e+30}), minimal string escaping.
 * Backed by {@code org.erdtman.jcs.JsonCanonicalizer}.
 *
 * <p>Bodies are read strictly: a duplicate member name is refused, because two parsers could disagree on
 * which value was signed; and they must be I-JSON ({@link IJson}): a lone surrogate or a number outside double range
 * is refused, because it has no single canonical form, and a number that underflows is read as {@code 0}, which is
 * what RFC 8785 makes of it, so that every path (this class's parse, the JCS library's own) signs the same bytes.
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
     * The JCS form of JSON that this process has just written itself with {@link Json} from values it holds, and will
     * send as {@code String.getBytes(UTF_8)}, as {@link #canonicalizeWritten(String)} but without its pass over the
     * text for lone surrogates. Such a value has no canonical form of its own, but a string holding one is encoded as
     * the byte {@code ?} both in these canonical bytes and in the body sent, so the signature over them is the
     * signature of what the receiver gets. Never for text received from anyone.
     *
     * @throws IllegalArgumentException when {@code json} is not valid JSON
     */
    public static String canonicalizeOwn(String json) {
        Objects.requireNonNull(json, "json");
        return jcsOnly(json);
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
     * Parses a JSON object strictly (duplicate members and trailing content refused, numbers exact, I-JSON: see
     * {@link IJson}; an underflowing number becomes {@code 0}).
     *
     * @throws IllegalArgumentException when {@code json} is not a valid JSON object
     */
    public static ObjectNode parseObject(String json) {
        JsonNode node = strictTree(json);
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
        strictTree(json);
        return jcs(json);
    }

    /** The strict parse, checked against I-JSON ({@link IJson#require}). */
    private static JsonNode strictTree(String json) {
        Objects.requireNonNull(json, "json");
        JsonNode node;
        try {
            node = STRICT.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("Invalid JSON: " + e.getOriginalMessage(), e);
        } catch (NumberFormatException e) {
            // An exponent beyond what BigDecimal holds (1e3000000000): far outside double range.
            throw new IllegalArgumentException("Invalid JSON: " + IJson.OUT_OF_RANGE, e);
        }
        return node == null ? null : IJson.require(node);
    }

    /**
     * JCS of JSON this class or {@link Json} has just written (so already known to be valid and free of duplicate
     * members): without the strict parse that {@link #canonicalize(String)} does first on JSON from outside.
     */
    private static String jcs(String json) {
        String canonical = jcsOnly(json);
        // RFC 8785 §3.2.2.2: a lone surrogate is an error (its UTF-8 form would be "?", shared with other text).
        // The canonical form holds every string unescaped, so one scan of it covers names and values.
        if (!IJson.isWellFormed(canonical)) {
            throw new IllegalArgumentException("Invalid JSON: " + IJson.LONE_SURROGATE);
        }
        return canonical;
    }

    /** The JCS library's canonical form, nothing else. */
    private static String jcsOnly(String json) {
        try {
            return new JsonCanonicalizer(json).getEncodedString();
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException("Invalid JSON: " + e.getMessage(), e);
        }
    }
}

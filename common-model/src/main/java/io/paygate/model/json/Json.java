package io.paygate.model.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

/**
 * The project's JSON settings in one place, so that every service, test and the signer read and write the
 * wire the same way: java.time as ISO-8601 strings (never numeric timestamps), {@code BigDecimal} written
 * plainly ({@code 150000.00}, never {@code 1.5E+5}), floating-point numbers read as {@code BigDecimal}
 * without stripping trailing zeros (amounts stay exact when a body is re-serialised), unknown members
 * ignored. Services apply {@link #configure(ObjectMapper)} to their own mapper (Quarkus
 * {@code ObjectMapperCustomizer}); plain code uses {@link #mapper()}.
 */
public final class Json {

    private static final ObjectMapper MAPPER = configure(JsonMapper.builder().build());

    private Json() {
    }

    /** Applies the project's settings to an existing mapper (for frameworks that hand one out). */
    public static ObjectMapper configure(ObjectMapper mapper) {
        return mapper
                .registerModule(new JavaTimeModule())
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                .disable(SerializationFeature.WRITE_DURATIONS_AS_TIMESTAMPS)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .disable(DeserializationFeature.ADJUST_DATES_TO_CONTEXT_TIME_ZONE)
                .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN)
                .configure(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES, false);
    }

    /** The shared, configured mapper. Do not reconfigure it; {@link ObjectMapper#copy()} it instead. */
    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /** Serialises {@code value} compactly; fails with {@link IllegalArgumentException}. */
    public static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("Cannot serialise " + value.getClass().getSimpleName(), e);
        }
    }

    /** Reads {@code json} into {@code type}; fails with {@link IllegalArgumentException}. */
    public static <T> T read(String json, Class<T> type) {
        try {
            return MAPPER.readValue(json, type);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("Invalid JSON for " + type.getSimpleName(), e);
        }
    }

    /** Parses {@code json} into a tree; fails with {@link IllegalArgumentException}. */
    public static JsonNode tree(String json) {
        return read(json, JsonNode.class);
    }

    /** Converts a value (record, map) into a tree, e.g. event data. */
    public static JsonNode toTree(Object value) {
        return MAPPER.valueToTree(value);
    }

    /** Converts a tree into a value, e.g. {@code EventEnvelope.data()} into its record. */
    public static <T> T fromTree(JsonNode node, Class<T> type) {
        try {
            return MAPPER.treeToValue(node, type);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("Invalid JSON for " + type.getSimpleName(), e);
        }
    }
}

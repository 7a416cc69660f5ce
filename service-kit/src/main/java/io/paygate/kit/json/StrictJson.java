package io.paygate.kit.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.type.LogicalType;
import io.paygate.model.json.Json;
import io.quarkus.jackson.ObjectMapperCustomizer;
import jakarta.inject.Singleton;

/**
 * The service's ObjectMapper: common-model's settings, and strict types (docs/contract.md §0: a wrong type is
 * {@code 400SS00}): a number where a string is expected, a fraction where an integer is expected, a string where a number or boolean is expected, and
 * trailing content after the JSON value are refused instead of coerced; a member repeated in one object is malformed
 * JSON (parsers disagree on which value wins, so the gateway takes neither); text with U+0000 is refused
 * ({@link NoNulText}); and bodies must be I-JSON: well-formed UTF-8, no lone surrogate, numbers within double range
 * ({@link IJsonInput}).
 */
@Singleton
public class StrictJson implements ObjectMapperCustomizer {

    @Override
    public void customize(ObjectMapper mapper) {
        Json.configure(mapper);
        strict(mapper);
    }

    /** Applies the strict-type rules to any mapper (tests use it to check what the services accept). */
    public static ObjectMapper strict(ObjectMapper mapper) {
        mapper.getFactory().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
        mapper.registerModule(NoNulText.module());
        IJsonInput.configure(mapper);
        mapper.enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
        mapper.enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);
        mapper.disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT); // 1.5 minutes is not an integer, nor is 1.0
        mapper.coercionConfigFor(LogicalType.Textual)
                .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail);
        for (LogicalType numeric : new LogicalType[]{LogicalType.Integer, LogicalType.Float, LogicalType.Boolean}) {
            mapper.coercionConfigFor(numeric)
                    .setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail);
        }
        return mapper;
    }
}

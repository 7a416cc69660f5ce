package io.paygate.notification;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What one attempt put on the wire (docs/contract.md §6 {@code request}): the body exactly as sent and every header the
 * gateway set, in the order it set them. Signatures only; the merchant's secret never appears here.
 */
public record SentRequest(String body, Map<String, String> headers) {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final TypeReference<LinkedHashMap<String, String>> HEADERS = new TypeReference<>() {
    };

    public SentRequest {
        headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
    }

    /** The headers as a JSON object, in order, as the attempt log stores them. */
    public String headersJson() {
        try {
            return JSON.writeValueAsString(headers);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("headers are strings", e);
        }
    }

    /** The headers stored by {@link #headersJson()}. */
    public static Map<String, String> parseHeaders(String json) {
        try {
            return JSON.readValue(json, HEADERS);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored headers are not a JSON object", e);
        }
    }
}

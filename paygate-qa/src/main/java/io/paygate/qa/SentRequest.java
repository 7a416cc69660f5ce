package io.paygate.qa;

import io.paygate.model.signing.NotificationVerifier;
import io.paygate.model.signing.SignatureVerificationException;
import io.paygate.model.signing.WebhookSecret;
import io.restassured.path.json.JsonPath;

import java.time.Clock;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a notification attempt sent, as the notification log shows it (docs/contract.md §6 {@code request}): the body as the
 * exact bytes' text, and the headers.
 */
public record SentRequest(String body, Map<String, String> headers) {

    public SentRequest {
        headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
    }

    /** The body's members, e.g. {@code body().getString("result.payment.status")}. */
    public JsonPath json() {
        return JsonPath.from(body);
    }

    public String header(String name) {
        return headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name)).map(Map.Entry::getValue)
                .findFirst().orElse(null);
    }

    /**
     * Verifies it exactly as a merchant does (common-model's {@link NotificationVerifier}: {@code webhook-signature},
     * {@code X-SIGNATURE}, the body's {@code signature}) with any of the secrets, allowing {@code tolerance} between
     * the attempt's {@code webhook-timestamp} and now (300 s for a merchant; longer when reading an old attempt).
     *
     * @throws SignatureVerificationException when it does not verify
     */
    public void verify(Duration tolerance, String... whsecSecrets) {
        List<WebhookSecret> secrets = java.util.Arrays.stream(whsecSecrets).map(WebhookSecret::parse).toList();
        new NotificationVerifier(Clock.systemUTC(), tolerance, secrets).verify(headers, body);
    }

    /** {@link #verify(Duration, String...)} with the merchant's 300 s window. */
    public void verify(String... whsecSecrets) {
        verify(NotificationVerifier.DEFAULT_TOLERANCE, whsecSecrets);
    }

    @SuppressWarnings("unchecked")
    static SentRequest fromLog(Object request) {
        if (!(request instanceof Map<?, ?> map) || !(map.get("body") instanceof String body)
                || !(map.get("headers") instanceof Map<?, ?> headers)) {
            return null;
        }
        Map<String, String> copy = new LinkedHashMap<>();
        ((Map<Object, Object>) headers).forEach((k, v) -> copy.put(String.valueOf(k), v == null ? null : v.toString()));
        return new SentRequest(body, copy);
    }
}

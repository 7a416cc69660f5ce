package io.paygate.notification.delivery;

import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.kit.observability.LogText;
import io.paygate.model.api.MerchantReply;
import io.paygate.model.json.Json;
import io.paygate.notification.snap.SnapAttempts;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Arrays;

/**
 * Reads a merchant's reply (docs/contract.md §6): delivered only on HTTP 2xx <em>and</em> a JSON body whose
 * {@code responseCode} is {@code 2000000} (a SNAP notification's: begins with {@code 200}, §9). Redirects are failures (never followed); {@code 410} ends the retries;
 * {@code Retry-After} (seconds or an HTTP date) is taken from 429 and 503.
 */
final class ReplyClassifier {

    /** How much of a reply the attempt log keeps. */
    static final int LOGGED_REPLY_BYTES = 1024;

    private ReplyClassifier() {
    }

    static AttemptOutcome classify(HttpReply reply, Instant startedAt, long durationMillis, Instant now) {
        return classify(reply, startedAt, durationMillis, now, false);
    }

    /**
     * @param snap a SNAP notification (docs/contract.md §9): acknowledged by a {@code responseCode} that begins with
     *             {@code 200} ({@link SnapAttempts#acknowledges}) instead of {@code 2000000}
     */
    static AttemptOutcome classify(HttpReply reply, Instant startedAt, long durationMillis, Instant now, boolean snap) {
        int status = reply.status();
        String excerpt = excerpt(reply.body());
        String error = null;
        Duration retryAfter = null;
        if (status >= 300 && status < 400) {
            error = "redirect not followed (HTTP " + status + ")";
        } else if (status < 200 || status >= 300) {
            error = "HTTP " + status;
            if (status == 429 || status == 503) {
                retryAfter = retryAfter(reply.retryAfter(), now);
            }
        } else if (reply.truncated()) {
            error = "reply longer than " + reply.body().length + " bytes";
        } else {
            error = acknowledgementError(reply.body(), snap);
        }
        return new AttemptOutcome(startedAt, durationMillis, status, error, excerpt, retryAfter, status == 410);
    }

    /** Null when the body is the acknowledging reply, else what is wrong with it. */
    private static String acknowledgementError(byte[] body, boolean snap) {
        JsonNode tree;
        try {
            tree = Json.tree(new String(body, StandardCharsets.UTF_8));
        } catch (IllegalArgumentException e) {
            return "reply is not JSON";
        }
        if (tree == null || !tree.isObject()) {
            return "reply is not a JSON object";
        }
        JsonNode code = tree.get("responseCode");
        if (code == null || !code.isTextual()) {
            return "reply has no responseCode";
        }
        boolean acknowledged = snap ? SnapAttempts.acknowledges(code.asText())
                : new MerchantReply(code.asText(), null, null).acknowledges();
        if (!acknowledged) {
            // The merchant's text goes into the attempt log and the service's log line: no line break of its own.
            String shown = LogText.of(code.asText().length() > 20 ? code.asText().substring(0, 20) + "…" : code.asText());
            return "responseCode " + shown + (snap ? " does not begin with 200" : " is not 2000000");
        }
        return null;
    }

    static Duration retryAfter(String header, Instant now) {
        if (header == null || header.isBlank()) {
            return null;
        }
        String value = header.strip();
        if (value.chars().allMatch(Character::isDigit) && value.length() <= 9) {
            return Duration.ofSeconds(Long.parseLong(value));
        }
        try {
            Instant at = ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
            return at.isAfter(now) ? Duration.between(now, at) : Duration.ZERO;
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /** The first 1 KiB of the body as text (a multi-byte character cut at the end becomes U+FFFD). */
    static String excerpt(byte[] body) {
        if (body == null || body.length == 0) {
            return null;
        }
        byte[] head = body.length <= LOGGED_REPLY_BYTES ? body : Arrays.copyOf(body, LOGGED_REPLY_BYTES);
        return new String(head, StandardCharsets.UTF_8).replace('\u0000', '\uFFFD');
    }
}

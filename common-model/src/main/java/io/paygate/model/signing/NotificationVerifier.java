package io.paygate.model.signing;

import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.model.crypto.Digests;
import io.paygate.model.json.CanonicalJson;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Verifies a notification exactly as a merchant should (docs/contract.md §6); usable as-is by merchants on the JVM.
 *
 * <p>{@link #verify(Map, String)} checks, in order: the {@code webhook-id}, {@code webhook-timestamp},
 * {@code webhook-signature} and {@code X-SIGNATURE} headers are present (names are case-insensitive); the
 * timestamp is at most 300 s (by default) from now in either direction; at least one {@code v1,} entry of
 * {@code webhook-signature} matches one of the secrets; {@code X-SIGNATURE} matches; and, when the body has
 * a top-level {@code signature} member (payment and binding notifications), that matches too. Every
 * comparison is constant-time. Any failure throws {@link SignatureVerificationException}: ignore the
 * notification. Several secrets may be given during a rotation; any of them is accepted. Thread-safe.
 */
public final class NotificationVerifier {

    /** The replay window: a {@code webhook-timestamp} more than 300 s from now is refused. */
    public static final Duration DEFAULT_TOLERANCE = Duration.ofSeconds(300);

    private final Clock clock;
    private final long toleranceSeconds;
    private final List<WebhookSecret> secrets;

    public NotificationVerifier(Clock clock, Duration tolerance, List<WebhookSecret> secrets) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.toleranceSeconds = Objects.requireNonNull(tolerance, "tolerance").toSeconds();
        Objects.requireNonNull(secrets, "secrets");
        if (secrets.isEmpty()) {
            throw new IllegalArgumentException("At least one webhook secret is required");
        }
        this.secrets = List.copyOf(secrets);
    }

    /** A verifier with the default 300 s window. */
    public NotificationVerifier(Clock clock, WebhookSecret... secrets) {
        this(clock, DEFAULT_TOLERANCE, List.of(secrets));
    }

    /** A verifier on the system clock for {@code whsec_...} secrets, the merchant's one-liner. */
    public static NotificationVerifier of(String... whsecSecrets) {
        List<WebhookSecret> parsed = new ArrayList<>();
        for (String secret : whsecSecrets) {
            parsed.add(WebhookSecret.parse(secret));
        }
        return new NotificationVerifier(Clock.systemUTC(), DEFAULT_TOLERANCE, parsed);
    }

    /**
     * Verifies headers and body of one received notification.
     *
     * @param headers the received headers (any letter case; one value each)
     * @param rawBody the received body exactly as sent (UTF-8 text)
     * @throws SignatureVerificationException when any check fails
     */
    public void verify(Map<String, String> headers, String rawBody) {
        Map<String, String> byName = byName(headers, rawBody);
        String xSignature = required(byName, WebhookHeaders.X_SIGNATURE);
        verifyWebhookHeaders(byName, rawBody);
        String unsigned = unsignedBody(rawBody);
        if (!anyBodySignatureMatches(unsigned, xSignature.strip())) {
            throw new SignatureVerificationException("Invalid " + WebhookHeaders.X_SIGNATURE);
        }
        JsonNode bodySignature = CanonicalJson.parseObject(rawBody).get(CanonicalJson.SIGNATURE_MEMBER);
        if (bodySignature != null && !anyBodySignatureMatches(unsigned, bodySignature.asText(""))) {
            throw new SignatureVerificationException("Invalid body signature");
        }
    }

    /**
     * Verifies only the Standard Webhooks headers ({@code webhook-id}, {@code webhook-timestamp} within the window,
     * {@code webhook-signature}), which every notification carries: for a SNAP notification, whose {@code X-SIGNATURE} is
     * the standard's RSA signature (common-model's {@code SnapNotificationVerifier}) and whose body has no
     * {@code signature} member (docs/contract.md §9).
     *
     * @throws SignatureVerificationException when any check fails
     */
    public void verifyWebhookHeaders(Map<String, String> headers, String rawBody) {
        Map<String, String> byName = byName(headers, rawBody);
        String id = required(byName, WebhookHeaders.ID);
        String timestamp = required(byName, WebhookHeaders.TIMESTAMP);
        String signatures = required(byName, WebhookHeaders.SIGNATURE);
        long sentAt = parseTimestamp(timestamp);
        long now = clock.instant().getEpochSecond();
        if (now - sentAt > toleranceSeconds) {
            throw new SignatureVerificationException("Message timestamp too old");
        }
        if (sentAt - now > toleranceSeconds) {
            throw new SignatureVerificationException("Message timestamp too new");
        }
        if (!anyWebhookSignatureMatches(id, sentAt, rawBody, signatures)) {
            throw new SignatureVerificationException("No matching " + WebhookHeaders.SIGNATURE);
        }
    }

    /** The headers by name in any letter case (nulls dropped), once the body is known to be there. */
    private static Map<String, String> byName(Map<String, String> headers, String rawBody) {
        Objects.requireNonNull(headers, "headers");
        if (rawBody == null) {
            throw new SignatureVerificationException("Missing body");
        }
        Map<String, String> byName = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        headers.forEach((name, value) -> {
            if (name != null && value != null) {
                byName.put(name, value);
            }
        });
        return byName;
    }

    /**
     * Verifies only the body {@code signature} member (seed §3 rule: recompute and compare), e.g. when the
     * headers are not available.
     *
     * @throws SignatureVerificationException when the body has no {@code signature} or it does not match
     */
    public void verifyBodySignature(String rawBody) {
        if (rawBody == null) {
            throw new SignatureVerificationException("Missing body");
        }
        String unsigned = unsignedBody(rawBody);
        JsonNode signature = CanonicalJson.parseObject(rawBody).get(CanonicalJson.SIGNATURE_MEMBER);
        if (signature == null || !signature.isTextual()) {
            throw new SignatureVerificationException("Missing body signature");
        }
        if (!anyBodySignatureMatches(unsigned, signature.asText())) {
            throw new SignatureVerificationException("Invalid body signature");
        }
    }

    private boolean anyWebhookSignatureMatches(String id, long sentAt, String rawBody, String header) {
        boolean matched = false;
        for (String candidate : header.strip().split(" +")) {
            if (!candidate.startsWith(WebhookHeaders.VERSION_PREFIX)) {
                continue;
            }
            String received = candidate.substring(WebhookHeaders.VERSION_PREFIX.length());
            for (WebhookSecret secret : secrets) {
                String expected = NotificationSigner.webhookSignature(secret, id, sentAt, rawBody);
                matched |= Digests.constantTimeEquals(expected, received);
            }
        }
        return matched;
    }

    private boolean anyBodySignatureMatches(String unsignedBody, String received) {
        boolean matched = false;
        for (WebhookSecret secret : secrets) {
            matched |= Digests.hexEquals(NotificationSigner.bodySignature(secret, unsignedBody), received);
        }
        return matched;
    }

    private static String unsignedBody(String rawBody) {
        try {
            return CanonicalJson.removeSignature(rawBody);
        } catch (IllegalArgumentException e) {
            throw new SignatureVerificationException("Body is not a valid JSON object");
        }
    }

    private static String required(Map<String, String> headers, String name) {
        String value = headers.get(name);
        if (value == null || value.isBlank()) {
            throw new SignatureVerificationException("Missing " + name + " header");
        }
        return value;
    }

    private static long parseTimestamp(String value) {
        String trimmed = value.strip();
        if (trimmed.isEmpty() || trimmed.length() > 18 || !trimmed.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new SignatureVerificationException("Invalid " + WebhookHeaders.TIMESTAMP + " header");
        }
        return Long.parseLong(trimmed);
    }
}

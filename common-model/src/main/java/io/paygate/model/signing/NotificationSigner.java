package io.paygate.model.signing;

import io.paygate.model.crypto.Digests;
import io.paygate.model.crypto.Hmac;
import io.paygate.model.json.CanonicalJson;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Signs merchant notifications (docs/contract.md §6), Svix-shaped: small, final, thread-safe.
 *
 * <ul>
 *   <li>Body {@code signature} (payment and binding notifications) and header {@code X-SIGNATURE} (every
 *       notification): lowercase hex HMAC-SHA512, key = decoded secret bytes, over the RFC 8785 (JCS) form
 *       of the body without its top-level {@code signature} member — 128 characters.</li>
 *   <li>Standard Webhooks headers: {@code webhook-id}, {@code webhook-timestamp} (unix seconds) and
 *       {@code webhook-signature} = {@code v1,} + base64 HMAC-SHA256 of {@code id.timestamp.rawBody}.</li>
 * </ul>
 *
 * <p>Rotation: construct with several secrets, the <em>first</em> is primary. The body signature and
 * {@code X-SIGNATURE} use the primary secret only (there is one value); {@code webhook-signature} carries one
 * {@code v1,} entry per secret, space-separated, so a merchant holding either the old or the new secret
 * verifies the Standard Webhooks signature.
 */
public final class NotificationSigner {

    private final List<WebhookSecret> secrets;
    /** Per secret, in the same order: the keyed HMACs (made once; see {@link Hmac}). */
    private final List<Keys> keys;

    public NotificationSigner(List<WebhookSecret> secrets) {
        Objects.requireNonNull(secrets, "secrets");
        if (secrets.isEmpty()) {
            throw new IllegalArgumentException("At least one webhook secret is required");
        }
        this.secrets = List.copyOf(secrets);
        this.keys = this.secrets.stream().map(Keys::of).toList();
    }

    /** @param primary the secret for body signatures; {@code older} are still announced in webhook-signature */
    public NotificationSigner(WebhookSecret primary, WebhookSecret... older) {
        this(concat(primary, older));
    }

    /**
     * The body signature of {@code jsonBody}: HMAC-SHA512 (primary secret) over JCS(body without top-level
     * {@code signature}), lowercase hex, 128 characters.
     *
     * @throws IllegalArgumentException when {@code jsonBody} is not a JSON object
     */
    public String bodySignature(String jsonBody) {
        return primaryHmac(CanonicalJson.canonicalizeWithoutSignature(jsonBody));
    }

    /**
     * The body signature of a notification payload this system wrote itself with {@code Json.write} from a
     * notification record whose {@code signature} is {@code null} (so it has no such member): the same value as
     * {@link #bodySignature(String)}, without the pass that parses the payload to remove a member it does not have.
     * A payload whose text has {@code "signature"} anywhere takes that full path, so the result is the same for any
     * payload {@code Json.write} produces; what this skips is the strict checks of JSON from outside, the pass for
     * lone surrogates included (see {@link CanonicalJson#canonicalizeOwn(String)}: such a character is signed as the
     * {@code ?} it is sent as), so never pass it a received body. Notification-service calls it once per
     * notification, when it stores it.
     */
    public String payloadSignature(String payload) {
        if (payload.contains('"' + CanonicalJson.SIGNATURE_MEMBER + '"')) {
            return bodySignature(payload);
        }
        return primaryHmac(CanonicalJson.canonicalizeOwn(payload));
    }

    /** Lowercase hex HMAC-SHA512 of a canonical form under the primary secret. */
    private String primaryHmac(String canonical) {
        return Digests.hex(keys.get(0).body().mac(canonical.getBytes(StandardCharsets.UTF_8)));
    }

    /**
     * {@code json} with its top-level {@code signature} member set to {@link #bodySignature(String)}: the
     * member is replaced in place when present, appended otherwise; other members keep their order and text.
     */
    public String withBodySignature(String json) {
        var object = CanonicalJson.parseObject(json);
        String signature = bodySignature(CanonicalJson.write(object));
        object.put(CanonicalJson.SIGNATURE_MEMBER, signature);
        return CanonicalJson.write(object);
    }

    /**
     * The Standard Webhooks signature header value for one attempt: {@code v1,<base64>} per secret, separated
     * by single spaces, primary first.
     */
    public String sign(String webhookId, long unixSeconds, String rawBody) {
        Objects.requireNonNull(webhookId, "webhookId");
        Objects.requireNonNull(rawBody, "rawBody");
        byte[] signed = (webhookId + "." + unixSeconds + ".").getBytes(StandardCharsets.UTF_8);
        byte[] body = rawBody.getBytes(StandardCharsets.UTF_8);
        StringBuilder header = new StringBuilder(48 * keys.size());
        for (Keys key : keys) {
            if (!header.isEmpty()) {
                header.append(' ');
            }
            header.append(WebhookHeaders.VERSION_PREFIX)
                    .append(Base64.getEncoder().encodeToString(key.webhook().mac(signed, body)));
        }
        return header.toString();
    }

    /**
     * The headers to send with {@code rawBody} (the exact bytes POSTed, UTF-8): {@code webhook-id},
     * {@code webhook-timestamp}, {@code webhook-signature} and {@code X-SIGNATURE}, in that order.
     */
    public Map<String, String> headers(String webhookId, long unixSeconds, String rawBody) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put(WebhookHeaders.ID, webhookId);
        headers.put(WebhookHeaders.TIMESTAMP, Long.toString(unixSeconds));
        headers.put(WebhookHeaders.SIGNATURE, sign(webhookId, unixSeconds, rawBody));
        headers.put(WebhookHeaders.X_SIGNATURE, bodySignature(rawBody));
        return headers;
    }

    @Override
    public String toString() {
        return "NotificationSigner[" + secrets.size() + " secret(s)]";
    }

    static String bodySignature(WebhookSecret secret, String jsonBody) {
        byte[] canonical = CanonicalJson.canonicalizeWithoutSignature(jsonBody).getBytes(StandardCharsets.UTF_8);
        return Digests.hmacSha512Hex(secret.keyBytes(), canonical);
    }

    static String webhookSignature(WebhookSecret secret, String webhookId, long unixSeconds, String rawBody) {
        byte[] content = (webhookId + "." + unixSeconds + "." + rawBody).getBytes(StandardCharsets.UTF_8);
        return Base64.getEncoder().encodeToString(Digests.hmacSha256(secret.keyBytes(), content));
    }

    /** One secret's keyed HMACs: SHA-512 for body signatures, SHA-256 for {@code webhook-signature}. */
    private record Keys(Hmac body, Hmac webhook) {
        static Keys of(WebhookSecret secret) {
            byte[] key = secret.keyBytes();
            return new Keys(Hmac.sha512(key), Hmac.sha256(key));
        }

        @Override
        public String toString() {
            return "Keys[***]";
        }
    }

    private static List<WebhookSecret> concat(WebhookSecret primary, WebhookSecret... older) {
        Objects.requireNonNull(primary, "primary");
        List<WebhookSecret> all = new ArrayList<>();
        all.add(primary);
        for (WebhookSecret secret : older) {
            all.add(Objects.requireNonNull(secret, "secret"));
        }
        return all;
    }
}

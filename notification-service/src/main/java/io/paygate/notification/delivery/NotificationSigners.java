package io.paygate.notification.delivery;

import io.paygate.kit.auth.Merchant;
import io.paygate.kit.auth.WebhookSecrets;
import io.paygate.model.crypto.Digests;
import io.paygate.model.signing.NotificationSigner;
import io.paygate.model.signing.WebhookHeaders;
import io.paygate.model.signing.WebhookSecret;
import io.paygate.notification.BodySignature;
import jakarta.enterprise.context.ApplicationScoped;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Each merchant's notification signers (made once per state of its secrets), and signing in two steps
 * (docs/contract.md §6): the body signature (RFC 8785 canonicalization and HMAC-SHA512, the costly part) once, when the
 * notification is stored ({@link #bodySignature(Merchant, String)}), and at each attempt only what depends on the
 * attempt, the Standard Webhooks signature over {@code id.timestamp.body}. The stored signature carries the id of its
 * key; an attempt whose signing secret is another one by then signs the body again ({@link #forAttempt}).
 *
 * <p>During a rotation of the notification secret (docs/contract.md §6 "Notification secret rotation", the registry's
 * {@link WebhookSecrets}): {@code webhook-signature} carries {@code v1,<new> v1,<previous>} while the previous secret
 * lives, so a Standard Webhooks verifier holding either accepts it; the body {@code signature} and {@code X-SIGNATURE}
 * (one value each) use the previous secret until the merchant activates the new one or the grace ends
 * ({@link WebhookSecrets#signing}).
 */
@ApplicationScoped
public class NotificationSigners {

    /** Labels the key id's HMAC: the id says which key, and reveals nothing of it. */
    private static final byte[] KEY_ID_LABEL = "paygate notification key id".getBytes(StandardCharsets.UTF_8);

    private final Map<String, Keyed> byMerchant = new ConcurrentHashMap<>();
    private final Clock clock;

    NotificationSigners() {
        this(Clock.systemUTC());
    }

    NotificationSigners(Clock clock) {
        this.clock = clock;
    }

    /** The signer of the merchant's current notification secret alone. */
    public NotificationSigner signer(Merchant merchant) {
        return keyed(merchant).current().signer();
    }

    /**
     * The body signature of a payload the gateway wrote ({@link NotificationSigner#payloadSignature}) with the secret
     * that signs now, and that secret's key id.
     */
    public BodySignature bodySignature(Merchant merchant, String payload) {
        Signing signing = keyed(merchant).signing(clock.instant());
        return new BodySignature(signing.signer().payloadSignature(payload), signing.keyId());
    }

    /** The body signature to send now: the stored one while its key is the one that signs now, else a new one. */
    public String forAttempt(Merchant merchant, String payload, BodySignature stored) {
        Signing signing = keyed(merchant).signing(clock.instant());
        if (stored != null && stored.keyId().equals(signing.keyId())) {
            return stored.value();
        }
        return signing.signer().payloadSignature(payload);
    }

    /** The {@code webhook-signature} of one attempt: one {@code v1,} entry per live secret, the current one first. */
    public String webhookSignature(Merchant merchant, String webhookId, long unixSeconds, String rawBody) {
        Keyed keyed = keyed(merchant);
        NotificationSigner signer = keyed.secrets().previousLive(clock.instant()) ? keyed.both()
                : keyed.current().signer();
        return signer.sign(webhookId, unixSeconds, rawBody);
    }

    /**
     * The headers of an attempt of a (non-SNAP) notification whose exact body is {@code rawBody}, as a real attempt
     * sends them: {@code webhook-id}, {@code webhook-timestamp}, {@code webhook-signature} and {@code X-SIGNATURE} (the
     * body signature of {@code rawBody}, without any {@code signature} member, by the secret that signs now).
     */
    public Map<String, String> headers(Merchant merchant, String webhookId, long unixSeconds, String rawBody) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put(WebhookHeaders.ID, webhookId);
        headers.put(WebhookHeaders.TIMESTAMP, Long.toString(unixSeconds));
        headers.put(WebhookHeaders.SIGNATURE, webhookSignature(merchant, webhookId, unixSeconds, rawBody));
        headers.put(WebhookHeaders.X_SIGNATURE, keyed(merchant).signing(clock.instant()).signer().bodySignature(rawBody));
        return headers;
    }

    /** A short id of a key: the first 8 bytes of HMAC-SHA256(key, label), hex. */
    static String keyId(WebhookSecret secret) {
        byte[] mac = Digests.hmacSha256(secret.keyBytes(), KEY_ID_LABEL);
        return Digests.hex(Arrays.copyOf(mac, 8));
    }

    private Keyed keyed(Merchant merchant) {
        WebhookSecrets secrets = merchant.notificationSecrets();
        Keyed keyed = byMerchant.get(merchant.id());
        if (keyed == null || !keyed.secrets().equals(secrets)) {
            keyed = Keyed.of(secrets);
            byMerchant.put(merchant.id(), keyed);
        }
        return keyed;
    }

    /** One secret's signer and key id. */
    private record Signing(NotificationSigner signer, String keyId) {
        static Signing of(WebhookSecret secret) {
            return new Signing(new NotificationSigner(secret), NotificationSigners.keyId(secret));
        }

        @Override
        public String toString() {
            return "Signing[" + keyId + "]";
        }
    }

    /** A merchant's secrets and their signers: current, previous (if any), and both for {@code webhook-signature}. */
    private record Keyed(WebhookSecrets secrets, Signing current, Signing previous, NotificationSigner both) {
        Keyed {
            Objects.requireNonNull(secrets);
        }

        static Keyed of(WebhookSecrets secrets) {
            Signing current = Signing.of(secrets.current());
            if (secrets.previous() == null) {
                return new Keyed(secrets, current, null, current.signer());
            }
            return new Keyed(secrets, current, Signing.of(secrets.previous()),
                    new NotificationSigner(secrets.current(), secrets.previous()));
        }

        /** The signer of one-value signatures at {@code now}. */
        Signing signing(Instant now) {
            return previous != null && secrets.signing(now) == secrets.previous() ? previous : current;
        }

        @Override
        public String toString() {
            return "Keyed[" + current.keyId() + "]";
        }
    }
}

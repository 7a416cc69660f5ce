package io.paygate.notification.delivery;

import io.paygate.kit.auth.Merchant;
import io.paygate.model.crypto.Digests;
import io.paygate.model.signing.NotificationSigner;
import io.paygate.model.signing.WebhookSecret;
import io.paygate.notification.BodySignature;
import jakarta.enterprise.context.ApplicationScoped;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Each merchant's {@link NotificationSigner} (made once), and signing in two steps (docs/contract.md §6): the body signature
 * (RFC 8785 canonicalization and HMAC-SHA512, the costly part) once, when the notification is stored
 * ({@link #bodySignature(Merchant, String)}), and at each attempt only what depends on the attempt, the Standard
 * Webhooks signature over {@code id.timestamp.body}. The stored signature carries the id of its key; an attempt after
 * the merchant's secret was rotated signs the body again with the current one ({@link #forAttempt}).
 */
@ApplicationScoped
public class NotificationSigners {

    /** Labels the key id's HMAC: the id says which key, and reveals nothing of it. */
    private static final byte[] KEY_ID_LABEL = "paygate notification key id".getBytes(StandardCharsets.UTF_8);

    private final Map<String, Keyed> byMerchant = new ConcurrentHashMap<>();

    /** The merchant's signer (its current notification secret). */
    public NotificationSigner signer(Merchant merchant) {
        return keyed(merchant).signer();
    }

    /** The body signature of a payload the gateway wrote ({@link NotificationSigner#payloadSignature}) and its key id. */
    public BodySignature bodySignature(Merchant merchant, String payload) {
        Keyed keyed = keyed(merchant);
        return new BodySignature(keyed.signer().payloadSignature(payload), keyed.keyId());
    }

    /** The body signature to send now: the stored one while its key is the merchant's current one, else a new one. */
    public String forAttempt(Merchant merchant, String payload, BodySignature stored) {
        Keyed keyed = keyed(merchant);
        if (stored != null && stored.keyId().equals(keyed.keyId())) {
            return stored.value();
        }
        return keyed.signer().payloadSignature(payload);
    }

    /** A short id of a key: the first 8 bytes of HMAC-SHA256(key, label), hex. */
    static String keyId(WebhookSecret secret) {
        byte[] mac = Digests.hmacSha256(secret.keyBytes(), KEY_ID_LABEL);
        return Digests.hex(Arrays.copyOf(mac, 8));
    }

    private Keyed keyed(Merchant merchant) {
        WebhookSecret secret = merchant.notificationSecret();
        Keyed keyed = byMerchant.get(merchant.id());
        if (keyed == null || !keyed.secret().equals(secret)) {
            keyed = new Keyed(secret, new NotificationSigner(secret), keyId(secret));
            byMerchant.put(merchant.id(), keyed);
        }
        return keyed;
    }

    private record Keyed(WebhookSecret secret, NotificationSigner signer, String keyId) {
        Keyed {
            Objects.requireNonNull(secret);
        }

        @Override
        public String toString() {
            return "Keyed[" + keyId + "]";
        }
    }
}

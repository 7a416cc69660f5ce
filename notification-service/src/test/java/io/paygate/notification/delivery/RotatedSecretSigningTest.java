package io.paygate.notification.delivery;

import io.paygate.kit.auth.Merchant;
import io.paygate.kit.auth.WebhookSecrets;
import io.paygate.model.signing.NotificationVerifier;
import io.paygate.model.signing.SignatureVerificationException;
import io.paygate.model.signing.WebhookHeaders;
import io.paygate.model.signing.WebhookSecret;
import io.paygate.notification.BodySignature;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/contract.md §6 "Notification secret rotation": while a previous notification secret lives, webhook-signature is
 * {@code v1,<new> v1,<previous>} (a Standard Webhooks verifier holding either accepts it); the body signature and
 * X-SIGNATURE use the previous secret until the merchant activates the new one or the grace ends. On main a merchant
 * has one notification secret and the signers know no previous one.
 */
class RotatedSecretSigningTest {

    private static final WebhookSecret OLD = WebhookSecret.parse("whsec_bG9jYWwtZGVtby1ub3RpZmljYXRpb24tc2VjcmV0ISE=");
    private static final WebhookSecret NEW = WebhookSecret.parse("whsec_cm90YXRlZC1kZW1vLW5vdGlmaWNhdGlvbi1zZWNyZXQ=");
    private static final Instant NOW = Instant.now();
    private static final Instant GRACE_ENDS = NOW.plusSeconds(3600);
    private static final String BODY = "{\"order\":{\"id\":\"ORD-1\",\"amount\":150000.00}}";

    private static Merchant merchant(boolean activated) {
        return Merchant.builder("demo").clientSecret("s")
                .notificationSecrets(new WebhookSecrets(NEW, OLD, GRACE_ENDS, activated)).build();
    }

    private static NotificationSigners at(Instant now) {
        return new NotificationSigners(Clock.fixed(now, ZoneOffset.UTC));
    }

    private static NotificationVerifier holding(WebhookSecret secret) {
        return new NotificationVerifier(Clock.systemUTC(), secret);
    }

    @Test
    void duringTheGraceBothSecretsSignTheWebhookAndThePreviousOneSignsTheBody() {
        NotificationSigners signers = at(NOW);
        Map<String, String> headers = signers.headers(merchant(false), "msg_1", NOW.getEpochSecond(), BODY);
        String webhook = headers.get(WebhookHeaders.SIGNATURE);
        assertEquals(2, webhook.split(" ").length, webhook);
        assertTrue(webhook.startsWith(at(NOW).headers(Merchant.builder("demo").clientSecret("s")
                .notificationSecrets(WebhookSecrets.of(NEW)).build(), "msg_1", NOW.getEpochSecond(), BODY)
                .get(WebhookHeaders.SIGNATURE) + " "), "the new secret's first");
        assertDoesNotThrow(() -> holding(OLD).verify(headers, BODY), "a merchant still on the previous secret");
        assertDoesNotThrow(() -> holding(NEW).verifyWebhookHeaders(headers, BODY), "one already on the new secret");
        assertThrows(SignatureVerificationException.class, () -> holding(NEW).verify(headers, BODY),
                "X-SIGNATURE is the previous secret's until activation");

        BodySignature stored = signers.bodySignature(merchant(false), BODY);
        assertEquals(NotificationSigners.keyId(OLD), stored.keyId());
    }

    @Test
    void onceActivatedOrOnceTheGraceEndedTheNewSecretSignsTheBody() {
        Map<String, String> activated = at(NOW).headers(merchant(true), "msg_2", NOW.getEpochSecond(), BODY);
        assertDoesNotThrow(() -> holding(NEW).verify(activated, BODY));
        assertDoesNotThrow(() -> holding(OLD).verifyWebhookHeaders(activated, BODY), "still announced while it lives");

        NotificationSigners later = at(GRACE_ENDS);
        Map<String, String> ended = later.headers(merchant(false), "msg_3", NOW.getEpochSecond(), BODY);
        assertEquals(1, ended.get(WebhookHeaders.SIGNATURE).split(" ").length);
        assertDoesNotThrow(() -> holding(NEW).verify(ended, BODY));
        assertThrows(SignatureVerificationException.class, () -> holding(OLD).verifyWebhookHeaders(ended, BODY));

        // a notification stored during the grace is signed again at an attempt after it
        BodySignature stored = at(NOW).bodySignature(merchant(false), BODY);
        assertEquals(later.bodySignature(merchant(false), BODY).value(),
                later.forAttempt(merchant(false), BODY, stored));
    }
}

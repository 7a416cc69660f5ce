package io.paygate.notification;

import io.paygate.kit.auth.Merchants;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.merchant.MerchantState;
import io.paygate.model.signing.NotificationVerifier;
import io.paygate.model.signing.SignatureVerificationException;
import io.paygate.model.signing.WebhookHeaders;
import io.paygate.model.signing.WebhookSecret;
import io.paygate.notification.support.Events;
import io.paygate.notification.support.MerchantSinkTestBase;
import io.paygate.notification.support.NotificationTestResources;
import io.paygate.testsupport.kafka.RegistryRecords;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.paygate.testsupport.sink.MerchantSink;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * docs/contract.md §6 "Notification secret rotation" and §10, end to end: a merchant only the registry knows, in the
 * middle of a rotation of its notification secret, is notified with {@code webhook-signature} {@code v1,<new>
 * v1,<previous>} (verified here by a Standard Webhooks verifier holding either secret) and the body {@code signature}
 * and {@code X-SIGNATURE} by the previous secret; once it activates the new secret, by the new one. On main the
 * registry is not read: the event of a merchant the configuration lacks is dead-lettered, nothing is delivered.
 */
@QuarkusTest
@NotificationTestResources
class RegistryNotificationSecretTest extends MerchantSinkTestBase {

    private static final WebhookSecret OLD = WebhookSecret.generate();
    private static final WebhookSecret NEW = WebhookSecret.generate();
    private static final String ID = "rn-rotating";

    @Inject
    Merchants merchants;

    @Test
    void bothSecretsSignTheWebhookDuringTheGraceAndTheBodySwitchesOnActivation() throws Exception {
        publish(state(1, false));
        MerchantSink.Received before = notified();
        assertEquals(2, before.header(WebhookHeaders.SIGNATURE).split(" ").length);
        assertDoesNotThrow(() -> verifier(OLD).verify(headers(before), before.body()),
                "a merchant still on the previous secret verifies everything");
        assertDoesNotThrow(() -> verifier(NEW).verifyWebhookHeaders(headers(before), before.body()),
                "one on the new secret verifies webhook-signature");
        assertThrows(SignatureVerificationException.class, () -> verifier(NEW).verifyBodySignature(before.body()));

        publish(state(2, true));
        sink.reset();
        MerchantSink.Received after = notified();
        assertDoesNotThrow(() -> verifier(NEW).verify(headers(after), after.body()));
        assertDoesNotThrow(() -> verifier(OLD).verifyWebhookHeaders(headers(after), after.body()),
                "the previous secret is still announced while it lives");
        assertThrows(SignatureVerificationException.class, () -> verifier(OLD).verifyBodySignature(after.body()));
    }

    private MerchantSink.Received notified() throws InterruptedException {
        String code = Events.id("PC");
        EventEnvelope event = Events.payment(ID, code, sink.url("/callbacks/rotating"));
        Events.send(event);
        return sink.awaitReceived(1, WAIT).get(0);
    }

    private void publish(MerchantState state) {
        RegistryRecords.publish(KafkaResource.broker(), state);
        await().atMost(Duration.ofSeconds(30))
                .until(() -> merchants.registryVersion(ID).orElse(-1L) >= state.version());
    }

    private static MerchantState state(long version, boolean activated) {
        MerchantState base = RegistryRecords.active(ID, version, "rn-client-secret");
        MerchantState.RotatingSecret notification = new MerchantState.RotatingSecret(
                RegistryRecords.seal(ID, MerchantState.SECRET_NOTIFICATION, NEW.reveal()),
                RegistryRecords.seal(ID, MerchantState.SECRET_NOTIFICATION, OLD.reveal()),
                Instant.now().plusSeconds(3600), Instant.now(), activated);
        return new MerchantState(ID, "Rotating Store", base.status(), "sandbox", "IDR", null, null, null, null, null,
                base.clientSecret(), notification, null, null, version, Instant.now());
    }

    private static NotificationVerifier verifier(WebhookSecret secret) {
        return NotificationVerifier.of(secret.reveal());
    }

    private static Map<String, String> headers(MerchantSink.Received received) {
        Map<String, String> headers = new HashMap<>();
        received.headers().forEach((name, values) -> headers.put(name, values.get(0)));
        return headers;
    }
}

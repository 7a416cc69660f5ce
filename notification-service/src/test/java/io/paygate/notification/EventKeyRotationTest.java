package io.paygate.notification;

import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.EventSigner;
import io.paygate.model.event.Topics;
import io.paygate.notification.support.DeadLetterReader;
import io.paygate.notification.support.Events;
import io.paygate.notification.support.MerchantSinkTestBase;
import io.paygate.notification.support.NotificationTopicsResource;
import io.paygate.testsupport.kafka.SignedEvents;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.paygate.testsupport.quarkus.PostgresResource;
import io.paygate.testsupport.quarkus.SandboxConfigResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static io.paygate.testsupport.SandboxMerchants.DEMO;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A key rotation (docs/contract.md §7, "rotatable with two keys"): notification-service holds the new key as
 * {@code gateway.events.signing-key} and the old one as {@code gateway.events.previous-signing-key}, and accepts events
 * signed with either, or with both as a rotated producer signs; a key it does not hold is still refused.
 */
@QuarkusTest
@WithTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "notification_rotation"))
@WithTestResource(KafkaResource.class)
@WithTestResource(value = SandboxConfigResource.class, initArgs = {
        @ResourceArg(name = SandboxConfigResource.EVENT_SIGNING_KEY, value = SignedEvents.ROTATED_TEST_SIGNING_KEY),
        @ResourceArg(name = SandboxConfigResource.PREVIOUS_EVENT_SIGNING_KEY, value = SignedEvents.TEST_SIGNING_KEY)})
@WithTestResource(NotificationTopicsResource.class)
class EventKeyRotationTest extends MerchantSinkTestBase {

    @Test
    void eventSignedWithThePreviousKeyIsAcceptedAndDelivered() throws Exception {
        EventEnvelope event = Events.payment(DEMO.id(), Events.id("PCP"), sink.url("/previous"));
        send(event, EventSigner.of(SignedEvents.TEST_SIGNING_KEY));
        assertDelivered(event, "/previous");
    }

    @Test
    void eventSignedWithTheNewKeyIsAcceptedAndDelivered() throws Exception {
        EventEnvelope event = Events.payment(DEMO.id(), Events.id("PCN"), sink.url("/new"));
        send(event, EventSigner.of(SignedEvents.ROTATED_TEST_SIGNING_KEY));
        assertDelivered(event, "/new");
    }

    @Test
    void eventSignedByAProducerHoldingBothKeysIsAcceptedOnce() throws Exception {
        EventEnvelope event = Events.payment(DEMO.id(), Events.id("PCB"), sink.url("/both"));
        send(event, EventSigner.of(SignedEvents.ROTATED_TEST_SIGNING_KEY, SignedEvents.TEST_SIGNING_KEY));
        assertDelivered(event, "/both");
    }

    @Test
    void aKeyHeldByNeitherSideIsStillRefused() throws Exception {
        String code = Events.id("PCX");
        EventEnvelope event = Events.payment(DEMO.id(), code, sink.url("/stranger"));
        send(event, EventSigner.of("neither-current-nor-previous-key-000001"));
        assertEquals(List.of("signature mismatch: paygate-signature matches no event signing key"),
                DeadLetterReader.reasons(code, 1, WAIT));
        await().during(Duration.ofSeconds(1)).atMost(Duration.ofSeconds(3)).until(() -> sink.received().isEmpty());
        assertEquals(0, db.count("SELECT count(*) FROM notification WHERE event_id = ?", event.eventId()));
    }

    private static void send(EventEnvelope event, EventSigner signer) {
        Events.sendRecord(SignedEvents.sign(new ProducerRecord<>(Topics.PAYMENT_STATUS, event.key(), event.toJson()), signer));
    }

    private void assertDelivered(EventEnvelope event, String path) throws InterruptedException {
        assertEquals(path, sink.awaitReceived(1, WAIT).get(0).path());
        await().atMost(WAIT).until(() -> "DELIVERED".equals(db.byEvent(event.eventId()).orElseThrow().status()));
    }
}

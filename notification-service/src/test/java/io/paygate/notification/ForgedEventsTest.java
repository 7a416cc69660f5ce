package io.paygate.notification;

import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.EventSigner;
import io.paygate.model.event.PaymentStatusChanged;
import io.paygate.model.event.Topics;
import io.paygate.model.status.PaymentStatus;
import io.paygate.notification.support.DeadLetterReader;
import io.paygate.notification.support.Events;
import io.paygate.notification.support.MerchantSinkTestBase;
import io.paygate.notification.support.NotificationTestResources;
import io.paygate.notification.support.RejectedEventsMetric;
import io.paygate.testsupport.kafka.SignedEvents;
import io.paygate.testsupport.sink.MerchantSink.Reply;
import io.quarkus.test.junit.QuarkusTest;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import static io.paygate.testsupport.SandboxMerchants.DEMO;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Events are trusted only when their producer signature verifies (docs/contract.md §7): forged records, produced with a plain
 * KafkaProducer to the real broker, are dead-lettered with the reason and counted, never stored or delivered, and
 * cannot make a real notification obsolete.
 */
@QuarkusTest
@NotificationTestResources
class ForgedEventsTest extends MerchantSinkTestBase {

    private static final String ATTACKER_KEY = "an-attacker-key-that-is-long-enough-0001";

    @Test
    void unsignedEventIsDeadLetteredCountedAndNeverStoredOrDelivered() throws Exception {
        double before = RejectedEventsMetric.value(Topics.PAYMENT_STATUS, "missing");
        String code = Events.id("PCF");
        EventEnvelope forged = Events.payment(DEMO.id(), code, sink.url("/forged"));
        Events.sendUnsigned(Topics.PAYMENT_STATUS, forged.key(), forged.toJson());

        List<String> reasons = DeadLetterReader.reasons(code, 1, WAIT);
        assertEquals(List.of("signature missing: no paygate-signature header"), reasons);
        await().atMost(WAIT).until(() -> RejectedEventsMetric.value(Topics.PAYMENT_STATUS, "missing") == before + 1);
        assertNothingFor(forged);
    }

    @Test
    void eventSignedWithAKeyTheGatewayDoesNotHoldIsDeadLetteredAsAMismatch() throws Exception {
        double before = RejectedEventsMetric.value(Topics.PAYMENT_STATUS, "mismatch");
        String code = Events.id("PCF");
        EventEnvelope forged = Events.payment(DEMO.id(), code, sink.url("/forged"));
        Events.sendRecord(SignedEvents.sign(new ProducerRecord<>(Topics.PAYMENT_STATUS, forged.key(), forged.toJson()),
                EventSigner.of(ATTACKER_KEY)));

        assertEquals(List.of("signature mismatch: paygate-signature matches no event signing key"),
                DeadLetterReader.reasons(code, 1, WAIT));
        await().atMost(WAIT).until(() -> RejectedEventsMetric.value(Topics.PAYMENT_STATUS, "mismatch") == before + 1);
        assertNothingFor(forged);
    }

    @Test
    void malformedSignatureOnADisbursementEventIsCountedUnderItsTopic() throws Exception {
        double before = RejectedEventsMetric.value(Topics.DISBURSEMENT_STATUS, "malformed");
        String ref = Events.id("DBF");
        EventEnvelope forged = Events.disbursement(DEMO.id(), 1, ref, io.paygate.model.status.DisbursementStatus.SUCCESS);
        ProducerRecord<String, String> record = new ProducerRecord<>(Topics.DISBURSEMENT_STATUS, forged.key(), forged.toJson());
        record.headers().add(EventSigner.HEADER, "sha256=deadbeef".getBytes(StandardCharsets.US_ASCII));
        Events.sendRecord(record);

        assertEquals(List.of("signature malformed: paygate-signature entry is not version,signature"),
                DeadLetterReader.reasons(ref, 1, WAIT));
        await().atMost(WAIT).until(() -> RejectedEventsMetric.value(Topics.DISBURSEMENT_STATUS, "malformed") == before + 1);
        assertEquals(0, db.count("SELECT count(*) FROM notification WHERE event_id = ?", forged.eventId()));
    }

    @Test
    void forgedFailedWithAHugeSequenceCannotMakeTheRealCapturedNotificationObsolete() throws Exception {
        double missing = RejectedEventsMetric.value(Topics.PAYMENT_STATUS, "missing");
        double mismatch = RejectedEventsMetric.value(Topics.PAYMENT_STATUS, "mismatch");
        String code = Events.id("PCR");
        // The real event: signed as payment-service signs it. Its first attempt fails, so it is still PENDING (the
        // state a newer event would make OBSOLETE) when the forgeries arrive.
        sink.enqueue(Reply.status(503, "{}").withHeader("Retry-After", "3"));
        EventEnvelope captured = Events.payment(DEMO.id(), 1,
                Events.cardCaptured(code, "ORD-" + code, sink.url("/callback")));
        ProducerRecord<String, String> real = SignedEvents.sign(
                new ProducerRecord<>(Topics.PAYMENT_STATUS, captured.key(), captured.toJson()));
        Events.sendRecord(real);
        sink.awaitReceived(1, WAIT);
        await().atMost(WAIT).until(() -> db.byEvent(captured.eventId()).orElseThrow().attempts() == 1);
        assertEquals("PENDING", db.byEvent(captured.eventId()).orElseThrow().status());

        // Three forged FAILED events for the same payment, same record key, sequence 1000000: unsigned, signed with
        // another key, and carrying the real event's signature.
        EventEnvelope unsigned = failed(code, sink.url("/forged"));
        EventEnvelope otherKey = failed(code, sink.url("/forged"));
        EventEnvelope replayed = failed(code, sink.url("/forged"));
        Events.sendUnsigned(Topics.PAYMENT_STATUS, unsigned.key(), unsigned.toJson());
        Events.sendRecord(SignedEvents.sign(new ProducerRecord<>(Topics.PAYMENT_STATUS, otherKey.key(), otherKey.toJson()),
                EventSigner.of(ATTACKER_KEY)));
        ProducerRecord<String, String> withRealSignature =
                new ProducerRecord<>(Topics.PAYMENT_STATUS, replayed.key(), replayed.toJson());
        withRealSignature.headers().add(real.headers().lastHeader(EventSigner.HEADER));
        Events.sendRecord(withRealSignature);

        List<String> reasons = DeadLetterReader.reasons(code, 3, WAIT);
        assertEquals(1, reasons.stream().filter(r -> r.startsWith("signature missing")).count(), reasons.toString());
        assertEquals(2, reasons.stream().filter(r -> r.startsWith("signature mismatch")).count(), reasons.toString());
        assertNotEquals("OBSOLETE", db.byEvent(captured.eventId()).orElseThrow().status());

        await().atMost(WAIT).until(() -> "DELIVERED".equals(db.byEvent(captured.eventId()).orElseThrow().status()));
        await().during(Duration.ofMillis(1500)).atMost(Duration.ofSeconds(3)).until(() -> sink.received().size() == 2);
        assertTrue(sink.received().stream().allMatch(r -> r.path().equals("/callback")
                && r.body().contains("\"status\":\"CAPTURED\"")), "only the real CAPTURED, twice (503, then 2000000)");
        assertEquals(1, db.byResource(DEMO.id(), code).size(), "only the real notification is stored");
        assertEquals(missing + 1, RejectedEventsMetric.value(Topics.PAYMENT_STATUS, "missing"));
        assertEquals(mismatch + 2, RejectedEventsMetric.value(Topics.PAYMENT_STATUS, "mismatch"));
    }

    @Test
    void theRejectionCounterIsExportedAtZeroForEveryTopicAndReasonBeforeAnyRejection() {
        for (String reason : List.of("missing", "malformed", "mismatch")) {
            assertTrue(RejectedEventsMetric.exists(Topics.BINDING_STATUS, reason), reason);
        }
    }

    private static EventEnvelope failed(String code, String callbackUrl) {
        PaymentStatusChanged real = Events.cardCaptured(code, "ORD-" + code, callbackUrl);
        PaymentStatusChanged failed = new PaymentStatusChanged(real.paymentCode(), real.orderId(), real.amount(),
                real.currency(), real.customer(), real.meta(), real.card(), PaymentStatus.FAILED, "forged",
                real.callbackUrl(), PaymentMethod.CARD);
        return Events.payment(DEMO.id(), 1_000_000, failed);
    }

    private void assertNothingFor(EventEnvelope forged) {
        await().during(Duration.ofSeconds(1)).atMost(Duration.ofSeconds(3)).until(() -> sink.received().isEmpty());
        assertEquals(0, db.count("SELECT count(*) FROM notification WHERE event_id = ?", forged.eventId()));
        assertEquals(0, db.byResource(DEMO.id(), forged.resourceId()).size());
    }
}

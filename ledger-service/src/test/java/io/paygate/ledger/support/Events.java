package io.paygate.ledger.support;

import io.paygate.model.api.disbursement.TransferAmount;
import io.paygate.model.api.link.PaymentLinkState;
import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.model.api.payment.RefundResult;
import io.paygate.model.event.DisbursementStatusChanged;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.PaymentLinkStatusChanged;
import io.paygate.model.event.PaymentStatusChanged;
import io.paygate.model.event.Topics;
import io.paygate.model.status.DisbursementStatus;
import io.paygate.model.status.PaymentStatus;
import io.paygate.testsupport.kafka.SignedEvents;
import io.paygate.testsupport.quarkus.KafkaResource;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/** The events payment-service publishes, made and signed as it makes them, sent to the real broker. */
public final class Events {

    private static KafkaProducer<String, String> producer;

    private Events() {
    }

    public static String id(String prefix) {
        return prefix + UUID.randomUUID().toString().substring(0, 12);
    }

    public static EventEnvelope captured(String merchantId, String code, String amount, PaymentMethod method) {
        return EventEnvelope.of(merchantId, 2, new PaymentStatusChanged(code, "ORD-" + code, new BigDecimal(amount),
                "IDR", null, null, null, PaymentStatus.CAPTURED, "captured", null, method), Clock.systemUTC());
    }

    /** The provider took the captured payment back. */
    public static EventEnvelope reversed(String merchantId, String code, String amount) {
        return EventEnvelope.of(merchantId, 4, new PaymentStatusChanged(code, "ORD-" + code, new BigDecimal(amount),
                "IDR", null, null, null, PaymentStatus.REVERSED, "reversed", null, PaymentMethod.CARD),
                Clock.systemUTC());
    }

    public static EventEnvelope refunded(String merchantId, String code, String refundId, String amount,
                                         String status) {
        return EventEnvelope.of(merchantId, 3, new PaymentStatusChanged(code, "ORD-" + code, new BigDecimal("100000.00"),
                "IDR", null, null, null, PaymentStatus.PARTIALLY_REFUNDED, "refund", null, PaymentMethod.CARD, null,
                new RefundResult(refundId, new BigDecimal(amount), status, new BigDecimal(amount))), Clock.systemUTC());
    }

    public static EventEnvelope disbursement(String merchantId, String partnerReferenceNo, String referenceNo,
                                             String amount, DisbursementStatus status) {
        return EventEnvelope.of(merchantId, 1, new DisbursementStatusChanged(null, null, referenceNo,
                partnerReferenceNo, "014", "Budi", "1234567890", new TransferAmount(amount, "IDR"), status, null,
                null), Clock.systemUTC());
    }

    /** A payment link became PAID (docs/contract.md §11): an event on payment-status that posts nothing. */
    public static EventEnvelope linkPaid(String merchantId, String linkId) {
        return EventEnvelope.of(merchantId, 1, new PaymentLinkStatusChanged(new PaymentLinkState(linkId,
                "PL7Q2M8X1B7D3H5F0T", "PAID", 1, new BigDecimal("150000.00")),
                "https://merchant.example.com/callbacks/payment"), Clock.systemUTC());
    }

    /** The same event as if it had happened at {@code at}. */
    public static EventEnvelope at(EventEnvelope event, Instant at) {
        return new EventEnvelope(event.eventId(), event.type(), at, event.merchantId(), event.resourceId(),
                event.sequence(), event.data());
    }

    public static String topic(EventEnvelope event) {
        return event.type().equals("DisbursementStatusChanged") ? Topics.DISBURSEMENT_STATUS : Topics.PAYMENT_STATUS;
    }

    /** The record payment-service's relay would write: keyed, signed with the test signing key. */
    public static ProducerRecord<String, String> signed(EventEnvelope event) {
        return SignedEvents.sign(new ProducerRecord<>(topic(event), event.key(), event.toJson()));
    }

    /** The same record as a consumer receives it (for posting it directly, as a second replica would). */
    public static ConsumerRecord<String, String> received(ProducerRecord<String, String> record) {
        ConsumerRecord<String, String> consumed = new ConsumerRecord<>(record.topic(), 0, 0, record.key(),
                record.value());
        record.headers().forEach(h -> consumed.headers().add(h));
        return consumed;
    }

    public static void send(ProducerRecord<String, String> record) {
        try {
            producer().send(record).get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("Could not produce to " + record.topic(), e);
        }
    }

    private static synchronized KafkaProducer<String, String> producer() {
        if (producer == null) {
            producer = new KafkaProducer<>(Map.of(
                    ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, KafkaResource.broker().bootstrapServers(),
                    ProducerConfig.ACKS_CONFIG, "all", ProducerConfig.LINGER_MS_CONFIG, 0),
                    new StringSerializer(), new StringSerializer());
        }
        return producer;
    }
}

package io.paygate.notification.support;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.paygate.model.api.Card;
import io.paygate.model.api.CardInfo;
import io.paygate.model.api.Customer;
import io.paygate.model.api.Meta;
import io.paygate.model.api.disbursement.AdditionalInfo;
import io.paygate.model.api.disbursement.TransferAmount;
import io.paygate.model.api.disbursement.TriggerType;
import io.paygate.model.api.link.PaymentLinkState;
import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.model.api.recurring.Credential;
import io.paygate.model.api.recurring.IntervalUnit;
import io.paygate.model.api.recurring.RecurringType;
import io.paygate.model.api.recurring.RetryPlan;
import io.paygate.model.api.recurring.SubscriptionView;
import io.paygate.model.event.BindingStatusChanged;
import io.paygate.model.event.DisbursementStatusChanged;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.PaymentLinkStatusChanged;
import io.paygate.model.event.PaymentStatusChanged;
import io.paygate.model.event.SubscriptionStatusChanged;
import io.paygate.model.event.Topics;
import io.paygate.model.status.BindingStatus;
import io.paygate.model.status.DisbursementStatus;
import io.paygate.model.status.PaymentStatus;
import io.paygate.model.status.SubscriptionStatus;
import io.paygate.testsupport.kafka.SignedEvents;
import io.paygate.testsupport.quarkus.KafkaResource;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

import java.math.BigDecimal;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Events as payment-service and binding-service produce them (payments, subscriptions, bindings, transfers; signed
 * with the test key, header {@code paygate-signature}), put on the real topics with a plain producer.
 */
public final class Events {

    private static final AtomicLong IDS = new AtomicLong(System.nanoTime() % 1_000_000_000L);
    private static KafkaProducer<String, String> producer;

    private Events() {
    }

    /** A fresh id for a resource, unique in this JVM run (and very likely across runs). */
    public static String id(String prefix) {
        return prefix + IDS.incrementAndGet();
    }

    public static Customer customer() {
        return new Customer("CUST-001", "budi@example.com", "Budi", "Santoso", "+6281234567890");
    }

    public static PaymentStatusChanged cardCaptured(String paymentCode, String orderId, String callbackUrl) {
        Meta meta = Meta.of(JsonNodeFactory.instance.objectNode().put("cart", "A-17").put("note", "café"));
        Card card = new Card("411111******1111", new CardInfo("VISA", "SANDBOX BANK", "CREDIT", "CLASSIC", "ID"));
        return new PaymentStatusChanged(paymentCode, orderId, new BigDecimal("150000.00"), "IDR", customer(), meta,
                card, PaymentStatus.CAPTURED, null, callbackUrl, PaymentMethod.CARD);
    }

    public static EventEnvelope payment(String merchant, long sequence, PaymentStatusChanged data) {
        return EventEnvelope.of(merchant, sequence, data, Clock.systemUTC());
    }

    public static EventEnvelope payment(String merchant, String paymentCode, String callbackUrl) {
        return payment(merchant, 1, cardCaptured(paymentCode, "ORD-" + paymentCode, callbackUrl));
    }

    public static DisbursementStatusChanged disbursement(String referenceNo, DisbursementStatus status) {
        return new DisbursementStatusChanged("2026-11-21T10:15:30+07:00", "2026-11-21T10:15:42+07:00", referenceNo,
                "TRF-" + referenceNo, "014", "Siti Rahayu", "1234567890", new TransferAmount("250000.00", "IDR"),
                status, TriggerType.AUTOMATIC, new AdditionalInfo(null));
    }

    public static EventEnvelope disbursement(String merchant, long sequence, String referenceNo, DisbursementStatus status) {
        return EventEnvelope.of(merchant, sequence, disbursement(referenceNo, status), Clock.systemUTC());
    }

    public static EventEnvelope binding(String merchant, long sequence, String bindingId, BindingStatus status) {
        return EventEnvelope.of(merchant, sequence,
                new BindingStatusChanged(bindingId, status, "BCA_DD", customer()), Clock.systemUTC());
    }

    /** A subscription as payment-service reports it (docs/contract.md §1b), in {@code status}. */
    public static SubscriptionView subscriptionView(String recurringId, SubscriptionStatus status) {
        boolean active = status == SubscriptionStatus.ACTIVE;
        return new SubscriptionView(recurringId, RecurringType.PURCHASE, "GOLD1", status,
                status == SubscriptionStatus.PAUSED ? "Card declined" : null, new BigDecimal("99000.00"), 1,
                IntervalUnit.MONTHLY, 12, null, null, new RetryPlan(1, IntervalUnit.DAILY, 3), 2,
                active ? "2027-01-21 10:15:30" : null,
                status == SubscriptionStatus.PENDING ? null : Credential.card("411111******1111"));
    }

    /** A subscription event (type {@code subscription} on {@code payment-status}, resource id recurring.id). */
    public static EventEnvelope subscription(String merchant, long sequence, String recurringId,
                                             SubscriptionStatus status, String callbackUrl) {
        return EventEnvelope.of(merchant, sequence,
                new SubscriptionStatusChanged(subscriptionView(recurringId, status), "CUST-001", callbackUrl),
                Clock.systemUTC());
    }

    /** A payment link's {@code payment-link} event (docs/contract.md §11): 150000.00 collected per captured payment. */
    public static EventEnvelope paymentLink(String merchant, long sequence, String linkId, String status,
                                            int paymentCount, String callbackUrl) {
        return EventEnvelope.of(merchant, sequence, new PaymentLinkStatusChanged(new PaymentLinkState(linkId,
                "PL7Q2M8X1B7D3H5F0T", status, paymentCount, new BigDecimal("150000.00").multiply(
                BigDecimal.valueOf(paymentCount))), callbackUrl), Clock.systemUTC());
    }

    /** Sends the envelope, signed, to its topic, keyed merchantId:resourceId, and waits for the broker. */
    public static void send(EventEnvelope event) {
        sendRaw(topicOf(event), event.key(), event.toJson());
    }

    /** Sends {@code value} signed with the services' test key, as the producers' outbox relay signs (docs/contract.md §7). */
    public static void sendRaw(String topic, String key, String value) {
        sendRecord(SignedEvents.sign(new ProducerRecord<>(topic, key, value)));
    }

    /** Sends {@code value} without a {@code paygate-signature} header: what a forger without the key can do. */
    public static void sendUnsigned(String topic, String key, String value) {
        sendRecord(new ProducerRecord<>(topic, key, value));
    }

    /** Sends a record as it is (headers included) and waits for the broker. */
    public static void sendRecord(ProducerRecord<String, String> record) {
        try {
            producer().send(record).get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("Could not produce to " + record.topic(), e);
        }
    }

    /** The topic of an envelope's type. */
    public static String topicOf(EventEnvelope event) {
        return switch (event.type()) {
            case "PaymentStatusChanged", "subscription", "payment-link" -> Topics.PAYMENT_STATUS;
            case "BindingStatusChanged" -> Topics.BINDING_STATUS;
            case "DisbursementStatusChanged" -> Topics.DISBURSEMENT_STATUS;
            default -> throw new IllegalArgumentException(event.type());
        };
    }

    private static synchronized KafkaProducer<String, String> producer() {
        if (producer == null) {
            producer = new KafkaProducer<>(Map.of(
                    ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, KafkaResource.broker().bootstrapServers(),
                    ProducerConfig.ACKS_CONFIG, "all",
                    ProducerConfig.LINGER_MS_CONFIG, 0),
                    new StringSerializer(), new StringSerializer());
        }
        return producer;
    }
}

package io.paygate.notification;

import com.fasterxml.jackson.annotation.JsonValue;
import io.paygate.model.event.EventTypes;
import io.paygate.model.event.Topics;

import java.util.Locale;
import java.util.Optional;

/** What a notification tells the merchant about, and where it goes (docs/contract.md §6). */
public enum NotificationType {
    /** Seed §3, to the initiation's {@code url.callbackUrl}; body {@code signature}. */
    PAYMENT(Topics.PAYMENT_STATUS, EventTypes.PAYMENT_STATUS_CHANGED, null),
    /** Seed §4, to the registered {@code disbursementCallbackUrl}; signed in {@code X-SIGNATURE} only. */
    DISBURSEMENT(Topics.DISBURSEMENT_STATUS, EventTypes.DISBURSEMENT_STATUS_CHANGED, "disbursementCallbackUrl"),
    /** To the registered {@code bindingCallbackUrl}; body {@code signature}. */
    BINDING(Topics.BINDING_STATUS, EventTypes.BINDING_STATUS_CHANGED, "bindingCallbackUrl"),
    /**
     * A subscription's state (docs/contract.md §1b), to its first payment's {@code url.callbackUrl}; body
     * {@code signature}. Its events share {@code payment-status} with the payments.
     */
    SUBSCRIPTION(Topics.PAYMENT_STATUS, EventTypes.SUBSCRIPTION, null);

    private final String topic;
    private final String eventType;
    private final String registeredUrlField;

    NotificationType(String topic, String eventType, String registeredUrlField) {
        this.topic = topic;
        this.eventType = eventType;
        this.registeredUrlField = registeredUrlField;
    }

    /** The wire and database value: {@code payment}, {@code disbursement}, {@code binding}, {@code subscription}. */
    @JsonValue
    public String value() {
        return name().toLowerCase(Locale.ROOT);
    }

    public String topic() {
        return topic;
    }

    /** The {@code EventEnvelope.type} this notification is built from. */
    public String eventType() {
        return eventType;
    }

    /** Whether the body carries a {@code signature} member (all but disbursement; seed §3, docs/contract.md §6). */
    public boolean bodySigned() {
        return this != DISBURSEMENT;
    }

    /** The registration field that names the destination, or empty when the event carries it (payment, subscription). */
    public Optional<String> registeredUrlField() {
        return Optional.ofNullable(registeredUrlField);
    }

    /** The notification an event of {@code eventType} on {@code topic} becomes, or empty when none does. */
    public static Optional<NotificationType> of(String topic, String eventType) {
        for (NotificationType type : values()) {
            if (type.topic.equals(topic) && type.eventType.equals(eventType)) {
                return Optional.of(type);
            }
        }
        return Optional.empty();
    }

    public static Optional<NotificationType> fromValue(String value) {
        for (NotificationType type : values()) {
            if (type.value().equals(value)) {
                return Optional.of(type);
            }
        }
        return Optional.empty();
    }
}

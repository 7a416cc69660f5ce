package io.paygate.notification;

import com.fasterxml.jackson.annotation.JsonValue;
import io.paygate.model.event.EventTypes;
import io.paygate.model.event.Topics;

import java.util.Optional;

/** What a notification tells the merchant about, and where it goes (docs/contract.md §6, §9). */
public enum NotificationType {
    /** Seed §3, to the initiation's {@code url.callbackUrl}; body {@code signature}. */
    PAYMENT("payment", Topics.PAYMENT_STATUS, EventTypes.PAYMENT_STATUS_CHANGED, null, null, false),
    /** Seed §4, to the registered {@code disbursementCallbackUrl}; signed in {@code X-SIGNATURE} only. */
    DISBURSEMENT("disbursement", Topics.DISBURSEMENT_STATUS, EventTypes.DISBURSEMENT_STATUS_CHANGED,
            "disbursementCallbackUrl", "disbursement_callback_url", false),
    /** To the registered {@code bindingCallbackUrl}; body {@code signature}. */
    BINDING("binding", Topics.BINDING_STATUS, EventTypes.BINDING_STATUS_CHANGED, "bindingCallbackUrl",
            "binding_callback_url", false),
    /**
     * A subscription's state (docs/contract.md §1b), to its first payment's {@code url.callbackUrl}; body
     * {@code signature}. Its events share {@code payment-status} with the payments.
     */
    SUBSCRIPTION("subscription", Topics.PAYMENT_STATUS, EventTypes.SUBSCRIPTION, null, null, false),
    /**
     * A payment link's status (docs/contract.md §11: PAID, EXPIRED, INACTIVE), to the link's {@code url.callbackUrl};
     * body {@code signature}. Its events share {@code payment-status} with the payments.
     */
    PAYMENT_LINK("payment-link", Topics.PAYMENT_STATUS, EventTypes.PAYMENT_LINK, null, null, false),
    /**
     * docs/contract.md §9: the {@code /v1.0/transfer-va/payment} body of a virtual account made through SNAP, to the
     * registered {@code snapVaPaymentUrl}; made from the same payment event as its {@link #PAYMENT} notification.
     */
    SNAP_VA("snap-va", Topics.PAYMENT_STATUS, EventTypes.PAYMENT_STATUS_CHANGED, "snapVaPaymentUrl",
            "snap_va_payment_url", true),
    /** docs/contract.md §9: the {@code /v1.0/qr/qr-mpm-notify} body, to the registered {@code snapQrNotifyUrl}. */
    SNAP_QR("snap-qr", Topics.PAYMENT_STATUS, EventTypes.PAYMENT_STATUS_CHANGED, "snapQrNotifyUrl",
            "snap_qr_notify_url", true),
    /** docs/contract.md §9: the {@code /v1.0/debit/notify} body, to the registered {@code snapDebitNotifyUrl}. */
    SNAP_DEBIT("snap-debit", Topics.PAYMENT_STATUS, EventTypes.PAYMENT_STATUS_CHANGED, "snapDebitNotifyUrl",
            "snap_debit_notify_url", true),
    /**
     * docs/contract.md §9: a binding made through SNAP became ACTIVE, FAILED or UNBOUND, to the registered
     * {@code snapBindingNotifyUrl}; made from the same binding event as its {@link #BINDING} notification.
     */
    SNAP_BINDING("snap-binding", Topics.BINDING_STATUS, EventTypes.BINDING_STATUS_CHANGED, "snapBindingNotifyUrl",
            "snap_binding_notify_url", true),
    /**
     * docs/contract.md §6 "Test notification": one a merchant asked for ({@code POST /pg/merchant/callbacks/test}),
     * sent at once as the type it names and logged under this one. No event makes it; it is never retried nor
     * redelivered (it is stored DELIVERED or FAILED with its one attempt, never PENDING: no dispatcher sees it).
     */
    TEST("test", null, null, null, null, false);

    private final String value;
    private final String topic;
    private final String eventType;
    private final String registeredUrlField;
    private final String registeredUrlColumn;
    private final boolean snap;

    NotificationType(String value, String topic, String eventType, String registeredUrlField,
                     String registeredUrlColumn, boolean snap) {
        this.value = value;
        this.topic = topic;
        this.eventType = eventType;
        this.registeredUrlField = registeredUrlField;
        this.registeredUrlColumn = registeredUrlColumn;
        this.snap = snap;
    }

    /**
     * The wire and database value: {@code payment}, {@code disbursement}, {@code binding}, {@code subscription},
     * {@code payment-link}, {@code snap-va}, {@code snap-qr}, {@code snap-debit}, {@code snap-binding}, and
     * {@code test}.
     */
    @JsonValue
    public String value() {
        return value;
    }

    /** The topic its events come from; null for {@link #TEST}. */
    public String topic() {
        return topic;
    }

    /** The {@code EventEnvelope.type} this notification is built from. */
    public String eventType() {
        return eventType;
    }

    /**
     * Whether the body carries a {@code signature} member (payment, binding, subscription, payment-link; seed §3,
     * docs/contract.md §6). Not disbursement (signed in {@code X-SIGNATURE} only) nor SNAP (the standard's body, signed
     * in headers).
     */
    public boolean bodySigned() {
        return this != DISBURSEMENT && !snap;
    }

    /**
     * A SNAP notification (docs/contract.md §9): the standard's body as written, signed SHA256withRSA by the gateway's
     * key in {@code X-SIGNATURE}, delivered on 2xx with a {@code responseCode} that begins with {@code 200}.
     */
    public boolean snap() {
        return snap;
    }

    /**
     * The registration field that names the destination, or empty when the event carries it (payment, subscription,
     * payment-link).
     */
    public Optional<String> registeredUrlField() {
        return Optional.ofNullable(registeredUrlField);
    }

    /** The {@code merchant_callbacks} column of {@link #registeredUrlField()}. */
    public Optional<String> registeredUrlColumn() {
        return Optional.ofNullable(registeredUrlColumn);
    }

    /**
     * The notification an event of {@code eventType} on {@code topic} becomes, or empty when none does (a SNAP
     * notification is made beside the payment's, never instead of it).
     */
    public static Optional<NotificationType> of(String topic, String eventType) {
        for (NotificationType type : values()) {
            if (!type.snap && type.topic != null && type.topic.equals(topic) && type.eventType.equals(eventType)) {
                return Optional.of(type);
            }
        }
        return Optional.empty();
    }

    /** Whether events make notifications of this type (all but {@link #TEST}): the types a bulk redelivery takes. */
    public boolean fromEvents() {
        return this != TEST;
    }

    public static Optional<NotificationType> fromValue(String value) {
        for (NotificationType type : values()) {
            if (type.value.equals(value)) {
                return Optional.of(type);
            }
        }
        return Optional.empty();
    }

    /**
     * SQL: the registered URL of a notification row aliased {@code n} from a {@code merchant_callbacks} row aliased
     * {@code c}: {@code CASE n.type WHEN 'disbursement' THEN c.disbursement_callback_url … END}.
     */
    public static String registeredUrlSql(String n, String c) {
        StringBuilder sql = new StringBuilder("CASE ").append(n).append(".type");
        for (NotificationType type : values()) {
            type.registeredUrlColumn().ifPresent(column -> sql.append(" WHEN '").append(type.value)
                    .append("' THEN ").append(c).append('.').append(column));
        }
        return sql.append(" END").toString();
    }

    /** SQL: the types whose destination is registered, as a list for {@code IN (…)}. */
    public static String registeredTypesSql() {
        StringBuilder sql = new StringBuilder();
        for (NotificationType type : values()) {
            if (type.registeredUrlColumn != null) {
                sql.append(sql.isEmpty() ? "" : ", ").append('\'').append(type.value).append('\'');
            }
        }
        return sql.toString();
    }
}

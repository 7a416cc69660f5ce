package io.paygate.notification.messaging;

import io.paygate.kit.auth.Merchant;
import io.paygate.kit.auth.Merchants;
import io.paygate.model.api.link.PaymentLinkState;
import io.paygate.model.api.recurring.SubscriptionView;
import io.paygate.model.event.BindingStatusChanged;
import io.paygate.model.event.DisbursementStatusChanged;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.PaymentLinkStatusChanged;
import io.paygate.model.event.PaymentStatusChanged;
import io.paygate.model.event.SubscriptionStatusChanged;
import io.paygate.model.json.Json;
import io.paygate.model.status.DisbursementStatus;
import io.paygate.notification.NotificationDraft;
import io.paygate.notification.NotificationType;
import io.paygate.notification.delivery.NotificationSigners;
import io.paygate.notification.snap.SnapNotificationDrafts;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Turns a record of {@code payment-status}, {@code binding-status} or {@code disbursement-status} (docs/contract.md §7) into
 * the notification of docs/contract.md §6, built by the event data's {@code toNotification()} (seed §3/§4 fields, sample
 * spelling, amounts as numbers, {@code order.reference} = paymentCode, {@code card} only for card payments). A
 * {@code payment-status} record is a payment's, a subscription's (§1b) or a payment link's (§11) change, by its type.
 * Anything that cannot become one (not an envelope, a type foreign to the topic, an unknown merchant, data that does
 * not fit) is poison, with the reason. The body is signed here, once ({@link NotificationSigners}). A payment made through SNAP
 * (docs/contract.md §9) also makes its SNAP notification ({@link SnapNotificationDrafts}); one without a
 * {@code callbackUrl} makes only that one. So does a binding made through SNAP, beside its §6 binding notification.
 */
@ApplicationScoped
public class EventParser {

    static final int MAX_ID_LENGTH = 64;
    static final int MAX_URL_LENGTH = 2048;
    /** The statuses a payment link moves to (docs/contract.md §11); each is notified. */
    static final Set<String> LINK_STATUSES = Set.of("PAID", "EXPIRED", "INACTIVE");

    private final Merchants merchants;
    private final NotificationSigners signers;
    private final SnapNotificationDrafts snapDrafts;

    EventParser(Merchants merchants, NotificationSigners signers, SnapNotificationDrafts snapDrafts) {
        this.merchants = merchants;
        this.signers = signers;
        this.snapDrafts = snapDrafts;
    }

    ParsedEvent parse(NotificationType topicType, String value) {
        if (value == null || value.isBlank()) {
            return new ParsedEvent.Poison("empty record value");
        }
        EventEnvelope event;
        try {
            event = EventEnvelope.fromJson(value);
        } catch (RuntimeException e) {
            return new ParsedEvent.Poison("unparseable: not an event envelope");
        }
        NotificationType type = NotificationType.of(topicType.topic(), event.type()).orElse(null);
        if (type == null) {
            return new ParsedEvent.Poison("unknown event type '" + clip(event.type()) + "' on " + topicType.topic());
        }
        Merchant merchant = merchants.find(event.merchantId()).orElse(null);
        if (merchant == null) {
            return new ParsedEvent.Poison("unknown merchant '" + clip(event.merchantId()) + "'");
        }
        if (event.resourceId().isBlank() || event.resourceId().length() > MAX_ID_LENGTH) {
            return new ParsedEvent.Poison("invalid resourceId");
        }
        try {
            return switch (type) {
                case PAYMENT -> payment(merchant, event);
                case SUBSCRIPTION -> subscription(merchant, event);
                case PAYMENT_LINK -> paymentLink(merchant, event);
                case BINDING -> binding(merchant, event);
                case DISBURSEMENT -> disbursement(merchant, event);
                case SNAP_VA, SNAP_QR, SNAP_DEBIT, SNAP_BINDING, TEST ->
                        throw new IllegalStateException("never a topic's type");
            };
        } catch (IllegalArgumentException e) {
            return new ParsedEvent.Poison("invalid data for " + event.type());
        }
    }

    private ParsedEvent payment(Merchant merchant, EventEnvelope event) {
        PaymentStatusChanged data = event.dataAs(PaymentStatusChanged.class);
        if (data.status() == null || !Objects.equals(data.paymentCode(), event.resourceId())) {
            return new ParsedEvent.Poison("invalid data for " + event.type() + ": status or paymentCode");
        }
        if (!data.status().isNotified()) {
            return new ParsedEvent.Ignore("payment status " + data.status() + " is not notified");
        }
        boolean snap = data.snap() != null;
        if (snap && (data.callbackUrl() == null || data.callbackUrl().isBlank())) {
            // docs/contract.md §9: a SNAP payment without a callbackUrl is notified at its SNAP URL only.
            return snapOnly(event, data);
        }
        if (!isCallbackUrl(data.callbackUrl())) {
            return new ParsedEvent.Poison("invalid data for " + event.type() + ": callbackUrl");
        }
        NotificationDraft payment = draft(merchant, event, NotificationType.PAYMENT, data.callbackUrl(),
                Json.write(data.toNotification()), data.orderId());
        if (!snap) {
            return new ParsedEvent.Notify(payment);
        }
        try {
            return new ParsedEvent.Notify(snapDrafts.of(event, data).map(s -> List.of(payment, s))
                    .orElse(List.of(payment)), null);
        } catch (IllegalArgumentException e) {
            return new ParsedEvent.Notify(List.of(payment), "no SNAP notification: " + e.getMessage());
        }
    }

    private ParsedEvent snapOnly(EventEnvelope event, PaymentStatusChanged data) {
        try {
            return snapDrafts.of(event, data).<ParsedEvent>map(ParsedEvent.Notify::new).orElseGet(() ->
                    new ParsedEvent.Ignore("SNAP payment status " + data.status() + " is not notified"));
        } catch (IllegalArgumentException e) {
            return new ParsedEvent.Poison("invalid data for " + event.type() + ": " + e.getMessage());
        }
    }

    private ParsedEvent subscription(Merchant merchant, EventEnvelope event) {
        SubscriptionStatusChanged data = event.dataAs(SubscriptionStatusChanged.class);
        SubscriptionView recurring = data.recurring();
        if (recurring == null || recurring.status() == null || !Objects.equals(recurring.id(), event.resourceId())) {
            return new ParsedEvent.Poison("invalid data for " + event.type() + ": status or recurring.id");
        }
        if (!recurring.status().isNotified()) {
            return new ParsedEvent.Ignore("subscription status " + recurring.status() + " is not notified");
        }
        if (!isCallbackUrl(data.callbackUrl())) {
            return new ParsedEvent.Poison("invalid data for " + event.type() + ": callbackUrl");
        }
        return notify(merchant, event, NotificationType.SUBSCRIPTION, data.callbackUrl(),
                Json.write(data.toNotification()), null);
    }

    private ParsedEvent paymentLink(Merchant merchant, EventEnvelope event) {
        PaymentLinkStatusChanged data = event.dataAs(PaymentLinkStatusChanged.class);
        PaymentLinkState link = data.link();
        if (link == null || !LINK_STATUSES.contains(link.status()) || !Objects.equals(link.id(), event.resourceId())) {
            return new ParsedEvent.Poison("invalid data for " + event.type() + ": link.status or link.id");
        }
        if (!isCallbackUrl(data.callbackUrl())) {
            return new ParsedEvent.Poison("invalid data for " + event.type() + ": callbackUrl");
        }
        return notify(merchant, event, NotificationType.PAYMENT_LINK, data.callbackUrl(),
                Json.write(data.toNotification()), null);
    }

    private static boolean isCallbackUrl(String url) {
        return url != null && !url.isBlank() && url.length() <= MAX_URL_LENGTH;
    }

    private ParsedEvent binding(Merchant merchant, EventEnvelope event) {
        BindingStatusChanged data = event.dataAs(BindingStatusChanged.class);
        if (data.status() == null || !Objects.equals(data.bindingId(), event.resourceId())) {
            return new ParsedEvent.Poison("invalid data for " + event.type() + ": status or bindingId");
        }
        if (!data.status().isNotified()) {
            return new ParsedEvent.Ignore("binding status " + data.status() + " is not notified");
        }
        NotificationDraft binding = draft(merchant, event, NotificationType.BINDING, null,
                Json.write(data.toNotification()), null);
        if (data.snap() == null) {
            return new ParsedEvent.Notify(binding);
        }
        // docs/contract.md §9: a binding made through SNAP is also notified at the registered snapBindingNotifyUrl.
        try {
            return new ParsedEvent.Notify(snapDrafts.of(event, data).map(s -> List.of(binding, s))
                    .orElse(List.of(binding)), null);
        } catch (IllegalArgumentException e) {
            return new ParsedEvent.Notify(List.of(binding), "no SNAP notification: " + e.getMessage());
        }
    }

    private ParsedEvent disbursement(Merchant merchant, EventEnvelope event) {
        DisbursementStatusChanged data = event.dataAs(DisbursementStatusChanged.class);
        DisbursementStatus status = data.latestTransactionStatus();
        if (status == null || !status.isLifecycleState()
                || !Objects.equals(data.originalReferenceNo(), event.resourceId())) {
            return new ParsedEvent.Poison("invalid data for " + event.type() + ": latestTransactionStatus or originalReferenceNo");
        }
        return notify(merchant, event, NotificationType.DISBURSEMENT, null, Json.write(data.toNotification()),
                data.originalPartnerReferenceNo());
    }

    private ParsedEvent notify(Merchant merchant, EventEnvelope event, NotificationType type, String callbackUrl,
                               String payload, String orderId) {
        return new ParsedEvent.Notify(draft(merchant, event, type, callbackUrl, payload, orderId));
    }

    /** @param orderId what the merchant searches the log by (docs/contract.md §6 "Search"), or null */
    private NotificationDraft draft(Merchant merchant, EventEnvelope event, NotificationType type, String callbackUrl,
                                    String payload, String orderId) {
        return new NotificationDraft(event.eventId(), event.merchantId(), type, event.resourceId(), event.sequence(),
                callbackUrl, payload, signers.bodySignature(merchant, payload), event.occurredAt(), event.requestId(),
                NotificationDraft.searchable(orderId));
    }

    private static String clip(String text) {
        if (text == null) {
            return "null";
        }
        return text.length() > 64 ? text.substring(0, 64) + "…" : text;
    }
}

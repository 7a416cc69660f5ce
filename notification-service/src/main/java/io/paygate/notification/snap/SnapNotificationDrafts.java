package io.paygate.notification.snap;

import io.paygate.kit.config.GatewayConfig;
import io.paygate.model.event.BindingStatusChanged;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.PaymentStatusChanged;
import io.paygate.model.event.SnapOrigin;
import io.paygate.model.snap.notify.SnapBindingNotifications;
import io.paygate.model.snap.notify.SnapNotifyJson;
import io.paygate.model.snap.notify.SnapPaymentNotifications;
import io.paygate.notification.NotificationDraft;
import io.paygate.notification.NotificationType;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.ZoneId;
import java.util.Optional;

/**
 * The SNAP notification of a payment event (docs/contract.md §9): for a payment made through SNAP ({@code snap} in the
 * event) whose change the standard notifies (common-model's {@link SnapPaymentNotifications}: a VA when paid, QRIS and
 * direct debit when decided), a second notification of the same event, of type {@code snap-va}, {@code snap-qr} or
 * {@code snap-debit}, to the merchant's registered SNAP URL, its body the standard's, written as
 * {@code JSON.stringify} would write it back ({@link SnapNotifyJson}). It is delivered, retried, ordered (per payment
 * and type) and logged by the same machinery as every notification; only its signature and its acknowledgement differ
 * ({@link SnapAttempts}). A binding made through SNAP ({@code snap} in its event) makes a {@code snap-binding}
 * notification of its ACTIVE, FAILED and UNBOUND events to the registered {@code snapBindingNotifyUrl}
 * ({@link SnapBindingNotifications}).
 */
@ApplicationScoped
public class SnapNotificationDrafts {

    private final ZoneId zone;

    SnapNotificationDrafts(GatewayConfig gateway) {
        this.zone = gateway.timezone();
    }

    /**
     * The SNAP notification of this payment event, or empty when it makes none.
     *
     * @throws IllegalArgumentException when {@code snap} lacks what its body needs (the message names the member)
     */
    public Optional<NotificationDraft> of(EventEnvelope event, PaymentStatusChanged data) {
        return SnapPaymentNotifications.body(data, event.merchantId(), event.occurredAt(), zone)
                .map(body -> new NotificationDraft(event.eventId(), event.merchantId(), type(data.snap()),
                        event.resourceId(), event.sequence(), null, SnapNotifyJson.write(body), null,
                        event.occurredAt(), event.requestId(), orderId(data)));
    }

    /**
     * The SNAP notification of this binding event, or empty when it makes none.
     *
     * @throws IllegalArgumentException when the event lacks what the body needs (the message names the member)
     */
    public Optional<NotificationDraft> of(EventEnvelope event, BindingStatusChanged data) {
        return SnapBindingNotifications.body(data, event.merchantId(), event.occurredAt(), zone)
                .map(body -> new NotificationDraft(event.eventId(), event.merchantId(), NotificationType.SNAP_BINDING,
                        event.resourceId(), event.sequence(), null, SnapNotifyJson.write(body), null,
                        event.occurredAt(), event.requestId(), null));
    }

    /**
     * What the merchant finds a SNAP payment's notifications by (docs/contract.md §6 "Search"): its order id, which §9
     * makes its {@code partnerReferenceNo} ({@code trxId} for a virtual account), as the body names it.
     */
    private static String orderId(PaymentStatusChanged data) {
        String partnerReferenceNo = data.snap().partnerReferenceNo();
        return NotificationDraft.searchable(partnerReferenceNo != null ? partnerReferenceNo : data.orderId());
    }

    static NotificationType type(SnapOrigin snap) {
        return switch (snap.service()) {
            case SnapOrigin.VA -> NotificationType.SNAP_VA;
            case SnapOrigin.QR -> NotificationType.SNAP_QR;
            case SnapOrigin.DEBIT -> NotificationType.SNAP_DEBIT;
            default -> throw new IllegalArgumentException("snap.service is not VA, QR or DEBIT");
        };
    }
}

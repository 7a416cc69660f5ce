package io.paygate.payment.payment;

import io.paygate.model.api.Card;
import io.paygate.model.api.CardInfo;
import io.paygate.model.api.Customer;
import io.paygate.model.api.Meta;
import io.paygate.model.api.payment.InitiateRequest;
import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.model.api.payment.PaymentNotification;
import io.paygate.model.api.payment.PaymentSource;
import io.paygate.model.api.payment.RefundResult;
import io.paygate.model.api.payment.PaymentStatusResponse;
import io.paygate.model.json.Json;
import io.paygate.model.event.PaymentStatusChanged;
import io.paygate.model.event.SnapOrigin;

/**
 * The one mapper of the payment aggregate: request → row, row → event data, row → status reply. The status reply
 * is built from the same {@link PaymentStatusChanged} the notification is built from, so its {@code order},
 * {@code result}, {@code card} and {@code sourceOfFunds} equal the notification's (docs/contract.md §3).
 */
public final class PaymentMapper {

    private PaymentMapper() {
    }

    /** Copies what the initiation says into a new row (status, codes and times are the caller's). */
    public static void fill(PaymentEntity p, InitiateRequest request, String currency) {
        p.orderId = request.order().id();
        p.amount = request.order().amountValue();
        p.currency = currency;
        p.description = request.order().description();
        p.customerId = request.customer().id();
        p.customer = Json.write(request.customer());
        p.meta = request.meta() == null ? null : Json.write(request.meta());
        p.callbackUrl = request.url().callbackUrl();
        p.returnUrl = request.url().returnUrl();
        p.successUrl = request.url().successUrl();
        p.failUrl = request.url().failUrl();
        p.backUrl = request.url().backUrl();
    }

    /** The data of the payment's current state, as the event carries it. */
    public static PaymentStatusChanged toEvent(PaymentEntity p) {
        return toEvent(p, null);
    }

    /** As {@link #toEvent(PaymentEntity)}, about a refund's outcome ({@code result.refund}). */
    public static PaymentStatusChanged toEvent(PaymentEntity p, RefundResult refund) {
        PaymentStatusChanged change = new PaymentStatusChanged(p.paymentCode, p.orderId, p.amount, p.currency,
                customer(p), meta(p), card(p), p.status, p.statusDesc, p.callbackUrl, p.method, source(p), refund);
        return p.snapService == null ? change : change.withSnap(snap(p));
    }

    /**
     * How a payment made through SNAP is notified (docs/contract.md §9): its service, {@code partnerReferenceNo} (the
     * order id; a virtual account's {@code trxId}), {@code referenceNo} (the payment code), and for a virtual account
     * what create-va named it by.
     */
    static SnapOrigin snap(PaymentEntity p) {
        return new SnapOrigin(p.snapService, p.orderId, p.paymentCode, p.snapPartnerServiceId, p.snapCustomerNo,
                p.snapVirtualAccountNo, p.snapVirtualAccountName);
    }

    /** The status reply (docs/contract.md §3): order, result and card exactly as the notification has them. */
    public static PaymentStatusResponse toStatusResponse(PaymentEntity p, String expiryLink) {
        PaymentNotification n = toEvent(p).toNotification();
        return PaymentStatusResponse.success(p.paymentCode, n.order(), n.result(), n.card(), expiryLink,
                n.sourceOfFunds());
    }

    /** sourceOfFunds of the status reply and the notification: the method chosen and the code it is paid with. */
    public static PaymentSource source(PaymentEntity p) {
        return p.method == null ? null : new PaymentSource(p.method.name(), p.payCode);
    }

    public static Customer customer(PaymentEntity p) {
        return Json.read(p.customer, Customer.class);
    }

    public static Meta meta(PaymentEntity p) {
        return p.meta == null ? null : Json.read(p.meta, Meta.class);
    }

    /** card (mask and info) for card payments, else null. */
    public static Card card(PaymentEntity p) {
        if (p.method != PaymentMethod.CARD || p.cardMask == null) {
            return null;
        }
        return new Card(p.cardMask, p.cardInfo == null ? null : Json.read(p.cardInfo, CardInfo.class));
    }
}

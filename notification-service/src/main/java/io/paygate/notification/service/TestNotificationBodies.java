package io.paygate.notification.service;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.paygate.model.api.Card;
import io.paygate.model.api.CardInfo;
import io.paygate.model.api.Customer;
import io.paygate.model.api.Meta;
import io.paygate.model.api.disbursement.AdditionalInfo;
import io.paygate.model.api.link.PaymentLinkState;
import io.paygate.model.api.disbursement.TransferAmount;
import io.paygate.model.api.disbursement.TriggerType;
import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.model.api.payment.PaymentSource;
import io.paygate.model.api.recurring.Credential;
import io.paygate.model.api.recurring.IntervalUnit;
import io.paygate.model.api.recurring.RecurringType;
import io.paygate.model.api.recurring.RetryPlan;
import io.paygate.model.api.recurring.SubscriptionView;
import io.paygate.model.event.BindingStatusChanged;
import io.paygate.model.event.DisbursementStatusChanged;
import io.paygate.model.event.PaymentLinkStatusChanged;
import io.paygate.model.event.PaymentStatusChanged;
import io.paygate.model.event.SnapBindingOrigin;
import io.paygate.model.event.SnapOrigin;
import io.paygate.model.event.SubscriptionStatusChanged;
import io.paygate.model.ids.RandomIds;
import io.paygate.model.json.Json;
import io.paygate.model.snap.notify.SnapBindingNotifications;
import io.paygate.model.snap.notify.SnapNotifyJson;
import io.paygate.model.snap.notify.SnapPaymentNotifications;
import io.paygate.model.status.BindingStatus;
import io.paygate.model.status.DisbursementStatus;
import io.paygate.model.status.PaymentStatus;
import io.paygate.model.status.SubscriptionStatus;
import io.paygate.notification.NotificationType;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZoneId;

/**
 * The body of a test notification (docs/contract.md §6 "Test notification"): each type's documented example (the
 * webhooks' examples of the OpenAPI document: a card payment captured, a transfer paid, a binding ACTIVE, a
 * subscription PAUSED, a single-use payment link PAID, a SNAP virtual account paid, a SNAP QRIS payment paid, a SNAP direct debit declined, a SNAP
 * binding ACTIVE), built from event data the way the real one is built ({@code toNotification()}, common-model's
 * SNAP bodies and {@link SnapNotifyJson}), so it has the real one's members, order and number forms. It differs in two
 * places: the order id (a payment's {@code order.id}, a transfer's {@code originalPartnerReferenceNo}, a SNAP
 * payment's {@code trxId} or {@code originalPartnerReferenceNo}, a SNAP binding's {@code partnerReferenceNo}, and the
 * §6 binding's {@code binding.id}, subscription's {@code recurring.id} and payment link's {@code link.id}, which have
 * no order) is {@code TEST-<16 random characters>}; and it is marked {@code {"test":true}}: {@code meta.data} of a
 * payment, and of a binding, subscription or payment link (which have no {@code meta} otherwise), {@code additionalInfo.test} of a transfer and of
 * every SNAP body. SNAP bodies carry the merchant's id in {@code additionalInfo.merchantId} like real ones.
 */
final class TestNotificationBodies {

    /** The order id's prefix; the rest is 16 random characters (Crockford's base32). */
    static final String ORDER_PREFIX = "TEST-";
    /** The member that marks a test notification, {@code true}. */
    static final String MARKER = "test";

    private static final String PAYMENT_CODE = "PC8F2K4Q7M1X9B3D";
    private static final String BINDING_ID = "bnd_7Q2M8X1B7D3H5F0T6W4K9Q2M";
    private static final String LINK_CODE = "PL7Q2M8X1B7D3H5F0T";
    private static final BigDecimal AMOUNT = new BigDecimal("150000.00");
    private static final Customer CUSTOMER =
            new Customer("CUST-0001", "budi@example.com", "Budi", "Santoso", "+6281234567890");

    private TestNotificationBodies() {
    }

    /** A new {@code TEST-…} order id. */
    static String newOrderId() {
        return RandomIds.next(ORDER_PREFIX, 16);
    }

    /**
     * The body without {@code signature} (what the log stores as the payload: an attempt adds the signature member to
     * the types that carry one), as the real notification of {@code type} would be written.
     *
     * @param at   when it "happened" (SNAP bodies' times), in {@code zone} ({@code gateway.timezone})
     * @throws IllegalArgumentException for {@link NotificationType#TEST}, which is no body of its own
     */
    static String payload(NotificationType type, String orderId, String merchantId, Instant at, ZoneId zone) {
        return switch (type) {
            case PAYMENT -> Json.write(payment(orderId, PaymentStatus.CAPTURED, null).toNotification());
            case DISBURSEMENT -> Json.write(marked(Json.toTree(disbursement(orderId).toNotification()),
                    "additionalInfo"));
            case BINDING -> Json.write(withMeta(Json.toTree(
                    new BindingStatusChanged(orderId, BindingStatus.ACTIVE, "BCA_DD", CUSTOMER).toNotification())));
            case SUBSCRIPTION -> Json.write(withMeta(Json.toTree(subscription(orderId).toNotification())));
            case PAYMENT_LINK -> Json.write(withMeta(Json.toTree(new PaymentLinkStatusChanged(new PaymentLinkState(
                    orderId, LINK_CODE, "PAID", 1, AMOUNT), null).toNotification())));
            case SNAP_VA -> snapPayment(orderId, PaymentStatus.CAPTURED, new SnapOrigin(SnapOrigin.VA, orderId,
                    PAYMENT_CODE, "   12345", "00000000000001", "   1234500000000000001", "Budi Santoso"),
                    merchantId, at, zone);
            case SNAP_QR -> snapPayment(orderId, PaymentStatus.CAPTURED,
                    new SnapOrigin(SnapOrigin.QR, orderId, PAYMENT_CODE, null, null, null, null), merchantId, at, zone);
            case SNAP_DEBIT -> snapPayment(orderId, PaymentStatus.FAILED,
                    new SnapOrigin(SnapOrigin.DEBIT, orderId, PAYMENT_CODE, null, null, null, null), merchantId, at,
                    zone);
            case SNAP_BINDING -> SnapNotifyJson.write(marked(Json.toTree(SnapBindingNotifications.body(
                    new BindingStatusChanged(BINDING_ID, BindingStatus.ACTIVE, "BCA_DD", CUSTOMER)
                            .withSnap(new SnapBindingOrigin(orderId, "+62 •••• 7890", null)),
                    merchantId, at, zone).orElseThrow()), "additionalInfo"));
            case TEST -> throw new IllegalArgumentException("test is the log's type, not a body");
        };
    }

    private static PaymentStatusChanged payment(String orderId, PaymentStatus status, SnapOrigin snap) {
        Card card = new Card("411111******1111", new CardInfo("VISA", null, "CREDIT", null, null));
        PaymentStatusChanged data = new PaymentStatusChanged(PAYMENT_CODE, orderId, AMOUNT, "IDR", CUSTOMER,
                Meta.of(marker()), card, status, null, null, PaymentMethod.CARD, new PaymentSource("CARD", null));
        return snap == null ? data : data.withSnap(snap);
    }

    private static String snapPayment(String orderId, PaymentStatus status, SnapOrigin snap, String merchantId,
                                      Instant at, ZoneId zone) {
        Object body = SnapPaymentNotifications.body(payment(orderId, status, snap), merchantId, at, zone)
                .orElseThrow();
        return SnapNotifyJson.write(marked(Json.toTree(body), "additionalInfo"));
    }

    private static DisbursementStatusChanged disbursement(String orderId) {
        return new DisbursementStatusChanged("2026-11-21T10:15:30+07:00", "2026-11-21T10:15:36+07:00",
                "DSB4K9Q2M8X1B7D3H5F0T6W", orderId, "014", "Budi Santoso", "1234567890",
                new TransferAmount("250000.00", "IDR"), DisbursementStatus.SUCCESS, TriggerType.AUTOMATIC,
                new AdditionalInfo(null));
    }

    private static SubscriptionStatusChanged subscription(String orderId) {
        SubscriptionView recurring = new SubscriptionView(orderId, RecurringType.PURCHASE, "GOLD1",
                SubscriptionStatus.PAUSED, "Card declined", new BigDecimal("99000.00"), 1, IntervalUnit.MONTHLY, 12,
                null, null, new RetryPlan(1, IntervalUnit.DAILY, 3), 3, null, Credential.card("411111******1111"));
        return new SubscriptionStatusChanged(recurring, "CUST-0001", null);
    }

    /** {@code {"test":true}}. */
    private static ObjectNode marker() {
        return JsonNodeFactory.instance.objectNode().put(MARKER, true);
    }

    /** The body with {@code member.test = true} (the member is an object in every body that has it). */
    private static JsonNode marked(JsonNode body, String member) {
        ((ObjectNode) body.get(member)).put(MARKER, true);
        return body;
    }

    /**
     * The body with {@code meta} {@code {"data":{"test":true}}} added (bindings, subscriptions and payment links have
     * none).
     */
    private static JsonNode withMeta(JsonNode body) {
        ((ObjectNode) body).set("meta", JsonNodeFactory.instance.objectNode().set("data", marker()));
        return body;
    }
}

package io.paygate.model.event;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.paygate.model.api.Card;
import io.paygate.model.api.Customer;
import io.paygate.model.api.Meta;
import io.paygate.model.api.payment.PaymentLinkRef;
import io.paygate.model.api.payment.OrderSummary;
import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.model.api.payment.PaymentNotification;
import io.paygate.model.api.payment.PaymentResult;
import io.paygate.model.api.payment.PaymentSource;
import io.paygate.model.api.payment.RefundResult;
import io.paygate.model.api.recurring.CycleInfo;
import io.paygate.model.status.PaymentStatus;
import java.math.BigDecimal;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Data of a {@link Topics#PAYMENT_STATUS} event: everything notification-service needs to build the seed §3
 * notification without calling payment-service back. Resource id: the paymentCode. {@code card} only for
 * card payments; {@code method} {@code null} when no payment was attempted (EXPIRED); {@code sourceOfFunds} once a
 * method was chosen; {@code refund} when the change is a refund's outcome; {@code recurring} when the payment is a
 * subscription's (docs/contract.md §1b: every cycle, the first included), as the subscription is after this change;
 * {@code snap} when it was made through the SNAP door (docs/contract.md §9): its SNAP notification too; {@code link}
 * when it was started from a payment link (docs/contract.md §11), echoed in its notification.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "Payment status change event data")
public record PaymentStatusChanged(
        String paymentCode,
        String orderId,
        BigDecimal amount,
        String currency,
        Customer customer,
        Meta meta,
        Card card,
        PaymentStatus status,
        @JsonInclude(JsonInclude.Include.ALWAYS) String statusDesc,
        String callbackUrl,
        PaymentMethod method,
        PaymentSource sourceOfFunds,
        RefundResult refund,
        CycleInfo recurring,
        SnapOrigin snap,
        PaymentLinkRef link) {

    public PaymentStatusChanged(String paymentCode, String orderId, BigDecimal amount, String currency,
                                Customer customer, Meta meta, Card card, PaymentStatus status, String statusDesc,
                                String callbackUrl, PaymentMethod method, PaymentSource sourceOfFunds,
                                RefundResult refund, CycleInfo recurring, SnapOrigin snap) {
        this(paymentCode, orderId, amount, currency, customer, meta, card, status, statusDesc, callbackUrl, method,
                sourceOfFunds, refund, recurring, snap, null);
    }

    public PaymentStatusChanged(String paymentCode, String orderId, BigDecimal amount, String currency,
                                Customer customer, Meta meta, Card card, PaymentStatus status, String statusDesc,
                                String callbackUrl, PaymentMethod method, PaymentSource sourceOfFunds,
                                RefundResult refund, CycleInfo recurring) {
        this(paymentCode, orderId, amount, currency, customer, meta, card, status, statusDesc, callbackUrl, method,
                sourceOfFunds, refund, recurring, null);
    }

    public PaymentStatusChanged(String paymentCode, String orderId, BigDecimal amount, String currency,
                                Customer customer, Meta meta, Card card, PaymentStatus status, String statusDesc,
                                String callbackUrl, PaymentMethod method, PaymentSource sourceOfFunds,
                                RefundResult refund) {
        this(paymentCode, orderId, amount, currency, customer, meta, card, status, statusDesc, callbackUrl, method,
                sourceOfFunds, refund, null, null);
    }

    public PaymentStatusChanged(String paymentCode, String orderId, BigDecimal amount, String currency,
                                Customer customer, Meta meta, Card card, PaymentStatus status, String statusDesc,
                                String callbackUrl, PaymentMethod method, PaymentSource sourceOfFunds) {
        this(paymentCode, orderId, amount, currency, customer, meta, card, status, statusDesc, callbackUrl, method,
                sourceOfFunds, null, null, null);
    }

    public PaymentStatusChanged(String paymentCode, String orderId, BigDecimal amount, String currency,
                                Customer customer, Meta meta, Card card, PaymentStatus status, String statusDesc,
                                String callbackUrl, PaymentMethod method) {
        this(paymentCode, orderId, amount, currency, customer, meta, card, status, statusDesc, callbackUrl, method,
                null, null, null, null);
    }

    /** The unsigned payment notification (order.reference = paymentCode); sign its JSON before sending. */
    public PaymentNotification toNotification() {
        return new PaymentNotification(
                new OrderSummary(orderId, amount, paymentCode, currency),
                customer,
                meta,
                method == PaymentMethod.CARD ? card : null,
                PaymentResult.of(amount, status, statusDesc, refund),
                sourceOfFunds,
                recurring,
                link,
                null);
    }

    /** The same change, of a subscription's payment ({@code recurring} in its notification). */
    public PaymentStatusChanged withRecurring(CycleInfo cycle) {
        return new PaymentStatusChanged(paymentCode, orderId, amount, currency, customer, meta, card, status, statusDesc,
                callbackUrl, method, sourceOfFunds, refund, cycle, snap, link);
    }

    /** The same change, of a payment made through SNAP (its SNAP notification as well). */
    public PaymentStatusChanged withSnap(SnapOrigin origin) {
        return new PaymentStatusChanged(paymentCode, orderId, amount, currency, customer, meta, card, status, statusDesc,
                callbackUrl, method, sourceOfFunds, refund, recurring, origin, link);
    }

    /** The same change, of a payment started from a payment link ({@code link} in its notification). */
    public PaymentStatusChanged withLink(PaymentLinkRef origin) {
        return new PaymentStatusChanged(paymentCode, orderId, amount, currency, customer, meta, card, status, statusDesc,
                callbackUrl, method, sourceOfFunds, refund, recurring, snap, origin);
    }
}

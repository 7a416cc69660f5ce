package io.paygate.model.api.payment;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.paygate.model.api.Card;
import io.paygate.model.api.Customer;
import io.paygate.model.api.Meta;
import io.paygate.model.api.recurring.CycleInfo;
import jakarta.validation.constraints.Size;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The payment notification POSTed to {@code url.callbackUrl} on every notified state (seed §3; docs/contract.md §6).
 * {@code meta} is echoed when the initiation had one; {@code card} only for card payments; {@code recurring} only for
 * a subscription's payments; {@code link} only for a payment started from a payment link.
 * {@code signature}: lowercase hex HMAC-SHA512 over the RFC 8785 form of this body without
 * {@code signature} (128 characters), set by {@code NotificationSigner.withBodySignature}; build the record
 * with {@code signature = null} and sign its JSON.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "Payment notification sent to the merchant's callbackUrl")
public record PaymentNotification(
        @Schema(description = "Order; amount is a number, reference is the paymentCode", required = true)
        OrderSummary order,
        @Schema(description = "Customer as given at initiation", required = true) Customer customer,
        @Schema(description = "meta as given at initiation, when there was one") Meta meta,
        @Schema(description = "Card payments only") Card card,
        @Schema(description = "Outcome") PaymentResult result,
        @Schema(description = "The method chosen and the code paid with, once a method was chosen")
        PaymentSource sourceOfFunds,
        @Schema(description = "A subscription's payment only (docs/contract.md §1b): the subscription and cycle, as after "
                + "this payment's change") CycleInfo recurring,
        @Schema(description = "A payment started from a payment link only (docs/contract.md §11): the link")
        PaymentLinkRef link,
        @Schema(description = "HMAC-SHA512, lowercase hex, over the RFC 8785 form without signature",
                required = true, minLength = 128, maxLength = 128)
        @Size(min = 128, max = 128) String signature) {

    public PaymentNotification(OrderSummary order, Customer customer, Meta meta, Card card, PaymentResult result,
                               PaymentSource sourceOfFunds, CycleInfo recurring, String signature) {
        this(order, customer, meta, card, result, sourceOfFunds, recurring, null, signature);
    }

    public PaymentNotification(OrderSummary order, Customer customer, Meta meta, Card card, PaymentResult result,
                               PaymentSource sourceOfFunds, String signature) {
        this(order, customer, meta, card, result, sourceOfFunds, null, null, signature);
    }

    public PaymentNotification(OrderSummary order, Customer customer, Meta meta, Card card, PaymentResult result,
                               String signature) {
        this(order, customer, meta, card, result, null, null, null, signature);
    }

    /** The same notification with {@code signature} set. */
    public PaymentNotification withSignature(String value) {
        return new PaymentNotification(order, customer, meta, card, result, sourceOfFunds, recurring, link, value);
    }
}

package io.paygate.model.api.payment;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.paygate.model.api.Card;
import io.paygate.model.error.ResponseCode;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Reply 200 of {@code GET /pg/payment/card/status/{orderId}} (docs/contract.md §3). {@code order}, {@code result}
 * and {@code card} equal those of the notification, so a merchant can compare them (the seed's status
 * inquiry verification), and so does {@code sourceOfFunds}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "Payment status reply")
public record PaymentStatusResponse(
        @Schema(description = "2000000", required = true) String responseCode,
        @Schema(description = "Success", required = true) String responseMessage,
        @Schema(description = "Payment code", maxLength = 30) String paymentCode,
        @Schema(description = "Order; amount is a number") OrderSummary order,
        @Schema(description = "Outcome so far") PaymentResult result,
        @Schema(description = "Card payments only") Card card,
        @Schema(description = "Expiry of the link, YYYY-MM-DD HH:MM:SS", maxLength = 19) String expiryLink,
        @Schema(description = "The method chosen and the code paid with, once a method was chosen")
        PaymentSource sourceOfFunds) {

    /** The same payment as a list item (docs/contract.md §3b): without responseCode and responseMessage. */
    public PaymentStatusResponse asItem() {
        return new PaymentStatusResponse(null, null, paymentCode, order, result, card, expiryLink, sourceOfFunds);
    }

    public static PaymentStatusResponse success(String paymentCode, OrderSummary order, PaymentResult result,
                                                Card card, String expiryLink, PaymentSource sourceOfFunds) {
        return new PaymentStatusResponse(ResponseCode.SUCCESS_CODE, ResponseCode.SUCCESS_MESSAGE, paymentCode, order,
                result, card, expiryLink, sourceOfFunds);
    }
}

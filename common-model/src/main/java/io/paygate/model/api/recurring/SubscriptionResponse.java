package io.paygate.model.api.recurring;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.paygate.model.error.ResponseCode;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Reply of {@code GET /pg/payment/card/recurring/{recurringId}}, its pause, resume and cancel, and the sandbox
 * {@code due} (docs/contract.md §1b): the subscription, its customer and the {@code order.id} of its first payment.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "A subscription")
public record SubscriptionResponse(
        @Schema(description = "2000000 on success", required = true, examples = "2000000") String responseCode,
        @Schema(description = "Success on success", required = true, examples = "Success") String responseMessage,
        @Schema(description = "The subscription", required = true) SubscriptionView recurring,
        @Schema(description = "The subscribing customer", required = true) CustomerRef customer,
        @Schema(description = "order.id of the first payment (cycle 1)", required = true,
                examples = "ORD-20261121-0001") String firstOrderId) {

    public static SubscriptionResponse success(SubscriptionView recurring, String customerId, String firstOrderId) {
        return new SubscriptionResponse(ResponseCode.SUCCESS_CODE, ResponseCode.SUCCESS_MESSAGE, recurring,
                new CustomerRef(customerId), firstOrderId);
    }
}

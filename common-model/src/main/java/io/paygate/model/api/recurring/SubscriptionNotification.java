package io.paygate.model.api.recurring;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import jakarta.validation.constraints.Size;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The {@code subscription} notification POSTed to the first payment's {@code url.callbackUrl} on every change of a
 * subscription's state (docs/contract.md §1b, §6). {@code signature} as in the payment notification: HMAC-SHA512 hex
 * over the RFC 8785 form of the body without {@code signature}; build with {@code null} and sign the JSON.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "Subscription notification sent to the first payment's callbackUrl")
public record SubscriptionNotification(
        @Schema(description = "The subscription, as GET /pg/payment/card/recurring/{recurringId} shows it",
                required = true) SubscriptionView recurring,
        @Schema(description = "The subscribing customer", required = true) CustomerRef customer,
        @Schema(description = "HMAC-SHA512, lowercase hex, over the RFC 8785 form without signature",
                required = true, minLength = 128, maxLength = 128)
        @Size(min = 128, max = 128) String signature) {

    /** The same notification with {@code signature} set. */
    public SubscriptionNotification withSignature(String value) {
        return new SubscriptionNotification(recurring, customer, value);
    }
}

package io.paygate.model.api.link;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import jakarta.validation.constraints.Size;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The {@code payment-link} notification POSTed to the link's {@code url.callbackUrl} on every change of its status
 * (docs/contract.md §6, §11). {@code signature} as in the payment notification: HMAC-SHA512 hex over the RFC 8785 form
 * of the body without {@code signature}; build with {@code null} and sign the JSON.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "Payment link notification sent to the link's callbackUrl")
public record PaymentLinkNotification(
        @Schema(description = "The link after the change", required = true) PaymentLinkState link,
        @Schema(description = "HMAC-SHA512, lowercase hex, over the RFC 8785 form without signature",
                required = true, minLength = 128, maxLength = 128)
        @Size(min = 128, max = 128) String signature) {

    /** The same notification with {@code signature} set. */
    public PaymentLinkNotification withSignature(String value) {
        return new PaymentLinkNotification(link, value);
    }
}

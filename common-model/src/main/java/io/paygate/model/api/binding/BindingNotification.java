package io.paygate.model.api.binding;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.paygate.model.api.Customer;
import jakarta.validation.constraints.Size;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The binding notification POSTed to the merchant's {@code bindingCallbackUrl} on ACTIVE, FAILED and UNBOUND
 * (docs/contract.md §6). {@code signature} as in the payment notification: HMAC-SHA512 hex over the RFC 8785 form of
 * the body without {@code signature}; build with {@code null} and sign the JSON.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "Binding notification sent to the merchant's bindingCallbackUrl")
public record BindingNotification(
        @Schema(description = "Binding", required = true) BindingSummary binding,
        @Schema(description = "Customer as given when binding", required = true) Customer customer,
        @Schema(description = "HMAC-SHA512, lowercase hex, over the RFC 8785 form without signature",
                required = true, minLength = 128, maxLength = 128)
        @Size(min = 128, max = 128) String signature) {

    /** The same notification with {@code signature} set. */
    public BindingNotification withSignature(String value) {
        return new BindingNotification(binding, customer, value);
    }
}

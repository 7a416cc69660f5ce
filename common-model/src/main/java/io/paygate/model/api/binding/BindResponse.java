package io.paygate.model.api.binding;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.paygate.model.error.ResponseCode;
import io.paygate.model.status.BindingStatus;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Reply 200 of the bind request and of {@code GET /pg/payment/card/directdebit/bind/{bindingId}}
 * (docs/contract.md §4). {@code expiresAt} is ISO-8601 with offset.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "Direct-debit binding reply")
public record BindResponse(
        @Schema(description = "2000000", required = true) String responseCode,
        @Schema(description = "Success", required = true) String responseMessage,
        @Schema(description = "Binding id") String bindingId,
        @Schema(description = "PENDING on creation") BindingStatus status,
        @Schema(description = "Sandbox bank page where the customer approves with OTP") String authorizationUrl,
        @Schema(description = "Until when the binding can be approved, ISO-8601 with offset",
                examples = "2026-11-21T10:30:30+07:00") String expiresAt) {

    public static BindResponse success(String bindingId, BindingStatus status, String authorizationUrl,
                                       String expiresAt) {
        return new BindResponse(ResponseCode.SUCCESS_CODE, ResponseCode.SUCCESS_MESSAGE, bindingId, status,
                authorizationUrl, expiresAt);
    }
}

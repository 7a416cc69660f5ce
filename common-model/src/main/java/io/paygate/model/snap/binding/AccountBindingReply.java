package io.paygate.model.snap.binding;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.paygate.model.snap.SnapReply;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Reply {@code 2000700} of {@code POST /v1.0/registration-account-binding} (docs/contract.md §9): {@code referenceNo} is
 * the binding's id (the {@code bankCardToken} of a later direct debit), {@code redirectUrl} the bank page where the
 * customer approves while it is PENDING, {@code accountToken} the same id once it is ACTIVE.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "SNAP account binding reply")
public record AccountBindingReply(
        @Schema(examples = "2000700") String responseCode,
        @Schema(examples = "Successful") String responseMessage,
        @Schema(description = "The binding's id (bindingId)") String referenceNo,
        String partnerReferenceNo,
        @Schema(description = "The binding's id, once ACTIVE") String accountToken,
        @Schema(description = "The bank page where the customer approves, while PENDING") String redirectUrl,
        AccountBindingState additionalInfo) implements SnapReply {
}

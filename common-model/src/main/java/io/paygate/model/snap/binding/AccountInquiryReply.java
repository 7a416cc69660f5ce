package io.paygate.model.snap.binding;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.paygate.model.snap.SnapReply;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Reply {@code 2000800} of {@code POST /v1.0/registration-account-inquiry} (docs/contract.md §9): the binding's id, the
 * customer's masked phone as {@code accountNo}, the id again as {@code accountToken} once ACTIVE, the bank page while
 * PENDING, and the §4 state in {@code additionalInfo}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "SNAP account binding inquiry reply")
public record AccountInquiryReply(
        @Schema(examples = "2000800") String responseCode,
        @Schema(examples = "Successful") String responseMessage,
        String referenceNo,
        String partnerReferenceNo,
        @Schema(description = "The customer's phone, masked") String accountNo,
        String accountToken,
        String redirectUrl,
        AccountBindingState additionalInfo) implements SnapReply {
}

package io.paygate.model.snap.binding;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import jakarta.validation.constraints.Size;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The body of {@code POST /v1.0/registration-account-inquiry} (SNAP service 08, docs/contract.md §9): the binding is
 * named by {@code partnerReferenceNo} (the binding request's) or {@code referenceNo} (its id), one of them mandatory;
 * {@code merchantId}, when sent, must be the merchant's.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "SNAP account binding inquiry")
public record AccountInquiryRequest(
        @Schema(description = "The binding request's partnerReferenceNo", maxLength = 64)
        @Size(min = 1, max = 64) String partnerReferenceNo,
        @Schema(description = "The binding's id (referenceNo of the binding reply)", maxLength = 64)
        @Size(min = 1, max = 64) String referenceNo,
        @Schema(description = "The merchant's id (or SNAP client key)", maxLength = 64)
        @Size(min = 1, max = 64) String merchantId,
        @Schema(description = "Ignored", maxLength = 32) @Size(max = 32) String subMerchantId) {
}

package io.paygate.model.snap.binding;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The body of {@code POST /v1.0/registration-account-unbinding} (SNAP service 09, docs/contract.md §9): the binding is
 * named by {@code referenceNo} (its id) or {@code partnerReferenceNo} (the binding request's), one of them mandatory.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "SNAP account unbinding")
public record AccountUnbindingRequest(
        @Schema(description = "The merchant's id (or SNAP client key)", required = true, maxLength = 64)
        @NotBlank @Size(max = 64) String merchantId,
        @Schema(description = "The binding's id", maxLength = 64) @Size(min = 1, max = 64) String referenceNo,
        @Schema(description = "The binding request's partnerReferenceNo", maxLength = 64)
        @Size(min = 1, max = 64) String partnerReferenceNo,
        @Schema(description = "Ignored", maxLength = 32) @Size(max = 32) String subMerchantId) {
}

package io.paygate.model.snap.transfer;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import jakarta.validation.constraints.Size;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The body of {@code POST /v1.0/transfer/status} (SNAP service 36, docs/contract.md §9): the transfer made through
 * {@code /v1.0/transfer-interbank} named by {@code originalPartnerReferenceNo} (its {@code partnerReferenceNo}) or
 * {@code originalReferenceNo} (its {@code referenceNo}); both must name the same one. {@code serviceCode}, when sent, is
 * {@code 18}; {@code originalExternalId}, {@code transactionDate} and {@code additionalInfo} are accepted and not used.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "SNAP transfer status request")
public record TransferStatusRequest(
        @Schema(description = "transfer-interbank's partnerReferenceNo", maxLength = 64)
        @Size(min = 1, max = 64) String originalPartnerReferenceNo,
        @Schema(description = "transfer-interbank's referenceNo", maxLength = 64)
        @Size(min = 1, max = 64) String originalReferenceNo,
        @Schema(description = "Accepted, not used", maxLength = 36) @Size(max = 36) String originalExternalId,
        @Schema(description = "The original service's code: 18", maxLength = 2) @Size(max = 2) String serviceCode,
        @Schema(description = "Accepted, not used", maxLength = 35) @Size(max = 35) String transactionDate) {
}

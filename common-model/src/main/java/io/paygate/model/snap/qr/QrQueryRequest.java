package io.paygate.model.snap.qr;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import jakarta.validation.constraints.Size;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The body of {@code POST /v1.0/qr/qr-mpm-query} (51) and {@code /v1.0/qr/qr-mpm-cancel} (77), docs/contract.md §9:
 * the QRIS payment is named by {@code originalPartnerReferenceNo} (generate's {@code partnerReferenceNo}),
 * {@code originalReferenceNo} (generate's {@code referenceNo}) or {@code originalExternalId} (generate's
 * {@code X-EXTERNAL-ID}); all those sent must name the same one. The body of direct debit's status (55) and cancel
 * (57) too. {@code serviceCode} ({@code 47}, {@code 54}) and the store ids are accepted and not checked;
 * {@code reason} is the cancellation's.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "SNAP QRIS MPM query or cancel request")
public record QrQueryRequest(
        @Schema(description = "generate's partnerReferenceNo", maxLength = 64)
        @Size(min = 1, max = 64) String originalPartnerReferenceNo,
        @Schema(description = "generate's referenceNo", maxLength = 64)
        @Size(min = 1, max = 64) String originalReferenceNo,
        @Schema(description = "The X-EXTERNAL-ID of the payment request that made it", maxLength = 36)
        @Size(min = 1, max = 36) String originalExternalId,
        @Schema(description = "The original service's code (47)", maxLength = 2) @Size(max = 2) String serviceCode,
        @Schema(description = "The merchant's id or SNAP client key (when sent)", maxLength = 64)
        @Size(min = 1, max = 64) String merchantId,
        @Schema(description = "Ignored", maxLength = 32) @Size(max = 32) String subMerchantId,
        @Schema(description = "Ignored", maxLength = 64) @Size(max = 64) String externalStoreId,
        @Schema(description = "Why (cancel)", maxLength = 255) @Size(max = 255) String reason) {
}

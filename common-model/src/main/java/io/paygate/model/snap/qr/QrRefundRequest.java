package io.paygate.model.snap.qr;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.paygate.model.api.Patterns;
import io.paygate.model.snap.SnapAmount;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The body of {@code POST /v1.0/qr/qr-mpm-refund} (SNAP service 78, docs/contract.md §9): the payment named as in
 * {@link QrQueryRequest}; the refund's id is {@code partnerRefundNo} (the request's {@code X-EXTERNAL-ID} when absent),
 * its amount {@code refundAmount} (what is left to refund when absent).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "SNAP QRIS MPM refund request")
public record QrRefundRequest(
        @Schema(description = "generate's partnerReferenceNo", maxLength = 64)
        @Size(min = 1, max = 64) String originalPartnerReferenceNo,
        @Schema(description = "generate's referenceNo", maxLength = 64)
        @Size(min = 1, max = 64) String originalReferenceNo,
        @Schema(description = "The X-EXTERNAL-ID of the payment request that made it", maxLength = 36)
        @Size(min = 1, max = 36) String originalExternalId,
        @Schema(description = "The refund's id, unique per merchant (default: X-EXTERNAL-ID)",
                pattern = Patterns.ORDER_ID)
        @Pattern(regexp = Patterns.ORDER_ID) String partnerRefundNo,
        @Schema(description = "How much (IDR); default what is left") @Valid SnapAmount refundAmount,
        @Schema(description = "Why", maxLength = 255) @Size(max = 255) String reason,
        @Schema(description = "The merchant's id or SNAP client key (when sent)", maxLength = 64)
        @Size(min = 1, max = 64) String merchantId,
        @Schema(description = "Ignored", maxLength = 32) @Size(max = 32) String subMerchantId,
        @Schema(description = "Ignored", maxLength = 64) @Size(max = 64) String externalStoreId) {
}

package io.paygate.model.snap.qr;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.paygate.model.api.Patterns;
import io.paygate.model.snap.SnapAmount;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The body of {@code POST /v1.0/qr/qr-mpm-generate} (SNAP service 47, docs/contract.md §9): a dynamic QRIS of
 * {@code amount}; {@code partnerReferenceNo} is the payment's order id. {@code validityPeriod} may shorten the QR's
 * lifetime (never lengthen it). {@code feeAmount}, {@code subMerchantId}, {@code storeId}, {@code terminalId} and
 * {@code additionalInfo} are accepted and not used (the ids are echoed); unknown members are ignored.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "SNAP QRIS MPM generate request")
public record QrGenerateRequest(
        @Schema(description = "The merchant's reference: the payment's order id", required = true,
                pattern = Patterns.ORDER_ID)
        @NotBlank @Pattern(regexp = Patterns.ORDER_ID) String partnerReferenceNo,
        @Schema(description = "The amount to pay (IDR)", required = true)
        @NotNull @Valid SnapAmount amount,
        @Schema(description = "Accepted, not used") @Valid SnapAmount feeAmount,
        @Schema(description = "The merchant's id or SNAP client key", required = true, maxLength = 64)
        @NotBlank @Size(max = 64) String merchantId,
        @Schema(description = "Ignored", maxLength = 32) @Size(max = 32) String subMerchantId,
        @Schema(description = "Echoed", maxLength = 64) @Size(max = 64) String storeId,
        @Schema(description = "Echoed", maxLength = 16) @Size(max = 16) String terminalId,
        @Schema(description = "Until when the QR may be paid (ISO-8601)", maxLength = 35,
                examples = "2026-11-21T10:30:30+07:00")
        @Size(max = 35) String validityPeriod) {
}

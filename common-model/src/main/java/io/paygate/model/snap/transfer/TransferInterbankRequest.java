package io.paygate.model.snap.transfer;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.model.api.Patterns;
import io.paygate.model.snap.SnapAmount;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.util.List;

/**
 * The body of {@code POST /v1.0/transfer-interbank} (SNAP service 18, docs/contract.md §9): a §5 transfer of
 * {@code amount} to the beneficiary account, named by {@code partnerReferenceNo} (§5's, unique per merchant). The
 * standard's lengths hold where the §5 transfer can keep them (bank code 8, a BIC such as {@code CENAIDJA}); where §5
 * keeps less (name 64, as its notification carries it) §5's do. {@code additionalInfo.remark} is the transfer's §5
 * {@code notes}; {@code sourceAccountNo} is kept and answered; {@code transactionDate} must be a time and is not used
 * (the transfer's own is when it was made); the beneficiary's address, bank name and e-mail,
 * {@code customerReference} and {@code originatorInfos} are accepted when they fit and not used. Unknown members are
 * ignored.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "SNAP interbank transfer request")
public record TransferInterbankRequest(
        @Schema(description = "The merchant's transfer id (docs/contract.md §5)", required = true,
                pattern = Patterns.ORDER_ID)
        @NotBlank @Pattern(regexp = Patterns.ORDER_ID) String partnerReferenceNo,
        @Schema(description = "The amount to transfer (IDR)", required = true) @NotNull @Valid SnapAmount amount,
        @Schema(description = "Beneficiary account name (§5: at most 64)", required = true, maxLength = 64)
        @NotBlank @Size(max = 64) String beneficiaryAccountName,
        @Schema(description = "Beneficiary account number", required = true, maxLength = 34)
        @NotBlank @Size(max = 34) String beneficiaryAccountNo,
        @Schema(description = "Accepted, not used", maxLength = 100) @Size(max = 100) String beneficiaryAddress,
        @Schema(description = "Beneficiary bank code, or its BIC (CENAIDJA)", required = true, maxLength = 8)
        @NotBlank @Size(max = 8) String beneficiaryBankCode,
        @Schema(description = "Accepted, not used", maxLength = 50) @Size(max = 50) String beneficiaryBankName,
        @Schema(description = "Accepted, not used", maxLength = 50) @Size(max = 50) String beneficiaryEmail,
        @Schema(description = "IDR when sent", maxLength = 3) @Size(max = 3) String currency,
        @Schema(description = "Accepted, not used", maxLength = 20) @Size(max = 20) String customerReference,
        @Schema(description = "The merchant's source account: kept and answered", required = true, maxLength = 19)
        @NotBlank @Size(max = 19) String sourceAccountNo,
        @Schema(description = "ISO-8601 with an offset or Z: checked, not used", required = true, maxLength = 35,
                examples = "2026-11-21T10:15:30+07:00")
        @NotBlank @Size(max = 35) String transactionDate,
        @Schema(description = "Accepted, not used") List<JsonNode> originatorInfos,
        @Schema(description = "remark: the transfer's notes") Info additionalInfo) {

    /** The members of {@code additionalInfo} paygate reads; the others are ignored. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Info(
            @Schema(description = "The transfer's notes (docs/contract.md §5)") String remark) {
    }
}

package io.paygate.model.api.disbursement;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.paygate.model.api.Patterns;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Body of {@code POST /pg/disbursement/transfer} (docs/contract.md §5). Mandatory: partnerReferenceNo (1–64 of
 * {@code [A-Za-z0-9._-]} as {@code order.id}, unique per merchant: no line break to forge a log line, no {@code /} that
 * the status path could never look up), beneficiaryBankCode (1–8: a bank code or a BIC such as {@code CENAIDJA}),
 * beneficiaryAccountName (1–64), beneficiaryAccountNo (1–64),
 * amount {value, currency}; additionalInfo {notes} optional.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "Disbursement transfer request")
public record TransferRequest(
        @Schema(description = "Merchant's transfer id, unique per merchant: 1-64 of [A-Za-z0-9._-], as order.id",
                required = true, minLength = 1, maxLength = 64, pattern = Patterns.ORDER_ID,
                examples = "TRF-20261121-0001")
        @NotBlank @Pattern(regexp = Patterns.ORDER_ID) String partnerReferenceNo,
        @Schema(description = "Beneficiary bank code, or its BIC (CENAIDJA)", required = true, minLength = 1,
                maxLength = 8, examples = "014")
        @NotBlank @Size(max = 8) String beneficiaryBankCode,
        @Schema(description = "Beneficiary account name", required = true, minLength = 1, maxLength = 64)
        @NotBlank @Size(max = 64) String beneficiaryAccountName,
        @Schema(description = "Beneficiary account number", required = true, minLength = 1, maxLength = 64,
                examples = "1234567890")
        @NotBlank @Size(max = 64) String beneficiaryAccountNo,
        @Schema(description = "Amount", required = true) @NotNull @Valid TransferAmount amount,
        @Schema(description = "Additional information") @Valid AdditionalInfo additionalInfo) {
}

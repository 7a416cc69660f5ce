package io.paygate.model.api.disbursement;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.paygate.model.status.DisbursementStatus;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The disbursement notification POSTed to the merchant's {@code disbursementCallbackUrl} on every transition
 * (seed §4; docs/contract.md §6), with the sample's spelling {@code beneficiaryBankCode} and
 * {@code originalPartnerReferenceNo}. It has no body signature: its signature is the {@code X-SIGNATURE}
 * header (and the Standard Webhooks headers).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "Disbursement notification sent to the merchant's disbursementCallbackUrl")
public record DisbursementNotification(
        @Schema(description = "When the transfer was created, ISO-8601", maxLength = 50) String transactionDate,
        @Schema(description = "When this status was reached, ISO-8601", required = true, maxLength = 50)
        String transferDateTime,
        @Schema(description = "Gateway transfer id (referenceNo)", required = true, maxLength = 64)
        String originalReferenceNo,
        @Schema(description = "Merchant's transfer id (partnerReferenceNo)", maxLength = 64)
        String originalPartnerReferenceNo,
        @Schema(description = "Beneficiary bank code, or its BIC", required = true, maxLength = 8)
        String beneficiaryBankCode,
        @Schema(description = "Beneficiary account name", required = true, maxLength = 64) String beneficiaryAccountName,
        @Schema(description = "Beneficiary account number", required = true, maxLength = 64) String beneficiaryAccountNo,
        @Schema(description = "Amount") TransferAmount amount,
        @Schema(description = "Status code 00-06", required = true, type = SchemaType.STRING, examples = "00")
        DisbursementStatus latestTransactionStatus,
        @Schema(description = "automatic or manual", required = true, type = SchemaType.STRING,
                enumeration = {"automatic", "manual"}) TriggerType triggerType,
        @Schema(description = "Additional information") AdditionalInfo additionalInfo) {
}

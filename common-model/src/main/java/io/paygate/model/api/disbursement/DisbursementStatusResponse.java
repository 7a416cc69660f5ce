package io.paygate.model.api.disbursement;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.paygate.model.error.ErrorCase;
import io.paygate.model.error.ResponseCode;
import io.paygate.model.error.ServiceCode;
import io.paygate.model.status.DisbursementStatus;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Reply of {@code GET /pg/disbursement/status/{partnerReferenceNo}} (docs/contract.md §5): the transfer's fields
 * (request names, plus {@code referenceNo} and {@code transactionDate}) and {@code latestTransactionStatus};
 * {@code transferDateTime} once the status changed. Unknown transfer: HTTP 404, {@code 4040501},
 * {@code latestTransactionStatus} {@code "07"} ({@link #notFound()}).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "Disbursement status reply")
public record DisbursementStatusResponse(
        @Schema(description = "2000000, or 4040501 when unknown", required = true) String responseCode,
        @Schema(description = "Success, or Transaction Not Found", required = true) String responseMessage,
        @Schema(description = "Gateway transfer id") String referenceNo,
        @Schema(description = "Merchant's transfer id") String partnerReferenceNo,
        @Schema(description = "Beneficiary bank code") String beneficiaryBankCode,
        @Schema(description = "Beneficiary account name") String beneficiaryAccountName,
        @Schema(description = "Beneficiary account number") String beneficiaryAccountNo,
        @Schema(description = "Amount") TransferAmount amount,
        @Schema(description = "Additional information") AdditionalInfo additionalInfo,
        @Schema(description = "Status code 00-07", required = true, type = SchemaType.STRING, examples = "02")
        DisbursementStatus latestTransactionStatus,
        @Schema(description = "When the transfer was created, ISO-8601") String transactionDate,
        @Schema(description = "When the latest status was reached, ISO-8601") String transferDateTime) {

    /** The same transfer as a list item (docs/contract.md §3b): without responseCode and responseMessage. */
    public DisbursementStatusResponse asItem() {
        return new DisbursementStatusResponse(null, null, referenceNo, partnerReferenceNo, beneficiaryBankCode,
                beneficiaryAccountName, beneficiaryAccountNo, amount, additionalInfo, latestTransactionStatus,
                transactionDate, transferDateTime);
    }

    /** The 404 body: {@code 4040501 Transaction Not Found}, {@code latestTransactionStatus "07"}. */
    public static DisbursementStatusResponse notFound() {
        ResponseCode code = ResponseCode.of(ServiceCode.DISBURSEMENT_STATUS, ErrorCase.NOT_FOUND);
        return new DisbursementStatusResponse(code.code(), code.message(), null, null, null, null, null, null, null,
                DisbursementStatus.NOT_FOUND, null, null);
    }
}

package io.paygate.model.api.disbursement;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.paygate.model.error.ResponseCode;
import io.paygate.model.status.DisbursementStatus;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Reply 200 of the transfer (docs/contract.md §5): {@code referenceNo} (the gateway's id, later
 * {@code originalReferenceNo}), {@code partnerReferenceNo}, {@code latestTransactionStatus} {@code "01"},
 * {@code transactionDate} (ISO-8601 with offset).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "Disbursement transfer reply")
public record TransferResponse(
        @Schema(description = "2000000", required = true) String responseCode,
        @Schema(description = "Success", required = true) String responseMessage,
        @Schema(description = "Gateway transfer id (originalReferenceNo in notifications)") String referenceNo,
        @Schema(description = "Merchant's transfer id") String partnerReferenceNo,
        @Schema(description = "Status code, 01 on creation", type = SchemaType.STRING,
                examples = "01") DisbursementStatus latestTransactionStatus,
        @Schema(description = "ISO-8601 with offset", examples = "2026-11-21T10:15:30+07:00") String transactionDate) {

    public static TransferResponse success(String referenceNo, String partnerReferenceNo, DisbursementStatus status,
                                           String transactionDate) {
        return new TransferResponse(ResponseCode.SUCCESS_CODE, ResponseCode.SUCCESS_MESSAGE, referenceNo,
                partnerReferenceNo, status, transactionDate);
    }
}

package io.paygate.model.snap.transfer;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.paygate.model.snap.SnapAmount;
import io.paygate.model.snap.SnapReply;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Reply {@code 2003600} of {@code POST /v1.0/transfer/status} (docs/contract.md §9): {@code latestTransactionStatus}
 * is the transfer's §5 code ({@code 00} success, {@code 01} initiated, {@code 02} paying, {@code 03} pending,
 * {@code 04} refunded, {@code 05} cancelled, {@code 06} failed), {@code transactionStatusDesc} its meaning.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "SNAP transfer status reply")
public record TransferStatusReply(
        @Schema(examples = "2003600") String responseCode,
        @Schema(examples = "Successful") String responseMessage,
        String originalReferenceNo,
        String originalPartnerReferenceNo,
        @Schema(examples = "18") String serviceCode,
        @Schema(description = "When the transfer was made (ISO-8601)") String transactionDate,
        SnapAmount amount,
        String beneficiaryAccountNo,
        String beneficiaryBankCode,
        String sourceAccountNo,
        @Schema(examples = "00") String latestTransactionStatus,
        @Schema(examples = "Success") String transactionStatusDesc) {
}

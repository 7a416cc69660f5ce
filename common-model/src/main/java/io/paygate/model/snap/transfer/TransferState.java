package io.paygate.model.snap.transfer;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** paygate's {@code additionalInfo} of a transfer: its §5 status when answered and when it was made. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "paygate's additional information")
public record TransferState(
        @Schema(description = "docs/contract.md §5's code", examples = "01") String latestTransactionStatus,
        @Schema(examples = "Initiated") String transactionStatusDesc,
        @Schema(description = "When the transfer was made (ISO-8601)") String transactionDate) {
}

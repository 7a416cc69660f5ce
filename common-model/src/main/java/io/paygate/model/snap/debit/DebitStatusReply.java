package io.paygate.model.snap.debit;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.paygate.model.snap.SnapAmount;
import io.paygate.model.snap.SnapReply;
import io.paygate.model.snap.qr.QrState;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Reply {@code 2005500} of {@code POST /v1.0/debit/status} (docs/contract.md §9). */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "SNAP direct debit status reply")
public record DebitStatusReply(
        @Schema(examples = "2005500") String responseCode,
        @Schema(examples = "Successful") String responseMessage,
        String originalReferenceNo,
        String originalPartnerReferenceNo,
        @Schema(examples = "54") String serviceCode,
        @Schema(examples = "00") String latestTransactionStatus,
        @Schema(examples = "CAPTURED") String transactionStatusDesc,
        String paidTime,
        SnapAmount transAmount,
        QrState additionalInfo) implements SnapReply {
}

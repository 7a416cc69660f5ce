package io.paygate.model.snap.qr;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.paygate.model.snap.SnapAmount;
import io.paygate.model.snap.SnapReply;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Reply {@code 2005100} of {@code POST /v1.0/qr/qr-mpm-query} (docs/contract.md §9): {@code latestTransactionStatus}
 * {@code 00} paid, {@code 01} initiated, {@code 03} pending, {@code 04} refunded, {@code 05} cancelled, {@code 06}
 * failed or expired; {@code transactionStatusDesc} the §2 state.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "SNAP QRIS MPM query reply")
public record QrQueryReply(
        @Schema(examples = "2005100") String responseCode,
        @Schema(examples = "Successful") String responseMessage,
        String originalReferenceNo,
        String originalPartnerReferenceNo,
        @Schema(examples = "47") String serviceCode,
        @Schema(examples = "00") String latestTransactionStatus,
        @Schema(examples = "CAPTURED") String transactionStatusDesc,
        String paidTime,
        SnapAmount amount,
        QrState additionalInfo) implements SnapReply {
}

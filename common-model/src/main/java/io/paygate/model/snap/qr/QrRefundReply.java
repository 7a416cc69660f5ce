package io.paygate.model.snap.qr;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.paygate.model.snap.SnapAmount;
import io.paygate.model.snap.SnapReply;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Reply {@code 2007800} (refund succeeded) or {@code 2027800} (still with the provider) of
 * {@code POST /v1.0/qr/qr-mpm-refund} (docs/contract.md §9): {@code refundNo} and {@code partnerRefundNo} are the
 * refund's id ({@code GET /pg/payment/card/refund/{refundId}}).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "SNAP QRIS MPM refund reply")
public record QrRefundReply(
        @Schema(examples = "2007800") String responseCode,
        @Schema(examples = "Successful") String responseMessage,
        String originalPartnerReferenceNo,
        String originalReferenceNo,
        String refundNo,
        String partnerRefundNo,
        SnapAmount refundAmount,
        String refundTime,
        RefundState additionalInfo) implements SnapReply {

    /** paygate's {@code additionalInfo}: the refund's §3a status and all succeeded refunds of the payment. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record RefundState(String status, SnapAmount refundedAmount) {
    }
}

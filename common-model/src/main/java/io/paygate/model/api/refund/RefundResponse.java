package io.paygate.model.api.refund;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.paygate.model.error.ResponseCode;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.math.BigDecimal;

/**
 * A refund (docs/contract.md §3a): the reply of {@code POST /pg/payment/card/refund} and
 * {@code GET /pg/payment/card/refund/{refundId}}, and an item of the refunds list (without responseCode).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "A refund")
public record RefundResponse(
        @Schema(description = "2000000 (absent in list items)", examples = "2000000") String responseCode,
        @Schema(description = "Success (absent in list items)", examples = "Success") String responseMessage,
        @Schema(description = "The merchant's refund id", examples = "RF-20261121-0001") String refundId,
        @Schema(description = "The merchant's order id", examples = "ORD-20261121-0001") String orderId,
        @Schema(description = "Amount of this refund (number)", examples = "50000.00") BigDecimal amount,
        @Schema(description = "ISO 4217 code", examples = "IDR") String currency,
        @Schema(description = "PENDING, SUCCEEDED or FAILED", examples = "SUCCEEDED") String status,
        @Schema(description = "Why it failed, when it did") String statusDesc,
        @Schema(description = "All succeeded refunds of the payment (number)", examples = "50000.00")
        BigDecimal refundedAmount,
        @Schema(description = "Why the merchant refunds", examples = "Customer returned one item") String reason,
        @Schema(description = "When it was requested, ISO 8601", examples = "2026-11-21T10:15:30+07:00")
        String createdAt) {

    /** The same refund as a success reply. */
    public RefundResponse asReply() {
        return new RefundResponse(ResponseCode.SUCCESS_CODE, ResponseCode.SUCCESS_MESSAGE, refundId, orderId, amount,
                currency, status, statusDesc, refundedAmount, reason, createdAt);
    }
}

package io.paygate.model.api.payment;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.math.BigDecimal;

/**
 * {@code result.refund} of a payment notification about a refund (docs/contract.md §3a, §6): which refund, how much, its
 * outcome, and how much of the payment has been refunded in all (succeeded refunds).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "The refund a payment notification is about")
public record RefundResult(
        @Schema(description = "The merchant's refund id", examples = "RF-20261121-0001") String refundId,
        @Schema(description = "Amount of this refund (number)", examples = "50000.00") BigDecimal amount,
        @Schema(description = "PENDING, SUCCEEDED or FAILED", examples = "SUCCEEDED") String status,
        @Schema(description = "All succeeded refunds of the payment (number)", examples = "50000.00")
        BigDecimal refundedAmount) {
}

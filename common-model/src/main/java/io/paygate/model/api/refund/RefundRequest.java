package io.paygate.model.api.refund;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.paygate.model.api.Patterns;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.math.BigDecimal;

/**
 * Body of {@code POST /pg/payment/card/refund} (docs/contract.md §3a): refund {@code amount} of the merchant's order
 * {@code orderId}, idempotent by the merchant's {@code refundId}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "Refund request")
public record RefundRequest(
        @Schema(description = "The merchant's order id of a captured payment", required = true,
                pattern = Patterns.ORDER_ID, examples = "ORD-20261121-0001")
        @NotBlank @Pattern(regexp = Patterns.ORDER_ID) String orderId,
        @Schema(description = "The merchant's id of this refund, unique per merchant", required = true,
                pattern = Patterns.ORDER_ID, examples = "RF-20261121-0001")
        @NotBlank @Pattern(regexp = Patterns.ORDER_ID) String refundId,
        @Schema(description = "Amount as a decimal string, greater than 0, at most 2 decimals; at most what is "
                + "captured and not yet refunded", required = true, pattern = Patterns.ORDER_AMOUNT,
                examples = "50000.00")
        @NotBlank @Pattern(regexp = Patterns.ORDER_AMOUNT) @DecimalMin(value = "0", inclusive = false) String amount,
        @Schema(description = "Why (free text)", maxLength = 255, examples = "Customer returned one item")
        @Size(max = 255) String reason) {

    /** {@link #amount()} as a number; call only after validation. */
    public BigDecimal amountValue() {
        return new BigDecimal(amount);
    }
}

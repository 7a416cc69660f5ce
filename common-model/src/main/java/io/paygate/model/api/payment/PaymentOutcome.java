package io.paygate.model.api.payment;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.paygate.model.status.PaymentStatus;
import java.math.BigDecimal;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * {@code result.payment} (seed §3): {@code amount} (number), {@code status} and {@code statusDesc}, which is
 * "string or null" and therefore always written, as {@code null} when there is no description (e.g. on
 * {@code CAPTURED}).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "Payment outcome")
public record PaymentOutcome(
        @Schema(description = "Paid amount (number)", examples = "150000.00") BigDecimal amount,
        @Schema(description = "CAPTURED, FAILED or EXPIRED (status inquiry: also PENDING, PROCESSING)",
                examples = "CAPTURED") PaymentStatus status,
        @Schema(description = "Reason of a failure, else null", nullable = true, examples = "Card declined")
        @JsonInclude(JsonInclude.Include.ALWAYS) String statusDesc) {
}

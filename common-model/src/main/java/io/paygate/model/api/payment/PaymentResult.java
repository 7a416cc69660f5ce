package io.paygate.model.api.payment;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.paygate.model.status.PaymentStatus;
import java.math.BigDecimal;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The {@code result} object of the payment notification and the status reply (seed §3): the payment, and the refund
 * a notification is about (docs/contract.md §3a).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "Result of the payment")
public record PaymentResult(@Schema(description = "Payment outcome") PaymentOutcome payment,
                            @Schema(description = "The refund a notification is about (refund outcomes only)")
                            RefundResult refund) {

    public static PaymentResult of(BigDecimal amount, PaymentStatus status, String statusDesc) {
        return new PaymentResult(new PaymentOutcome(amount, status, statusDesc), null);
    }

    public static PaymentResult of(BigDecimal amount, PaymentStatus status, String statusDesc, RefundResult refund) {
        return new PaymentResult(new PaymentOutcome(amount, status, statusDesc), refund);
    }
}

package io.paygate.model.api.payment;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * {@code link} in the notification of a payment started from a payment link (docs/contract.md §11): which link it
 * belongs to. Absent for every other payment.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "The payment link a payment was started from")
public record PaymentLinkRef(
        @Schema(description = "The merchant's link.id", required = true, examples = "SPRING-SALE-01") String id,
        @Schema(description = "The code in the link page's address", required = true,
                examples = "PL7Q2M8X1B7D3H5F0T") String linkCode) {
}

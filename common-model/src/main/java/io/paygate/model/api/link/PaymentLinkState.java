package io.paygate.model.api.link;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.math.BigDecimal;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * {@code link} in the {@code payment-link} notification (docs/contract.md §6, §11): the link's status after the change
 * and what its captured payments add up to, as {@code GET /pg/payment-links/{id}} shows them.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "A payment link's state after a change of its status")
public record PaymentLinkState(
        @Schema(description = "The merchant's link.id", required = true, examples = "SPRING-SALE-01") String id,
        @Schema(description = "The code in the link page's address", required = true,
                examples = "PL7Q2M8X1B7D3H5F0T") String linkCode,
        @Schema(description = "PAID (usageLimit payments captured), EXPIRED or INACTIVE", required = true,
                examples = "PAID") String status,
        @Schema(description = "Captured payments", required = true, examples = "1") int paymentCount,
        @Schema(description = "Sum of the captured payments' amounts", required = true, examples = "150000.00")
        BigDecimal amountCollected) {
}

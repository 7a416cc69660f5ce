package io.paygate.model.api.link;

import java.math.BigDecimal;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** One payment started from a link (docs/contract.md §11). */
@Schema(description = "A payment of the link")
public record LinkPayment(
        @Schema(description = "<link.id>-<n>", examples = "POSTER-2026-11-1") String orderId,
        @Schema(description = "The payment's status (docs/contract.md §3)", examples = "CAPTURED") String status,
        @Schema(description = "Amount", examples = "150000.00") BigDecimal amount) {
}

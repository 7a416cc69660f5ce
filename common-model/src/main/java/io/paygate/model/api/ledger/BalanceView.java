package io.paygate.model.api.ledger;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** {@code GET /pg/balance} (docs/contract.md §12): the merchant's balances, §1 amount strings. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "The merchant's balance")
public record BalanceView(
        @Schema(examples = "2000000") String responseCode,
        @Schema(examples = "Success") String responseMessage,
        @Schema(description = "Settled, free to pay out", examples = "1000000000.00") String available,
        @Schema(description = "Captured, not yet settled", examples = "95360.00") String pending,
        @Schema(description = "Held for payouts in flight", examples = "155000.00") String held,
        @Schema(examples = "IDR") String currency) {
}

package io.paygate.model.api.ledger;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** One settlement (docs/contract.md §12): a merchant's captures moved from pending to available on a day. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "A settlement")
public record SettlementView(
        String settlementId,
        @Schema(description = "YYYY-MM-DD", examples = "2026-11-22") String date,
        @Schema(description = "Captures settled") int count,
        String gross,
        String fees,
        String vat,
        @Schema(description = "gross − fees − VAT") String net) {
}

package io.paygate.model.api.ledger;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** One line of the merchant's ledger (docs/contract.md §12). */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "A transaction of the merchant's balance")
public record LedgerTransaction(
        @Schema(examples = "1042") String id,
        @Schema(description = "CAPTURE, FEE, VAT, REFUND, DISBURSEMENT, SETTLEMENT or ADJUSTMENT") String type,
        @Schema(description = "Order id, refund id, partnerReferenceNo or settlement id") String reference,
        @Schema(description = "pending, available or held") String account,
        @Schema(description = "Signed", examples = "-4000.00") String amount,
        String balanceAfter,
        @Schema(description = "ISO-8601 with offset, gateway.timezone") String at) {
}

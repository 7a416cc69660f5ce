package io.paygate.model.api.ledger;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.util.List;

/**
 * One money fact of a day as payment-service recorded it ({@code GET /internal/ledger-facts}, internal API): what
 * ledger-service's daily reconciliation compares with its ledger (docs/contract.md §12).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "A capture, succeeded refund or successful transfer (internal API, for the reconciliation)")
public record LedgerFact(
        @Schema(description = "paymentCode (CAPTURE), refundId (REFUND) or referenceNo (DISBURSEMENT)") String reference,
        @Schema(description = "Merchant id") String merchantId,
        @Schema(description = "CAPTURE, REFUND or DISBURSEMENT") Kind kind,
        @Schema(description = "The captured, refunded or transferred amount, two decimals", examples = "150000.00")
        String amount,
        @Schema(description = "When, ISO-8601 in gateway.timezone with its offset", examples = "2026-11-21T10:15:30+07:00")
        String at) {

    /** What moved money. */
    public enum Kind { CAPTURE, REFUND, DISBURSEMENT }

    /** One page of a day's facts, oldest first; {@code nextCursor} is absent on the last page. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonIgnoreProperties(ignoreUnknown = true)
    @Schema(description = "A page of a day's facts, oldest first")
    public record FactPage(
            @Schema(description = "The facts, oldest first") List<LedgerFact> facts,
            @Schema(description = "Opaque; pass as cursor for the next page; absent on the last page") String nextCursor) {
    }
}

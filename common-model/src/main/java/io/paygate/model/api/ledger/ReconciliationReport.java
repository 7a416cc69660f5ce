package io.paygate.model.api.ledger;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.util.List;

/**
 * {@code GET /admin/reconciliation?date=} (operator, ledger-service; docs/contract.md §12): payment-service's captures,
 * succeeded refunds and paid transfers of a day against the ledger's postings of them; {@code differences} is empty
 * when both agree.
 */
@Schema(description = "A day's reconciliation of payment-service's money facts with the ledger")
public record ReconciliationReport(
        @Schema(examples = "2000000") String responseCode,
        @Schema(examples = "Success") String responseMessage,
        @Schema(description = "YYYY-MM-DD in gateway.timezone", examples = "2026-11-21") String date,
        @Schema(description = "Every fact missing on one side or with another amount; empty when healthy")
        List<Difference> differences) {

    /** One reference the two sides disagree on; an amount is null on the side that does not have it. */
    @Schema(description = "A reference missing on one side, or with two amounts")
    public record Difference(
            @Schema(description = "paymentCode (CAPTURE), refundId (REFUND) or referenceNo (DISBURSEMENT)")
            String reference,
            @Schema(description = "CAPTURE, REFUND or DISBURSEMENT") LedgerFact.Kind kind,
            @Schema(description = "The merchant", examples = "demo") String merchantId,
            @Schema(description = "payment-service's amount; null when it has no such fact that day",
                    examples = "150000.00") String gateway,
            @Schema(description = "The ledger's amount; null when it posted no such fact that day",
                    examples = "150000.00") String ledger) {
    }
}

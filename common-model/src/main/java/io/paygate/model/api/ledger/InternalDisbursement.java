package io.paygate.model.api.ledger;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.paygate.model.status.DisbursementStatus;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * One transfer as payment-service tells ledger-service ({@code GET /internal/disbursements/{merchantId}/{partnerReferenceNo}},
 * internal API): what a hold that waited too long for its transfer's final state is reconciled against
 * (docs/contract.md §12). A hold whose transfer is unknown (404) was never followed by a transfer.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "A transfer (internal API, for ledger-service's hold reconciliation)")
public record InternalDisbursement(
        @Schema(description = "The gateway's transfer id") String referenceNo,
        @Schema(description = "The merchant's transfer id") String partnerReferenceNo,
        @Schema(description = "Merchant id") String merchantId,
        @Schema(description = "Amount, two decimals", examples = "150000.00") String amount,
        @Schema(description = "ISO 4217 code", examples = "IDR") String currency,
        @Schema(description = "docs/contract.md §5: 00 success, 01, 02, 03 in flight, 04 refunded, 05 cancelled, 06 failed",
                type = SchemaType.STRING, examples = "00")
        DisbursementStatus latestTransactionStatus) {
}

package io.paygate.model.api.ledger;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * ledger-service's answer to a hold (internal API, docs/contract.md §12): {@code 201} when new, {@code 200} with the same
 * body for the same key, amount and currency again. Refusals are other statuses ({@code 409} another amount or currency
 * under the key, {@code 422} not enough {@code available}), not this body.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "A payout's hold (internal API)")
public record HoldReply(
        @Schema(description = "ledger-service's id of the hold") String holdId,
        @Schema(description = "Merchant id") String merchantId,
        @Schema(description = "The merchant's transfer id") String partnerReferenceNo,
        @Schema(description = "The gateway's transfer id") String referenceNo,
        @Schema(description = "The transfer's amount", examples = "150000.00") String amount,
        @Schema(description = "The disbursement fee held with it", examples = "5000.00") String fee,
        @Schema(description = "HELD, DEBITED or RELEASED") String status,
        @Schema(description = "The merchant's available balance after the hold", examples = "999845000.00")
        String available) {
}

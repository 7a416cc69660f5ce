package io.paygate.model.api.ledger;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * A hold (201 when made, 200 when the same key was held before with the same amount and currency); {@code reason},
 * {@code available} and {@code required} on a refusal (409 {@code CONFLICT}, 422 {@code INSUFFICIENT_FUNDS}).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "A hold of a transfer, or why none was made")
public record HoldReply(
        String holdId,
        String merchantId,
        String partnerReferenceNo,
        String referenceNo,
        String amount,
        String fee,
        @Schema(description = "HELD, DEBITED or RELEASED") String status,
        @Schema(description = "The merchant's available balance after it (or now, on a refusal)") String available,
        @Schema(description = "CONFLICT or INSUFFICIENT_FUNDS on a refusal") String reason,
        @Schema(description = "amount + fee, on INSUFFICIENT_FUNDS") String required) {

    /** A hold made or found (no refusal members). */
    public HoldReply(String holdId, String merchantId, String partnerReferenceNo, String referenceNo, String amount,
                     String fee, String status, String available) {
        this(holdId, merchantId, partnerReferenceNo, referenceNo, amount, fee, status, available, null, null);
    }

    public static HoldReply refused(String reason, String available, String required) {
        return new HoldReply(null, null, null, null, null, null, null, available, reason, required);
    }
}

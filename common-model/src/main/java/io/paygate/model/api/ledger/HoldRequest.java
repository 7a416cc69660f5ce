package io.paygate.model.api.ledger;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** {@code PUT /internal/holds/{merchantId}/{partnerReferenceNo}} (ledger-service, for payment-service's transfers). */
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "A hold of a transfer's amount and its fee")
public record HoldRequest(
        @Schema(description = "The gateway's transfer id", examples = "2020102977770000000009") String referenceNo,
        @Schema(description = "§1 amount", examples = "150000.00") String amount,
        @Schema(examples = "IDR") String currency) {
}

package io.paygate.model.api.ledger;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.paygate.model.api.Patterns;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Body of ledger-service's {@code PUT /internal/holds/{merchantId}/{partnerReferenceNo}} (internal API, docs/contract.md
 * §12): payment-service asks for the funds of a new transfer before it accepts it. ledger-service adds the merchant's
 * disbursement fee and holds amount + fee out of {@code available}; the same key again with the same amount and currency
 * is the same hold.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "A payout's hold request (internal API)")
public record HoldRequest(
        @Schema(description = "The gateway's transfer id (referenceNo)", required = true, examples = "DSB3K9Q2X7M1N8P4R6T0W5Y")
        @NotBlank @Pattern(regexp = Patterns.ORDER_ID) String referenceNo,
        @Schema(description = "The transfer's amount, without the fee", required = true, pattern = Patterns.TRANSFER_AMOUNT,
                examples = "150000.00")
        @NotBlank @Pattern(regexp = Patterns.TRANSFER_AMOUNT) @DecimalMin(value = "0", inclusive = false) String amount,
        @Schema(description = "ISO 4217 code", required = true, pattern = Patterns.CURRENCY, examples = "IDR")
        @NotBlank @Pattern(regexp = Patterns.CURRENCY) String currency) {
}

package io.paygate.model.api.credential;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * A stored card as the merchant sees it (docs/contract.md §1b): the gateway's {@code tokenId} (never the provider's
 * token), the mask, the brand and the expiry. Never the card number or the CVV.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "A stored card")
public record StoredCard(
        @Schema(description = "What card.token names in a one-click payment", required = true,
                examples = "tok_7Q2M8X1B7D3H5F0T6W4K9Q2M") String tokenId,
        @Schema(description = "First six digits, then *, then the last four", required = true,
                examples = "411111******1111") String mask,
        @Schema(description = "Card network", required = true, examples = "VISA") String brand,
        @Schema(description = "Expiry month, MM", required = true, pattern = "^(0[1-9]|1[0-2])$", examples = "12")
        String expiryMonth,
        @Schema(description = "Expiry year, YYYY", required = true, pattern = "^[0-9]{4}$", examples = "2030")
        String expiryYear,
        @Schema(description = "When it was stored, ISO-8601 with the gateway time zone's offset", required = true,
                examples = "2026-11-21T10:15:30+07:00") String createdAt) {
}

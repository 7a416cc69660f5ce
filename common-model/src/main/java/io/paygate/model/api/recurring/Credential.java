package io.paygate.model.api.recurring;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * {@code recurring.credential} (docs/contract.md §1b): what the subscription's cycles are charged to, {@code kind} and
 * either the card's {@code mask} or the direct-debit {@code bindingId}. Never a card number or a provider token.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(name = "RecurringCredential", description = "What the cycles are charged to: a card (mask) or a binding "
        + "(bindingId)")
public record Credential(
        @Schema(description = "CARD or DIRECT_DEBIT", required = true) CredentialKind kind,
        @Schema(description = "CARD: the stored card's mask", examples = "411111******1111") String mask,
        @Schema(description = "DIRECT_DEBIT: the binding charged", examples = "bnd_7Q2M8X1B7D3H5F0T6W4K9Q2M")
        String bindingId) {

    public static Credential card(String mask) {
        return new Credential(CredentialKind.CARD, mask, null);
    }

    public static Credential directDebit(String bindingId) {
        return new Credential(CredentialKind.DIRECT_DEBIT, null, bindingId);
    }
}

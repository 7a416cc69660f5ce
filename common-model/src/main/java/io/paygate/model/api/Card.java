package io.paygate.model.api;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.model.validation.JsonMembers;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The card object (seed §3; 1–7 members): {@code mask} (first six digits, {@code *}, last four) and
 * {@code info}. In a notification only for card payments. Card numbers are never stored beyond this.
 * In a request (docs/contract.md §1b): {@code storedOnFile} {@code TO_BE_STORED} offers "save this card" on the page,
 * and {@code token} names the stored card a one-click payment charges.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@Schema(description = "Card: masked number and card information (1-7 members)")
public record Card(
        @Schema(description = "First six digits, then *, then the last four", examples = "411111******1111") String mask,
        @Schema(description = "Card information") @Valid CardInfo info,
        @Schema(description = "Request only: TO_BE_STORED offers the customer to save the card on the payment page "
                + "(docs/contract.md §1b)", enumeration = STORED_ON_FILE, examples = STORED_ON_FILE)
        @Pattern(regexp = "^" + STORED_ON_FILE + "$") String storedOnFile,
        @Schema(description = "Request only: the tokenId of the customer's stored card a one-click payment charges "
                + "(POST /pg/payment/card/payment)", minLength = 1, maxLength = 64, examples = "tok_7Q2M8X1B7D3H5F0T6W4K9Q2M")
        @Size(min = 1, max = 64) String token,
        @Schema(hidden = true) @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> extra) implements JsonMembers {

    public Card {
        extra = JsonMembers.copyExtra(extra);
    }

    /** The only value {@code storedOnFile} takes. */
    public static final String STORED_ON_FILE = "TO_BE_STORED";

    public Card(String mask, CardInfo info) {
        this(mask, info, null, null, Map.of());
    }

    /** Whether the request asks to offer saving the card ({@code storedOnFile} {@code TO_BE_STORED}). */
    public boolean toBeStored() {
        return STORED_ON_FILE.equals(storedOnFile);
    }

    /** The Luhn check digit test of a string of digits. */
    public static boolean luhn(String digits) {
        int sum = 0;
        boolean doubled = false;
        for (int i = digits.length() - 1; i >= 0; i--) {
            int d = digits.charAt(i) - '0';
            if (doubled) {
                d *= 2;
                if (d > 9) {
                    d -= 9;
                }
            }
            sum += d;
            doubled = !doubled;
        }
        return sum % 10 == 0;
    }

    /** The mask of a card number: first six digits, one {@code *} per hidden digit, last four. */
    public static String mask(String cardNumber) {
        String digits = cardNumber.replaceAll("[^0-9]", "");
        if (digits.length() < 10) {
            throw new IllegalArgumentException("Card number too short to mask");
        }
        return digits.substring(0, 6) + "*".repeat(digits.length() - 10) + digits.substring(digits.length() - 4);
    }

    @Override
    public int memberCount() {
        return JsonMembers.count(extra, mask, info, storedOnFile, token);
    }
}

package io.paygate.model.api;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.model.validation.JsonMembers;
import jakarta.validation.Valid;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The card object (seed §3; 1–7 members): {@code mask} (first six digits, {@code *}, last four) and
 * {@code info}. In a notification only for card payments. Card numbers are never stored beyond this.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@Schema(description = "Card: masked number and card information (1-7 members)")
public record Card(
        @Schema(description = "First six digits, then *, then the last four", examples = "411111******1111") String mask,
        @Schema(description = "Card information") @Valid CardInfo info,
        @Schema(hidden = true) @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> extra) implements JsonMembers {

    public Card {
        extra = JsonMembers.copyExtra(extra);
    }

    public Card(String mask, CardInfo info) {
        this(mask, info, Map.of());
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
        return JsonMembers.count(extra, mask, info);
    }
}

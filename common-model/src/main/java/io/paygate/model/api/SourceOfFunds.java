package io.paygate.model.api;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.model.validation.JsonMembers;
import jakarta.validation.constraints.Size;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The sourceOfFunds object of the initiation request (seed; 1–11 members; docs/contract.md §1, §2a). {@code type} preselects
 * the payment method ({@code VA_BCA}, {@code QRIS}, {@code GOPAY} …, case-insensitive, with the seed's home-market
 * aliases); {@code accountId} is the customer's wallet account (E.164 phone) for the methods that push to one
 * ({@code OVO}). Other members are kept but ignored.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@Schema(description = "Source of funds: type preselects the payment method (docs/contract.md §2a); other members are kept "
        + "but ignored")
public record SourceOfFunds(
        @Schema(description = "Payment method code (docs/contract.md §2a), case-insensitive", examples = "VA_BCA",
                maxLength = 64)
        @Size(min = 1, max = 64) String type,
        @Schema(description = "The customer's wallet account (E.164) for methods that push to it (OVO)",
                examples = "+6281234567890", maxLength = 64)
        @Size(min = 1, max = 64) String accountId,
        @Schema(hidden = true) @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> extra) implements JsonMembers {

    public SourceOfFunds {
        extra = JsonMembers.copyExtra(extra);
    }

    public static SourceOfFunds of(String type) {
        return new SourceOfFunds(type, null, Map.of());
    }

    @Override
    public int memberCount() {
        return JsonMembers.count(extra, type, accountId);
    }
}

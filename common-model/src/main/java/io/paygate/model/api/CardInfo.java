package io.paygate.model.api;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.model.validation.JsonMembers;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** {@code card.info} (seed §3): what the gateway knows about the card, never the number. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@Schema(description = "Card brand and issuer information")
public record CardInfo(
        @Schema(description = "Card brand", examples = "VISA") String brand,
        @Schema(description = "Issuing bank", examples = "SANDBOX BANK") String issuing,
        @Schema(description = "Card type", examples = "CREDIT") String type,
        @Schema(description = "Card sub-type", examples = "CLASSIC") String subType,
        @Schema(description = "Issuing country, ISO 3166-1 alpha-2", examples = "ID") String country,
        @Schema(hidden = true) @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> extra) implements JsonMembers {

    public CardInfo {
        extra = JsonMembers.copyExtra(extra);
    }

    public CardInfo(String brand, String issuing, String type, String subType, String country) {
        this(brand, issuing, type, subType, country, Map.of());
    }

    @Override
    public int memberCount() {
        return JsonMembers.count(extra, brand, issuing, type, subType, country);
    }
}

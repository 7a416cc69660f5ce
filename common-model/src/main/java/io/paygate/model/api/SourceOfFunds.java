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
 * The sourceOfFunds object (seed; 1–11 members). {@code type} names a direct-debit source (sandbox:
 * {@code BCA_DD}, {@code BRI_DD}, {@code MANDIRI_DD}, {@code BNI_DD}); optional in the initiation request,
 * mandatory when binding ({@code BindSourceOfFunds}). Other members are kept but ignored.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@Schema(description = "Source of funds: type names the direct-debit source; other members are kept but ignored")
public record SourceOfFunds(
        @Schema(description = "Direct-debit source code", examples = "BCA_DD", maxLength = 64)
        @Size(min = 1, max = 64) String type,
        @Schema(hidden = true) @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> extra) implements JsonMembers {

    public SourceOfFunds {
        extra = JsonMembers.copyExtra(extra);
    }

    public static SourceOfFunds of(String type) {
        return new SourceOfFunds(type, Map.of());
    }

    @Override
    public int memberCount() {
        return JsonMembers.count(extra, type);
    }
}

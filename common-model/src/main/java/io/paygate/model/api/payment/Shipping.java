package io.paygate.model.api.payment;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.model.validation.JsonMembers;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The {@code shipping} object of the initiation request (seed: 1-4 member(s), fields not shown). The gateway
 * keeps its members as sent and ignores them; only the member count is checked.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@Schema(description = "Shipping: 1-4 member(s), fields not defined by the interface; kept but ignored",
        additionalProperties = Schema.True.class)
public record Shipping(
        @Schema(hidden = true) @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> extra) implements JsonMembers {

    public Shipping {
        extra = JsonMembers.copyExtra(extra);
    }

    @Override
    public int memberCount() {
        return JsonMembers.count(extra);
    }
}

package io.paygate.model.api;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import io.paygate.model.validation.JsonMembers;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The meta object (seed): exactly 1 member, {@code data}, any JSON value including {@code null}. The gateway
 * keeps it as sent and echoes it in the payment notification. A JSON {@code null} is held as
 * {@link NullNode} (counted as a member); an absent {@code data} is Java {@code null}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@Schema(description = "Merchant data echoed in the notification: exactly one member, data (any JSON, may be null)")
public record Meta(
        @Schema(description = "Any JSON value, may be null") JsonNode data,
        @Schema(hidden = true) @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> extra) implements JsonMembers {

    public Meta {
        extra = JsonMembers.copyExtra(extra);
    }

    /** A meta object with {@code data}; a Java {@code null} becomes JSON {@code null}. */
    public static Meta of(JsonNode data) {
        return new Meta(data == null ? NullNode.getInstance() : data, Map.of());
    }

    @Override
    public int memberCount() {
        return JsonMembers.count(extra, data);
    }
}

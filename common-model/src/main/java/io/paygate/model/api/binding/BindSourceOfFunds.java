package io.paygate.model.api.binding;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.model.api.SourceOfFunds;
import io.paygate.model.validation.JsonMembers;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The sourceOfFunds of a bind request (seed §2): {@code type} mandatory. Whether it is one of the configured
 * direct-debit codes (sandbox {@code BCA_DD}, {@code BRI_DD}, {@code MANDIRI_DD}, {@code BNI_DD}) is checked by
 * binding-service against its configuration ({@code 400SS01 sourceOfFunds.type}).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@Schema(description = "Direct-debit source to bind")
public record BindSourceOfFunds(
        @Schema(description = "Configured direct-debit source code", required = true, maxLength = 64,
                examples = "BCA_DD")
        @NotBlank @Size(max = 64) String type,
        @Schema(hidden = true) @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> extra) implements JsonMembers {

    public BindSourceOfFunds {
        extra = JsonMembers.copyExtra(extra);
    }

    public static BindSourceOfFunds of(String type) {
        return new BindSourceOfFunds(type, Map.of());
    }

    /** The shared {@link SourceOfFunds} record with the same type. */
    public SourceOfFunds toSourceOfFunds() {
        return SourceOfFunds.of(type);
    }

    @Override
    public int memberCount() {
        return JsonMembers.count(extra, type);
    }
}

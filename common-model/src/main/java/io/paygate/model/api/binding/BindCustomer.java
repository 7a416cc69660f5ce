package io.paygate.model.api.binding;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.model.api.Customer;
import io.paygate.model.api.Patterns;
import io.paygate.model.validation.JsonMembers;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The customer of a bind request (seed §2; docs/contract.md §4): the {@link Customer} rules with <em>every</em> field
 * mandatory, {@code id} 1–64 included; 1–8 members, unknown ones kept but ignored.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@Schema(description = "Customer to bind: all five fields required")
public record BindCustomer(
        @Schema(description = "Merchant's customer id", required = true, minLength = 1, maxLength = 64,
                examples = "CUST-001")
        @NotBlank @Size(max = 64) String id,
        @Schema(description = "E-mail address", required = true, maxLength = 254)
        @NotBlank @Email(regexp = Patterns.EMAIL_DOMAIN_WITH_DOT) @Size(max = 254) String email,
        @Schema(description = "First name", required = true, minLength = 1, maxLength = 50)
        @NotBlank @Size(max = 50) String firstName,
        @Schema(description = "Last name", required = true, minLength = 1, maxLength = 50)
        @NotBlank @Size(max = 50) String lastName,
        @Schema(description = "E.164 mobile number", required = true, pattern = Patterns.E164)
        @NotBlank @Pattern(regexp = Patterns.E164) String mobilePhone,
        @Schema(hidden = true) @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> extra) implements JsonMembers {

    public BindCustomer {
        extra = JsonMembers.copyExtra(extra);
    }

    public BindCustomer(String id, String email, String firstName, String lastName, String mobilePhone) {
        this(id, email, firstName, lastName, mobilePhone, Map.of());
    }

    /** The same customer as the shared {@link Customer} record (without unknown members). */
    public Customer toCustomer() {
        return new Customer(id, email, firstName, lastName, mobilePhone);
    }

    @Override
    public int memberCount() {
        return JsonMembers.count(extra, id, email, firstName, lastName, mobilePhone);
    }
}

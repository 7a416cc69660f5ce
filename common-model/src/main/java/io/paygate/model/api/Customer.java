package io.paygate.model.api;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.model.validation.JsonMembers;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The customer object (seed; docs/contract.md §1): 1–8 members. Mandatory in the initiation request: email,
 * firstName, lastName, mobilePhone; {@code id} is optional there (1–64) and present in notifications.
 * Unknown members are kept in {@link #extra()} and ignored. Binding uses {@code BindCustomer}, where
 * {@code id} is mandatory too.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@Schema(description = "Customer: 1-8 members; unknown members are kept but ignored")
public record Customer(
        @Schema(description = "Merchant's customer id; optional here, 1-64", minLength = 1, maxLength = 64)
        @Size(min = 1, max = 64) String id,
        @Schema(description = "E-mail address", required = true, maxLength = 254, examples = "budi@example.com")
        @NotBlank @Email(regexp = Patterns.EMAIL_DOMAIN_WITH_DOT) @Size(max = 254) String email,
        @Schema(description = "First name", required = true, minLength = 1, maxLength = 50)
        @NotBlank @Size(max = 50) String firstName,
        @Schema(description = "Last name", required = true, minLength = 1, maxLength = 50)
        @NotBlank @Size(max = 50) String lastName,
        @Schema(description = "E.164 mobile number: + and country code", required = true, pattern = Patterns.E164,
                examples = "+6281234567890")
        @NotBlank @Pattern(regexp = Patterns.E164) String mobilePhone,
        @Schema(hidden = true) @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> extra) implements JsonMembers {

    public Customer {
        extra = JsonMembers.copyExtra(extra);
    }

    public Customer(String id, String email, String firstName, String lastName, String mobilePhone) {
        this(id, email, firstName, lastName, mobilePhone, Map.of());
    }

    @Override
    public int memberCount() {
        return JsonMembers.count(extra, id, email, firstName, lastName, mobilePhone);
    }
}

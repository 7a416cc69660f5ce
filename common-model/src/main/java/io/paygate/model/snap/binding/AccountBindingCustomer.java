package io.paygate.model.snap.binding;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.paygate.model.api.Patterns;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * {@code additionalData} of a SNAP account binding request: the customer of the §4 binding (docs/contract.md §9).
 * {@code userId} is the merchant's customer id (the phone number when absent); e-mail and names follow §4's rules.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "The customer to bind")
public record AccountBindingCustomer(
        @Schema(description = "The merchant's customer id; the phone number when absent", maxLength = 64)
        @Size(min = 1, max = 64) String userId,
        @Schema(description = "E-mail address", required = true, maxLength = 254)
        @NotBlank @Email(regexp = Patterns.EMAIL_DOMAIN_WITH_DOT) @Size(max = 254) String email,
        @Schema(description = "First name", required = true, maxLength = 50) @NotBlank @Size(max = 50) String firstName,
        @Schema(description = "Last name", required = true, maxLength = 50) @NotBlank @Size(max = 50) String lastName) {
}

package io.paygate.model.api.merchant;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** {@code POST /admin/merchants/{id}/suspend} (docs/contract.md §10). */
@JsonIgnoreProperties(ignoreUnknown = true)
public record SuspendRequest(
        @Schema(description = "Why (kept with the merchant and in the audit trail's change)", maxLength = 255,
                required = true, examples = "chargeback ratio over the limit")
        @NotBlank @Size(max = 255) String reason) {
}

package io.paygate.model.api.merchant;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * {@code POST /admin/merchants/{id}/snap-signing-key/rotate} (docs/contract.md §10): when the new signing key starts
 * to sign; it is published at once.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record SigningKeyRotation(
        @Schema(description = "ISO-8601 with offset, from now to 90 days ahead; absent: 7 days from now",
                examples = "2026-12-01T00:00:00+07:00")
        String activateAt) {
}

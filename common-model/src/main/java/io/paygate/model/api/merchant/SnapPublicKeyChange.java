package io.paygate.model.api.merchant;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * {@code PUT /pg/merchant/snap-public-key} (docs/contract.md §10): the merchant's new RSA public key; access-token
 * requests signed with the previous one are accepted until the grace ends.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record SnapPublicKeyChange(
        @Schema(description = "RSA public key of at least 2048 bits, PEM or base64 DER", required = true)
        @NotBlank @Size(max = 4096) String publicKey,
        @Schema(description = "Seconds the previous key is still accepted", minimum = "0", maximum = "604800",
                defaultValue = "86400")
        @Min(0) @Max(SecretRotation.MAX_GRACE_SECONDS) Integer graceSeconds) {

    public int graceOrDefault() {
        return graceSeconds == null ? SecretRotation.DEFAULT_GRACE_SECONDS : graceSeconds;
    }
}

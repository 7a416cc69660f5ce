package io.paygate.model.api.merchant;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Body of the client- and notification-secret rotations (docs/contract.md §10): how long the previous secret stays
 * valid; absent or no body: a day.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record SecretRotation(
        @Schema(description = "Seconds the previous secret is still accepted (0: ended at once)", minimum = "0",
                maximum = "604800", defaultValue = "86400")
        @Min(0) @Max(MAX_GRACE_SECONDS) Integer graceSeconds) {

    public static final int DEFAULT_GRACE_SECONDS = 86_400;
    public static final int MAX_GRACE_SECONDS = 604_800;

    /** The grace in seconds, the default when none was given. */
    public int graceOrDefault() {
        return graceSeconds == null ? DEFAULT_GRACE_SECONDS : graceSeconds;
    }

    /** The grace of a request that may have no body at all (the default then). */
    public static int graceOf(SecretRotation request) {
        return request == null ? DEFAULT_GRACE_SECONDS : request.graceOrDefault();
    }
}

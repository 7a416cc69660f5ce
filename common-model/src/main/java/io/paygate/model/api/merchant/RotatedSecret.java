package io.paygate.model.api.merchant;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.paygate.model.error.ResponseCode;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.time.Instant;

/**
 * The reply of a secret rotation (docs/contract.md §10): the new secret, shown this once, and until when the previous
 * one is still accepted (absent when it ended at once).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record RotatedSecret(
        @Schema(examples = "2000000") String responseCode,
        @Schema(examples = "Success") String responseMessage,
        @Schema(description = "The new client secret (client-secret rotation only); shown once") String clientSecret,
        @Schema(description = "The new notification secret, whsec_… (notification-secret rotation only); shown once")
        String notificationSecret,
        @Schema(description = "Until when the previous secret is accepted") Instant previousExpiresAt) {

    public static RotatedSecret client(String secret, Instant previousExpiresAt) {
        return new RotatedSecret(ResponseCode.SUCCESS_CODE, ResponseCode.SUCCESS_MESSAGE, secret, null,
                previousExpiresAt);
    }

    public static RotatedSecret notification(String secret, Instant previousExpiresAt) {
        return new RotatedSecret(ResponseCode.SUCCESS_CODE, ResponseCode.SUCCESS_MESSAGE, null, secret,
                previousExpiresAt);
    }

    @Override
    public String toString() {
        return "RotatedSecret[previousExpiresAt=" + previousExpiresAt + "]";
    }
}

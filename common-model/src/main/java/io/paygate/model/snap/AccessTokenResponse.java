package io.paygate.model.snap;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.paygate.model.error.ServiceCode;
import io.paygate.model.error.SnapCase;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Reply {@code 2007300} of {@code POST /v1.0/access-token/b2b} (docs/contract.md §9): the bearer token of the
 * merchant's transaction requests, {@code tokenType} {@code Bearer}, {@code expiresIn} in seconds as a string.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "SNAP B2B access token")
public record AccessTokenResponse(
        @Schema(description = "2007300", examples = "2007300") String responseCode,
        @Schema(description = "Successful", examples = "Successful") String responseMessage,
        @Schema(description = "The bearer token, opaque") String accessToken,
        @Schema(description = "Bearer", examples = "Bearer") String tokenType,
        @Schema(description = "Seconds the token is valid, as a string", examples = "900") String expiresIn)
        implements SnapReply {

    public static final String BEARER = "Bearer";

    public static AccessTokenResponse of(String accessToken, long expiresInSeconds) {
        return new AccessTokenResponse(SnapCase.SUCCESSFUL.code(ServiceCode.SNAP_ACCESS_TOKEN),
                SnapCase.SUCCESSFUL.message(), accessToken, BEARER, Long.toString(expiresInSeconds));
    }

    /** Never the token. */
    @Override
    public String toString() {
        return "AccessTokenResponse[" + responseCode + ", expiresIn=" + expiresIn + "]";
    }
}

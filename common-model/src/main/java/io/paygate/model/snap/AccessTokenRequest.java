package io.paygate.model.snap;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The body of {@code POST /v1.0/access-token/b2b} (docs/contract.md §9): {@code {"grantType":"client_credentials"}};
 * {@code grant_type} is accepted too, as midtrans-client sends it.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "SNAP B2B access-token request")
public record AccessTokenRequest(
        @Schema(description = "client_credentials", examples = "client_credentials") String grantType,
        @JsonProperty("grant_type") @Schema(description = "The same, as some clients name it") String grantTypeSnakeCase,
        @Schema(description = "Ignored") JsonNode additionalInfo) {

    /** The one grant there is. */
    public static final String CLIENT_CREDENTIALS = "client_credentials";
}

package io.paygate.merchant.topic;

import io.paygate.kit.auth.OpsAuthenticated;
import io.paygate.kit.openapi.GatewayOpenApiFilter;
import io.paygate.merchant.registry.Actors;
import io.paygate.model.error.ResponseCode;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Writes every merchant to merchant-config again, from the registry's database (a lost topic), any operator's token.
 */
@Path("/admin/merchant-config/republish")
@Produces(MediaType.APPLICATION_JSON)
@OpsAuthenticated
@Tag(name = "Merchants (operator)")
@SecurityRequirement(name = GatewayOpenApiFilter.OPS)
public class MerchantConfigResource {

    /** How many merchants were written again. */
    public record Republished(String responseCode, String responseMessage, int republished) {
    }

    private final Republishing republishing;
    private final Actors actors;

    MerchantConfigResource(Republishing republishing, Actors actors) {
        this.republishing = republishing;
        this.actors = actors;
    }

    @POST
    @Operation(summary = "Write every merchant's current state to merchant-config again",
            description = "One transaction per merchant, each audited as republish; versions unchanged. For a topic "
                    + "that was lost: the database alone makes it whole.")
    @APIResponse(responseCode = "200", description = "How many merchants were written")
    public Republished republish() {
        return new Republished(ResponseCode.SUCCESS_CODE, ResponseCode.SUCCESS_MESSAGE,
                republishing.republishAll(actors.operator()));
    }
}

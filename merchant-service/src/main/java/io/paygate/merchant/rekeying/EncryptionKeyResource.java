package io.paygate.merchant.rekeying;

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

/** Re-seals the registry under the current encryption key now (docs/contract.md §10), any operator's token. */
@Path("/admin/encryption-key/reseal")
@Produces(MediaType.APPLICATION_JSON)
@OpsAuthenticated
@Tag(name = "Merchants (operator)")
@SecurityRequirement(name = GatewayOpenApiFilter.OPS)
public class EncryptionKeyResource {

    /** How many merchants were sealed again. */
    public record Resealed(String responseCode, String responseMessage, int resealed) {
    }

    private final Resealing resealing;
    private final Actors actors;

    EncryptionKeyResource(Resealing resealing, Actors actors) {
        this.resealing = resealing;
        this.actors = actors;
    }

    @POST
    @Operation(summary = "Seal every secret still under previous-encryption-key again under encryption-key",
            description = "And publish those merchants again; the service does it at start too.")
    @APIResponse(responseCode = "200", description = "How many merchants were re-sealed")
    public Resealed reseal() {
        return new Resealed(ResponseCode.SUCCESS_CODE, ResponseCode.SUCCESS_MESSAGE,
                resealing.resealAll(actors.operator()));
    }
}

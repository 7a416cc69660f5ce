package io.paygate.ledger.holds;

import io.paygate.kit.auth.InternalAuthenticated;
import io.paygate.kit.openapi.GatewayOpenApiFilter;
import io.paygate.model.api.ledger.HoldReply;
import io.paygate.model.api.ledger.HoldRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Service-to-service: payment-service holds a transfer's amount and fee before it accepts the transfer. Outside
 * {@code /pg} so the Ingress never routes it; bearer {@code gateway.internal.token}.
 */
@Path("/internal/holds/{merchantId}/{partnerReferenceNo}")
@Produces(MediaType.APPLICATION_JSON)
@InternalAuthenticated
@Tag(name = "Internal", description = "Service to service only (internal token); outside /pg, never routed by the Ingress")
@SecurityRequirement(name = GatewayOpenApiFilter.INTERNAL)
public class InternalHoldResource {

    private final Holds holds;

    InternalHoldResource(Holds holds) {
        this.holds = holds;
    }

    @PUT
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "INTERNAL: hold a transfer's amount + fee (for payment-service)")
    @APIResponse(responseCode = "201", description = "Held now")
    @APIResponse(responseCode = "200", description = "Held before, same amount and currency")
    @APIResponse(responseCode = "409", description = "Held before with another amount or currency")
    @APIResponse(responseCode = "422", description = "Available is less than amount + fee; nothing written")
    public Response hold(@PathParam("merchantId") String merchantId,
                         @PathParam("partnerReferenceNo") String partnerReferenceNo, HoldRequest request) {
        Holds.Outcome outcome = holds.hold(merchantId, partnerReferenceNo, request);
        return Response.status(outcome.status()).entity(outcome.reply()).build();
    }

    @GET
    @Operation(summary = "INTERNAL: a hold")
    @APIResponse(responseCode = "200", description = "The hold")
    public HoldReply find(@PathParam("merchantId") String merchantId,
                          @PathParam("partnerReferenceNo") String partnerReferenceNo) {
        return holds.find(merchantId, partnerReferenceNo);
    }
}

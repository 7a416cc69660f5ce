package io.paygate.payment.disbursement;

import io.paygate.kit.auth.InternalAuthenticated;
import io.paygate.kit.error.ApiException;
import io.paygate.kit.openapi.GatewayOpenApiFilter;
import io.paygate.model.api.ledger.InternalDisbursement;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Service-to-service: one transfer by the merchant's reference, for ledger-service's reconciliation of a hold that waited
 * too long for its transfer's final state (docs/contract.md §12; unknown: the transfer was never written, release it).
 * Outside {@code /pg} so the Ingress never routes it; bearer {@code gateway.internal.token}.
 */
@Path("/internal/disbursements")
@Produces(MediaType.APPLICATION_JSON)
@InternalAuthenticated
@Tag(name = "Internal", description = "Service to service only (internal token); outside /pg, never routed by the Ingress")
@SecurityRequirement(name = GatewayOpenApiFilter.INTERNAL)
public class InternalDisbursementResource {

    private final DisbursementService disbursements;

    InternalDisbursementResource(DisbursementService disbursements) {
        this.disbursements = disbursements;
    }

    @GET
    @Path("/{merchantId}/{partnerReferenceNo}")
    @Operation(summary = "INTERNAL: one transfer of the merchant, any state (for ledger-service's hold reconciliation)")
    @APIResponse(responseCode = "200", description = "The transfer: amount and latestTransactionStatus")
    @APIResponse(responseCode = "404", description = "No transfer of that merchant with that partnerReferenceNo",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "4040501",
                    value = """
                            {"responseCode":"4040501","responseMessage":"Transaction Not Found"}""")))
    public InternalDisbursement one(@PathParam("merchantId") String merchantId,
                                    @PathParam("partnerReferenceNo") String partnerReferenceNo) {
        return disbursements.internal(merchantId, partnerReferenceNo).orElseThrow(ApiException::notFound);
    }
}

package io.paygate.payment.disbursement;

import io.paygate.kit.auth.CurrentMerchant;
import io.paygate.kit.auth.MerchantAuthenticated;
import io.paygate.model.api.disbursement.DisbursementStatusResponse;
import io.paygate.model.api.disbursement.TransferRequest;
import io.paygate.model.api.disbursement.TransferResponse;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.jboss.resteasy.reactive.RestResponse;
import io.paygate.kit.openapi.GatewayOpenApiFilter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;

/** Merchant disbursement API (docs/contract.md §5). */
@Path("/pg/disbursement")
@Produces(MediaType.APPLICATION_JSON)
@MerchantAuthenticated
@SecurityRequirement(name = GatewayOpenApiFilter.MERCHANT)
public class DisbursementResource {

    private final DisbursementService disbursements;
    private final CurrentMerchant merchant;

    DisbursementResource(DisbursementService disbursements, CurrentMerchant merchant) {
        this.disbursements = disbursements;
        this.merchant = merchant;
    }

    @POST
    @Path("/transfer")
    @Consumes(MediaType.APPLICATION_JSON)
    @APIResponse(responseCode = "200", description = "Accepted, latestTransactionStatus 01")
    public TransferResponse transfer(@Valid @NotNull TransferRequest request) {
        return disbursements.transfer(merchant.get(), request);
    }

    /** Unknown (or another merchant's) reference: 404 with {@code 4040501} and {@code latestTransactionStatus 07}. */
    @GET
    @Path("/status/{partnerReferenceNo}")
    @APIResponse(responseCode = "200", description = "The transfer")
    public RestResponse<DisbursementStatusResponse> status(@PathParam("partnerReferenceNo") String partnerReferenceNo) {
        return disbursements.status(merchant.get(), partnerReferenceNo)
                .map(RestResponse::ok)
                .orElseGet(() -> RestResponse.status(RestResponse.Status.NOT_FOUND, DisbursementStatusResponse.notFound()));
    }

    @POST
    @Path("/{referenceNo}/cancel")
    @APIResponse(responseCode = "200", description = "Cancelled")
    public DisbursementStatusResponse cancel(@PathParam("referenceNo") String referenceNo) {
        return disbursements.cancel(merchant.get(), referenceNo);
    }
}

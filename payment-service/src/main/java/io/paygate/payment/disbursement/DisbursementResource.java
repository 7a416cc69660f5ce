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
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
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
    @APIResponse(responseCode = "403", description = "4030401: the merchant's available balance does not cover the "
            + "amount and its disbursement fee (docs/contract.md §12); nothing was written",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "4030401",
                    value = """
                            {"responseCode":"4030401","responseMessage":"Insufficient Funds"}""")))
    @APIResponse(responseCode = "503", description = "5030401: the funds could not be held (the balance service is "
            + "away; a transfer is never accepted unheld); 5030400: the database cannot be reached. Nothing was "
            + "written: send the same request again after Retry-After",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "5030401",
                    value = """
                            {"responseCode":"5030401","responseMessage":"Balance Unavailable"}""")))
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

package io.paygate.payment.snap;

import io.paygate.kit.snap.SnapAuthenticated;
import io.paygate.kit.snap.SnapRequest;
import io.paygate.model.snap.transfer.TransferInterbankRequest;
import io.paygate.model.snap.transfer.TransferStatusReply;
import io.paygate.model.snap.transfer.TransferStatusRequest;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import io.paygate.kit.openapi.GatewayOpenApiFilter;
import io.paygate.model.snap.transfer.TransferInterbankReply;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;

/**
 * SNAP BI transfers (docs/contract.md §9): {@code /v1.0/transfer-interbank} (18), idempotent by
 * {@code partnerReferenceNo}, and {@code /v1.0/transfer/status} (36), behind service-kit's SNAP door, onto §5's
 * disbursements. Documented in the merchant's OpenAPI document (tag SNAP transfers): summaries and examples in
 * META-INF/openapi.yaml, the SNAP door's headers and errors from service-kit's GatewayOpenApiFilter.
 */
@Path("/v1.0")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@SnapAuthenticated
@SecurityRequirement(name = GatewayOpenApiFilter.SNAP)
public class SnapTransferResource {

    private final SnapTransfers transfers;
    private final SnapRequest snap;

    SnapTransferResource(SnapTransfers transfers, SnapRequest snap) {
        this.transfers = transfers;
        this.snap = snap;
    }

    @POST
    @Path("/transfer-interbank")
    @APIResponse(responseCode = "200", description = "The transfer, 01 (or the first reply again)",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = TransferInterbankReply.class)))
    @APIResponse(responseCode = "403", description = "4031814: the merchant's available balance does not cover the "
            + "amount and its disbursement fee (docs/contract.md §12); nothing was written",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "4031814",
                    value = """
                            {"responseCode":"4031814","responseMessage":"Insufficient Funds"}""")))
    @APIResponse(responseCode = "503", description = "5031801: the funds could not be held (the balance service is "
            + "away; a transfer is never accepted unheld); 5031800: the database cannot be reached. Nothing was "
            + "written: send the same request again after Retry-After",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "5031801",
                    value = """
                            {"responseCode":"5031801","responseMessage":"Balance Unavailable"}""")))
    public Response transfer(@Valid @NotNull TransferInterbankRequest request) {
        return transfers.transfer(snap.merchant(), request);
    }

    @POST
    @Path("/transfer/status")
    @APIResponse(responseCode = "200", description = "The transfer's state")
    public TransferStatusReply status(@Valid @NotNull TransferStatusRequest request) {
        return transfers.status(snap.merchant(), request);
    }
}

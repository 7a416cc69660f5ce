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
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * SNAP BI transfers (docs/contract.md §9): {@code /v1.0/transfer-interbank} (18), idempotent by
 * {@code partnerReferenceNo}, and {@code /v1.0/transfer/status} (36), behind service-kit's SNAP door, onto §5's
 * disbursements. Not in the OpenAPI document yet, like the other SNAP operations.
 */
@Path("/v1.0")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@SnapAuthenticated
public class SnapTransferResource {

    private final SnapTransfers transfers;
    private final SnapRequest snap;

    SnapTransferResource(SnapTransfers transfers, SnapRequest snap) {
        this.transfers = transfers;
        this.snap = snap;
    }

    @POST
    @Path("/transfer-interbank")
    @Operation(hidden = true)
    public Response transfer(@Valid @NotNull TransferInterbankRequest request) {
        return transfers.transfer(snap.merchant(), request);
    }

    @POST
    @Path("/transfer/status")
    @Operation(hidden = true)
    public TransferStatusReply status(@Valid @NotNull TransferStatusRequest request) {
        return transfers.status(snap.merchant(), request);
    }
}

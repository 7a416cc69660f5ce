package io.paygate.payment.snap;

import io.paygate.kit.snap.SnapAuthenticated;
import io.paygate.kit.snap.SnapRequest;
import io.paygate.model.snap.qr.QrCancelReply;
import io.paygate.model.snap.qr.QrGenerateRequest;
import io.paygate.model.snap.qr.QrQueryReply;
import io.paygate.model.snap.qr.QrQueryRequest;
import io.paygate.model.snap.qr.QrRefundRequest;
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
 * SNAP BI QRIS MPM (docs/contract.md §9): {@code /v1.0/qr/qr-mpm-generate} (47), {@code -query} (51), {@code -cancel}
 * (77) and {@code -refund} (78), behind service-kit's SNAP door; generate is idempotent by {@code partnerReferenceNo},
 * refund by {@code partnerRefundNo}. Not in the OpenAPI document yet, like the other SNAP operations.
 */
@Path("/v1.0/qr")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@SnapAuthenticated
public class SnapQrisResource {

    private final SnapQris qris;
    private final SnapRequest snap;

    SnapQrisResource(SnapQris qris, SnapRequest snap) {
        this.qris = qris;
        this.snap = snap;
    }

    @POST
    @Path("/qr-mpm-generate")
    @Operation(hidden = true)
    public Response generate(@Valid @NotNull QrGenerateRequest request) {
        return qris.generate(snap.merchant(), request);
    }

    @POST
    @Path("/qr-mpm-query")
    @Operation(hidden = true)
    public QrQueryReply query(@Valid @NotNull QrQueryRequest request) {
        return qris.query(snap.merchant(), request);
    }

    @POST
    @Path("/qr-mpm-cancel")
    @Operation(hidden = true)
    public QrCancelReply cancel(@Valid @NotNull QrQueryRequest request) {
        return qris.cancel(snap.merchant(), request);
    }

    @POST
    @Path("/qr-mpm-refund")
    @Operation(hidden = true)
    public Response refund(@Valid @NotNull QrRefundRequest request) {
        return qris.refund(snap.merchant(), request);
    }
}

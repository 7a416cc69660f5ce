package io.paygate.payment.snap;

import io.paygate.kit.openapi.GatewayOpenApiFilter;
import io.paygate.kit.snap.SnapAuthenticated;
import io.paygate.kit.snap.SnapRequest;
import io.paygate.model.snap.qr.QrCancelReply;
import io.paygate.model.snap.qr.QrGenerateReply;
import io.paygate.model.snap.qr.QrGenerateRequest;
import io.paygate.model.snap.qr.QrQueryReply;
import io.paygate.model.snap.qr.QrQueryRequest;
import io.paygate.model.snap.qr.QrRefundReply;
import io.paygate.model.snap.qr.QrRefundRequest;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;

/**
 * SNAP BI QRIS MPM (docs/contract.md §9): {@code /v1.0/qr/qr-mpm-generate} (47), {@code -query} (51), {@code -cancel}
 * (77) and {@code -refund} (78), behind service-kit's SNAP door; generate is idempotent by {@code partnerReferenceNo},
 * refund by {@code partnerRefundNo}. Documented in the merchant's OpenAPI document (tag SNAP QRIS): summaries and
 * examples in META-INF/openapi.yaml, the SNAP door's headers and errors from service-kit's GatewayOpenApiFilter.
 */
@Path("/v1.0/qr")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@SnapAuthenticated
@SecurityRequirement(name = GatewayOpenApiFilter.SNAP)
public class SnapQrisResource {

    private final SnapQris qris;
    private final SnapRequest snap;

    SnapQrisResource(SnapQris qris, SnapRequest snap) {
        this.qris = qris;
        this.snap = snap;
    }

    @POST
    @Path("/qr-mpm-generate")
    @APIResponse(responseCode = "200", description = "The QRIS payment, PENDING (or the first reply again)",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = QrGenerateReply.class)))
    public Response generate(@Valid @NotNull QrGenerateRequest request) {
        return qris.generate(snap.merchant(), request);
    }

    @POST
    @Path("/qr-mpm-query")
    @APIResponse(responseCode = "200", description = "The payment's state")
    public QrQueryReply query(@Valid @NotNull QrQueryRequest request) {
        return qris.query(snap.merchant(), request);
    }

    @POST
    @Path("/qr-mpm-cancel")
    @APIResponse(responseCode = "200", description = "Cancelled (or already)")
    public QrCancelReply cancel(@Valid @NotNull QrQueryRequest request) {
        return qris.cancel(snap.merchant(), request);
    }

    @POST
    @Path("/qr-mpm-refund")
    @APIResponse(responseCode = "200", description = "Refunded (or the first reply again)",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = QrRefundReply.class)))
    @APIResponse(responseCode = "202", description = "The provider has not decided yet: 2027800 Request In Progress; "
            + "the refund's outcome is notified",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = QrRefundReply.class)))
    public Response refund(@Valid @NotNull QrRefundRequest request) {
        return qris.refund(snap.merchant(), request);
    }
}

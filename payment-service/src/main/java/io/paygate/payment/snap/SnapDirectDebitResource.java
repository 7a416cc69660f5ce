package io.paygate.payment.snap;

import io.paygate.kit.openapi.GatewayOpenApiFilter;
import io.paygate.kit.snap.SnapAuthenticated;
import io.paygate.kit.snap.SnapRequest;
import io.paygate.model.snap.debit.DebitPaymentReply;
import io.paygate.model.snap.debit.DebitPaymentRequest;
import io.paygate.model.snap.debit.DebitStatusReply;
import io.paygate.model.snap.qr.QrCancelReply;
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
 * SNAP BI direct debit (docs/contract.md §9): {@code /v1.0/debit/payment-host-to-host} (54), {@code /status} (55),
 * {@code /cancel} (57) and {@code /refund} (58), behind service-kit's SNAP door; payment is idempotent by
 * {@code partnerReferenceNo}, refund by {@code partnerRefundNo}. Documented in the merchant's OpenAPI document (tag
 * SNAP direct debit): summaries and examples in META-INF/openapi.yaml, the SNAP door's headers and errors from
 * service-kit's GatewayOpenApiFilter.
 */
@Path("/v1.0/debit")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@SnapAuthenticated
@SecurityRequirement(name = GatewayOpenApiFilter.SNAP)
public class SnapDirectDebitResource {

    private final SnapDirectDebits debits;
    private final SnapRequest snap;

    SnapDirectDebitResource(SnapDirectDebits debits, SnapRequest snap) {
        this.debits = debits;
        this.snap = snap;
    }

    @POST
    @Path("/payment-host-to-host")
    @APIResponse(responseCode = "200", description = "The payment: charged through the binding, or its hosted page "
            + "(or the first reply again)",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = DebitPaymentReply.class)))
    public Response pay(@Valid @NotNull DebitPaymentRequest request) {
        return debits.pay(snap.merchant(), request);
    }

    @POST
    @Path("/status")
    @APIResponse(responseCode = "200", description = "The payment's state")
    public DebitStatusReply status(@Valid @NotNull QrQueryRequest request) {
        return debits.status(snap.merchant(), request);
    }

    @POST
    @Path("/cancel")
    @APIResponse(responseCode = "200", description = "Cancelled (or already)")
    public QrCancelReply cancel(@Valid @NotNull QrQueryRequest request) {
        return debits.cancel(snap.merchant(), request);
    }

    @POST
    @Path("/refund")
    @APIResponse(responseCode = "200", description = "Refunded (or the first reply again)",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = QrRefundReply.class)))
    @APIResponse(responseCode = "202", description = "The provider has not decided yet: 2025800 Request In Progress; "
            + "the refund's outcome is notified",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = QrRefundReply.class)))
    public Response refund(@Valid @NotNull QrRefundRequest request) {
        return debits.refund(snap.merchant(), request);
    }
}

package io.paygate.payment.snap;

import io.paygate.kit.snap.SnapAuthenticated;
import io.paygate.kit.snap.SnapRequest;
import io.paygate.model.snap.debit.DebitPaymentRequest;
import io.paygate.model.snap.debit.DebitStatusReply;
import io.paygate.model.snap.qr.QrCancelReply;
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
 * SNAP BI direct debit (docs/contract.md §9): {@code /v1.0/debit/payment-host-to-host} (54), {@code /status} (55),
 * {@code /cancel} (57) and {@code /refund} (58), behind service-kit's SNAP door; payment is idempotent by
 * {@code partnerReferenceNo}, refund by {@code partnerRefundNo}. Not in the OpenAPI document yet, like the other SNAP
 * operations.
 */
@Path("/v1.0/debit")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@SnapAuthenticated
public class SnapDirectDebitResource {

    private final SnapDirectDebits debits;
    private final SnapRequest snap;

    SnapDirectDebitResource(SnapDirectDebits debits, SnapRequest snap) {
        this.debits = debits;
        this.snap = snap;
    }

    @POST
    @Path("/payment-host-to-host")
    @Operation(hidden = true)
    public Response pay(@Valid @NotNull DebitPaymentRequest request) {
        return debits.pay(snap.merchant(), request);
    }

    @POST
    @Path("/status")
    @Operation(hidden = true)
    public DebitStatusReply status(@Valid @NotNull QrQueryRequest request) {
        return debits.status(snap.merchant(), request);
    }

    @POST
    @Path("/cancel")
    @Operation(hidden = true)
    public QrCancelReply cancel(@Valid @NotNull QrQueryRequest request) {
        return debits.cancel(snap.merchant(), request);
    }

    @POST
    @Path("/refund")
    @Operation(hidden = true)
    public Response refund(@Valid @NotNull QrRefundRequest request) {
        return debits.refund(snap.merchant(), request);
    }
}

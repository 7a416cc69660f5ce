package io.paygate.payment.rest;

import io.paygate.kit.auth.CurrentMerchant;
import io.paygate.kit.auth.MerchantAuthenticated;
import io.paygate.kit.openapi.GatewayOpenApiFilter;
import io.paygate.model.api.list.Page;
import io.paygate.model.api.refund.CancelResponse;
import io.paygate.model.api.refund.RefundRequest;
import io.paygate.model.api.refund.RefundResponse;
import io.paygate.payment.lists.ListQuery;
import io.paygate.payment.lists.PaymentLists;
import io.paygate.payment.refund.Refunds;
import io.paygate.payment.service.PaymentCancellation;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Refunds and cancellation (CONTRACT §3a) and the refunds list (§3b). */
@Path("/pg/payment/card")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Refunds and cancellation", description = "Refund a captured payment, cancel a pending one (CONTRACT §3a)")
@SecurityRequirement(name = GatewayOpenApiFilter.MERCHANT)
public class RefundResource {

    static final String REFUND = """
            {"responseCode":"2000000","responseMessage":"Success","refundId":"RF-1","orderId":"ORD-1","amount":50000.00,\
            "currency":"IDR","status":"SUCCEEDED","refundedAmount":50000.00,"reason":"One item returned",\
            "createdAt":"2026-11-21T10:15:30+07:00"}""";

    private final Refunds refunds;
    private final PaymentCancellation cancellation;
    private final PaymentLists lists;
    private final CurrentMerchant merchant;

    RefundResource(Refunds refunds, PaymentCancellation cancellation, PaymentLists lists, CurrentMerchant merchant) {
        this.refunds = refunds;
        this.cancellation = cancellation;
        this.lists = lists;
        this.merchant = merchant;
    }

    @POST
    @Path("/refund")
    @Consumes(MediaType.APPLICATION_JSON)
    @MerchantAuthenticated
    @Operation(summary = "Refund a captured payment, in full or in part",
            description = "Idempotent per refundId. Refunds of one payment never exceed its amount. The provider "
                    + "decides: SUCCEEDED or FAILED at once, or PENDING until it does; every outcome is notified.")
    @APIResponse(responseCode = "200", description = "The refund",
            content = @Content(examples = @ExampleObject(name = "2000000", value = REFUND)))
    @APIResponse(responseCode = "400", description = "A field is missing or malformed (e.g. three decimals)",
            content = @Content(examples = @ExampleObject(name = "4000901", value = """
                    {"responseCode":"4000901","responseMessage":"Invalid Field Format amount"}""")))
    @APIResponse(responseCode = "404", description = "Unknown order, or another merchant's",
            content = @Content(examples = @ExampleObject(name = "4040901", value = """
                    {"responseCode":"4040901","responseMessage":"Transaction Not Found"}""")))
    @APIResponse(responseCode = "409", description = "Not refundable: its state, its method (virtual accounts, Mandiri "
            + "bill, stores), more than is left, or the refundId used with another body",
            content = @Content(examples = @ExampleObject(name = "4090900", value = """
                    {"responseCode":"4090900","responseMessage":"Conflict. the amount exceeds what is left to refund \
                    (100000.00)"}""")))
    public RefundResponse refund(@Valid @NotNull RefundRequest request) {
        return refunds.refund(merchant.get(), request);
    }

    @GET
    @Path("/refund/{refundId}")
    @MerchantAuthenticated
    @Operation(summary = "One refund by the merchant's refundId")
    @APIResponse(responseCode = "200", description = "The refund",
            content = @Content(examples = @ExampleObject(name = "2000000", value = REFUND)))
    @APIResponse(responseCode = "404", description = "Unknown refund, or another merchant's",
            content = @Content(examples = @ExampleObject(name = "4040901", value = """
                    {"responseCode":"4040901","responseMessage":"Transaction Not Found"}""")))
    public RefundResponse get(@PathParam("refundId") String refundId) {
        return refunds.get(merchant.get(), refundId);
    }

    @POST
    @Path("/cancel/{orderId}")
    @MerchantAuthenticated
    @Operation(summary = "Cancel a PENDING payment",
            description = "Its open charge is cancelled at the provider first; one the provider says was paid "
                    + "captures the payment instead (4090900). Cancelling again answers the same.")
    @APIResponse(responseCode = "200", description = "Cancelled",
            content = @Content(examples = @ExampleObject(name = "2000000", value = """
                    {"responseCode":"2000000","responseMessage":"Success","orderId":"ORD-1",\
                    "paymentCode":"PC8F2K4Q7M1X9B3D","status":"CANCELLED"}""")))
    @APIResponse(responseCode = "404", description = "Unknown order, or another merchant's",
            content = @Content(examples = @ExampleObject(name = "4040901", value = """
                    {"responseCode":"4040901","responseMessage":"Transaction Not Found"}""")))
    @APIResponse(responseCode = "409", description = "Not PENDING: paid, being processed or ended",
            content = @Content(examples = @ExampleObject(name = "4090900", value = """
                    {"responseCode":"4090900","responseMessage":"Conflict. the payment was already paid: it is \
                    CAPTURED"}""")))
    @APIResponse(responseCode = "502", description = "The provider did not cancel the open charge; nothing changed",
            content = @Content(examples = @ExampleObject(name = "5020900", value = """
                    {"responseCode":"5020900","responseMessage":"Bad Gateway The payment provider did not cancel the \
                    open charge; nothing changed"}""")))
    public CancelResponse cancel(@PathParam("orderId") String orderId) {
        return cancellation.cancel(merchant.get(), orderId);
    }

    @GET
    @Path("/refunds")
    @MerchantAuthenticated
    @Operation(summary = "The merchant's refunds, newest first (CONTRACT §3b)")
    @APIResponse(responseCode = "200", description = "A page; nextCursor fetches the next",
            content = @Content(examples = @ExampleObject(name = "2000000", value = """
                    {"responseCode":"2000000","responseMessage":"Success","items":[{"refundId":"RF-1","orderId":"ORD-1",\
                    "amount":50000.00,"currency":"IDR","status":"SUCCEEDED","refundedAmount":50000.00,\
                    "createdAt":"2026-11-21T10:15:30+07:00"}],"nextCursor":"cmVmdW5kcwpkZW1v..."}""")))
    @APIResponse(responseCode = "400", description = "A filter or the cursor is malformed",
            content = @Content(examples = @ExampleObject(name = "4001001", value = """
                    {"responseCode":"4001001","responseMessage":"Invalid Field Format cursor"}""")))
    public Page<RefundResponse> list(@QueryParam("orderId") String orderId, @QueryParam("from") String from,
                                     @QueryParam("to") String to, @QueryParam("limit") String limit,
                                     @QueryParam("cursor") String cursor) {
        return lists.refunds(merchant.get(), orderId, ListQuery.of(from, to, limit), cursor);
    }
}

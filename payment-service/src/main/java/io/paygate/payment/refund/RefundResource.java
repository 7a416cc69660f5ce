package io.paygate.payment.refund;

import io.paygate.kit.auth.CurrentMerchant;
import io.paygate.kit.auth.MerchantAuthenticated;
import io.paygate.kit.openapi.GatewayOpenApiFilter;
import io.paygate.model.api.refund.CancelResponse;
import io.paygate.model.api.refund.RefundRequest;
import io.paygate.model.api.refund.RefundResponse;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;

/** Refunds and cancellation (docs/contract.md §3a); their list (§3b) is {@code reporting.RefundListResource}. */
@Path("/pg/payment/card")
@Produces(MediaType.APPLICATION_JSON)
@SecurityRequirement(name = GatewayOpenApiFilter.MERCHANT)
public class RefundResource {

    static final String REFUND = """
            {"responseCode":"2000000","responseMessage":"Success","refundId":"RF-1","orderId":"ORD-1","amount":50000.00,\
            "currency":"IDR","status":"SUCCEEDED","refundedAmount":50000.00,"reason":"One item returned",\
            "createdAt":"2026-11-21T10:15:30+07:00"}""";

    private final Refunds refunds;
    private final PaymentCancellation cancellation;
    private final CurrentMerchant merchant;

    RefundResource(Refunds refunds, PaymentCancellation cancellation, CurrentMerchant merchant) {
        this.refunds = refunds;
        this.cancellation = cancellation;
        this.merchant = merchant;
    }

    @POST
    @Path("/refund")
    @Consumes(MediaType.APPLICATION_JSON)
    @MerchantAuthenticated
    @APIResponse(responseCode = "200", description = "The refund")
    public RefundResponse refund(@Valid @NotNull RefundRequest request) {
        return refunds.refund(merchant.get(), request);
    }

    @GET
    @Path("/refund/{refundId}")
    @MerchantAuthenticated
    @APIResponse(responseCode = "200", description = "The refund")
    public RefundResponse get(@PathParam("refundId") String refundId) {
        return refunds.get(merchant.get(), refundId);
    }

    @POST
    @Path("/cancel/{orderId}")
    @MerchantAuthenticated
    @APIResponse(responseCode = "200", description = "Cancelled")
    public CancelResponse cancel(@PathParam("orderId") String orderId) {
        return cancellation.cancel(merchant.get(), orderId);
    }
}

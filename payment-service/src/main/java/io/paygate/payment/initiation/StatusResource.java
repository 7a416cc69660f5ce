package io.paygate.payment.initiation;

import io.paygate.kit.auth.CurrentMerchant;
import io.paygate.kit.auth.MerchantAuthenticated;
import io.paygate.model.api.payment.PaymentStatusResponse;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import io.paygate.kit.openapi.GatewayOpenApiFilter;

/**
 * {@code GET /pg/payment/card/status/{orderId}} and its twin {@code /check/{orderId}} (docs/contract.md §3): the merchant's own
 * orders only.
 */
@Path("/pg/payment/card")
@Produces(MediaType.APPLICATION_JSON)
@SecurityRequirement(name = GatewayOpenApiFilter.MERCHANT)
public class StatusResource {

    private final PaymentQueries queries;
    private final CurrentMerchant merchant;

    StatusResource(PaymentQueries queries, CurrentMerchant merchant) {
        this.queries = queries;
        this.merchant = merchant;
    }

    @GET
    @Path("/status/{orderId}")
    @MerchantAuthenticated
    @APIResponse(responseCode = "200", description = "The payment")
    public PaymentStatusResponse status(@PathParam("orderId") String orderId) {
        return queries.status(merchant.get(), orderId);
    }

    @GET
    @Path("/check/{orderId}")
    @MerchantAuthenticated
    @APIResponse(responseCode = "200", description = "The payment")
    public PaymentStatusResponse check(@PathParam("orderId") String orderId) {
        return queries.status(merchant.get(), orderId);
    }
}

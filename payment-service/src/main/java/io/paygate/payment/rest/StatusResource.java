package io.paygate.payment.rest;

import io.paygate.kit.auth.CurrentMerchant;
import io.paygate.kit.auth.MerchantAuthenticated;
import io.paygate.model.api.payment.PaymentStatusResponse;
import io.paygate.payment.service.PaymentQueries;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** {@code GET /pg/payment/card/status/{orderId}} (CONTRACT §3): the merchant's own orders only. */
@Path("/pg/payment/card/status")
@Produces(MediaType.APPLICATION_JSON)
public class StatusResource {

    private final PaymentQueries queries;
    private final CurrentMerchant merchant;

    StatusResource(PaymentQueries queries, CurrentMerchant merchant) {
        this.queries = queries;
        this.merchant = merchant;
    }

    @GET
    @Path("/{orderId}")
    @MerchantAuthenticated
    public PaymentStatusResponse status(@PathParam("orderId") String orderId) {
        return queries.status(merchant.get(), orderId);
    }
}

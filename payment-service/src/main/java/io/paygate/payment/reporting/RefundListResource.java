package io.paygate.payment.reporting;

import io.paygate.kit.rest.ListQuery;
import io.paygate.kit.auth.CurrentMerchant;
import io.paygate.kit.auth.MerchantAuthenticated;
import io.paygate.kit.openapi.GatewayOpenApiFilter;
import io.paygate.model.api.list.Page;
import io.paygate.model.api.refund.RefundResponse;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;

/**
 * The refunds list (docs/contract.md §3b), {@code GET /pg/payment/card/refunds}: a list like those of
 * {@link ListResource}, in its own class because its path is under {@code /pg/payment/card}, where JAX-RS looks for it
 * among the classes of that root (the refunds' own resource is the refund room's).
 */
@Path("/pg/payment/card")
@Produces(MediaType.APPLICATION_JSON)
@SecurityRequirement(name = GatewayOpenApiFilter.MERCHANT)
public class RefundListResource {

    private final PaymentLists lists;
    private final CurrentMerchant merchant;

    RefundListResource(PaymentLists lists, CurrentMerchant merchant) {
        this.lists = lists;
        this.merchant = merchant;
    }

    @GET
    @Path("/refunds")
    @MerchantAuthenticated
    @APIResponse(responseCode = "200", description = "A page; nextCursor fetches the next")
    public Page<RefundResponse> list(@QueryParam("orderId") String orderId, @QueryParam("from") String from,
                                     @QueryParam("to") String to, @QueryParam("limit") String limit,
                                     @QueryParam("cursor") String cursor) {
        return lists.refunds(merchant.get(), orderId, ListQuery.of(from, to, limit), cursor);
    }
}

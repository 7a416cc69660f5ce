package io.paygate.payment.credential;

import io.paygate.kit.auth.CurrentMerchant;
import io.paygate.kit.auth.MerchantAuthenticated;
import io.paygate.kit.openapi.GatewayOpenApiFilter;
import io.paygate.kit.web.RequestTiming;
import io.paygate.model.api.credential.PurchaseResponse;
import io.paygate.model.api.credential.StoredCardDeleted;
import io.paygate.model.api.credential.StoredCardList;
import io.paygate.model.api.payment.InitiateRequest;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;

/** Stored cards and one-click payments (docs/contract.md §1b); service code {@code 11}. */
@Path("/pg/payment/card")
@Produces(MediaType.APPLICATION_JSON)
@SecurityRequirement(name = GatewayOpenApiFilter.MERCHANT)
public class StoredCardResource {

    private final StoredCards cards;
    private final OneClickPayments oneClick;
    private final CurrentMerchant merchant;
    private final RequestTiming timing;

    StoredCardResource(StoredCards cards, OneClickPayments oneClick, CurrentMerchant merchant, RequestTiming timing) {
        this.cards = cards;
        this.oneClick = oneClick;
        this.merchant = merchant;
        this.timing = timing;
    }

    @GET
    @Path("/stored")
    @MerchantAuthenticated
    @APIResponse(responseCode = "200", description = "The customer's stored cards, newest first; empty when none")
    public StoredCardList list(@QueryParam("customerId") String customerId) {
        return cards.list(merchant.get(), customerId);
    }

    @DELETE
    @Path("/stored/{tokenId}")
    @MerchantAuthenticated
    @APIResponse(responseCode = "200", description = "Forgotten, at the provider too")
    public StoredCardDeleted delete(@PathParam("tokenId") String tokenId) {
        return cards.delete(merchant.get(), tokenId);
    }

    @POST
    @Path("/payment")
    @Consumes(MediaType.APPLICATION_JSON)
    @MerchantAuthenticated
    @APIResponse(responseCode = "200", description = "Charged (or the earlier reply for the same order): CAPTURED, "
            + "FAILED, or PROCESSING while the provider decides, with redirecturl when it asks for 3-D Secure")
    public PurchaseResponse pay(@Valid @NotNull InitiateRequest request) {
        return oneClick.pay(merchant.get(), request).withProcessingTime(timing.elapsedMillis());
    }
}

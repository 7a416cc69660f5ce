package io.paygate.payment.link;

import io.paygate.kit.auth.CurrentMerchant;
import io.paygate.kit.auth.MerchantAuthenticated;
import io.paygate.kit.openapi.GatewayOpenApiFilter;
import io.paygate.model.api.link.CreateLinkRequest;
import io.paygate.model.api.link.CreateLinkResponse;
import io.paygate.model.api.link.LinkList;
import io.paygate.model.api.link.LinkStatusResponse;
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
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;

/** Payment links as the merchant manages them (docs/contract.md §11; service code 13). */
@Path("/pg/payment-links")
@Produces(MediaType.APPLICATION_JSON)
@SecurityRequirement(name = GatewayOpenApiFilter.MERCHANT)
public class LinkResource {

    private final LinkService links;
    private final CurrentMerchant merchant;

    LinkResource(LinkService links, CurrentMerchant merchant) {
        this.links = links;
        this.merchant = merchant;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @MerchantAuthenticated
    @APIResponse(responseCode = "200", description = "Created (or the earlier reply for the same link.id and body)")
    public CreateLinkResponse create(@Valid @NotNull CreateLinkRequest request) {
        return links.create(merchant.get(), request);
    }

    @GET
    @MerchantAuthenticated
    @APIResponse(responseCode = "200", description = "A page of links, newest first; nextCursor fetches the next")
    public LinkList list(@QueryParam("status") String status, @QueryParam("limit") String limit,
                         @QueryParam("cursor") String cursor) {
        return links.list(merchant.get(), status, limit, cursor);
    }

    @GET
    @Path("/{id}")
    @MerchantAuthenticated
    @APIResponse(responseCode = "200", description = "The link, its status, totals and payments")
    public LinkStatusResponse get(@PathParam("id") String id) {
        return links.get(merchant.get(), id);
    }

    @POST
    @Path("/{id}/deactivate")
    @MerchantAuthenticated
    @APIResponse(responseCode = "200", description = "Deactivated (or already inactive); started payments go on")
    public LinkStatusResponse deactivate(@PathParam("id") String id) {
        return links.deactivate(merchant.get(), id);
    }
}

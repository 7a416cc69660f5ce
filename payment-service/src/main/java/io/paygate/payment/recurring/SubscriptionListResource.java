package io.paygate.payment.recurring;

import io.paygate.kit.auth.CurrentMerchant;
import io.paygate.kit.auth.MerchantAuthenticated;
import io.paygate.kit.openapi.GatewayOpenApiFilter;
import io.paygate.model.api.recurring.SubscriptionList;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** {@code GET /pg/subscriptions} (docs/contract.md §1b), service code 11. */
@Path("/pg/subscriptions")
@Tag(name = "Subscriptions",
        description = "Recurring payments (docs/contract.md §1b): a subscription's state, pause, resume, cancel")
@Produces(MediaType.APPLICATION_JSON)
@SecurityRequirement(name = GatewayOpenApiFilter.MERCHANT)
public class SubscriptionListResource {

    private final SubscriptionLists lists;
    private final CurrentMerchant merchant;

    SubscriptionListResource(SubscriptionLists lists, CurrentMerchant merchant) {
        this.lists = lists;
        this.merchant = merchant;
    }

    @GET
    @MerchantAuthenticated
    @APIResponse(responseCode = "200", description = "The merchant's subscriptions, newest first")
    @APIResponse(responseCode = "400", description = "A bad status, limit or cursor",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "4001101",
                    value = """
                            {"responseCode":"4001101","responseMessage":"Invalid Field Format cursor"}""")))
    @Operation(operationId = "listSubscriptions", summary = "The merchant's subscriptions, newest first")
    public SubscriptionList list(@QueryParam("status") String status, @QueryParam("customerId") String customerId,
                                 @QueryParam("limit") String limit, @QueryParam("cursor") String cursor) {
        return lists.list(merchant.get().id(), status, customerId, limit, cursor);
    }
}

package io.paygate.payment.recurring;

import io.paygate.kit.auth.CurrentMerchant;
import io.paygate.kit.auth.MerchantAuthenticated;
import io.paygate.kit.openapi.GatewayOpenApiFilter;
import io.paygate.model.api.recurring.SubscriptionResponse;
import io.paygate.payment.payment.ExampleReplies;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * One subscription of the merchant (docs/contract.md §1b), service code 11. A class of its own under the longest path:
 * JAX-RS picks the root resource by its path before its methods, so {@code /pg/payment/card} would hide it.
 * Bodies of the changes: none, or {@code {}}.
 */
@Path("/pg/payment/card/recurring")
@Tag(name = "Subscriptions",
        description = "Recurring payments (docs/contract.md §1b): a subscription's state, pause, resume, cancel")
@Produces(MediaType.APPLICATION_JSON)
@SecurityRequirement(name = GatewayOpenApiFilter.MERCHANT)
public class SubscriptionResource {

    private final SubscriptionCommands commands;
    private final CurrentMerchant merchant;

    SubscriptionResource(SubscriptionCommands commands, CurrentMerchant merchant) {
        this.commands = commands;
        this.merchant = merchant;
    }

    @GET
    @Path("/{recurringId}")
    @MerchantAuthenticated
    @APIResponse(responseCode = "200", description = "The subscription")
    @APIResponse(responseCode = "404", description = "Unknown, or another merchant's",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "4041101",
                    value = ExampleReplies.NOT_FOUND_11)))
    @Operation(operationId = "getSubscription", summary = "A subscription and its next charge")
    public SubscriptionResponse get(@PathParam("recurringId") String recurringId) {
        return commands.get(merchant.get().id(), recurringId);
    }

    @POST
    @Path("/{recurringId}/pause")
    @MerchantAuthenticated
    @APIResponse(responseCode = "200", description = "PAUSED (or already so); a cycle payment waiting for its attempt "
            + "or its retry ends CANCELLED (Subscription paused), one at the provider as the provider decides")
    @APIResponse(responseCode = "404", description = "Unknown, or another merchant's",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "4041101",
                    value = ExampleReplies.NOT_FOUND_11)))
    @APIResponse(responseCode = "409", description = "An illegal change",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "4091100",
                    value = """
                            {"responseCode":"4091100","responseMessage":"Conflict. PENDING to PAUSED"}""")))
    @Operation(operationId = "pauseSubscription", summary = "Pause a subscription")
    public SubscriptionResponse pause(@PathParam("recurringId") String recurringId) {
        return commands.pause(merchant.get().id(), recurringId);
    }

    @POST
    @Path("/{recurringId}/resume")
    @MerchantAuthenticated
    @APIResponse(responseCode = "200", description = "ACTIVE again, the next cycle at the next point of its schedule")
    @APIResponse(responseCode = "404", description = "Unknown, or another merchant's",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "4041101",
                    value = ExampleReplies.NOT_FOUND_11)))
    @APIResponse(responseCode = "409", description = "An illegal change, or a credential that can no longer be charged "
            + "(its stored card deleted, its binding not ACTIVE): it stays PAUSED",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = {
                    @ExampleObject(name = "4091100", value = """
                            {"responseCode":"4091100","responseMessage":"Conflict. CANCELLED to ACTIVE"}"""),
                    @ExampleObject(name = "4091100 credential", value = """
                            {"responseCode":"4091100",\
                            "responseMessage":"Conflict. The subscription's credential can no longer be charged"}""")}))
    @APIResponse(responseCode = "502", description = "binding-service could not be asked; nothing changed",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "5021100",
                    value = ExampleReplies.BINDING_UNCHECKED_11)))
    @Operation(operationId = "resumeSubscription", summary = "Resume a paused subscription")
    public SubscriptionResponse resume(@PathParam("recurringId") String recurringId) {
        return commands.resume(merchant.get().id(), recurringId);
    }

    @POST
    @Path("/{recurringId}/cancel")
    @MerchantAuthenticated
    @APIResponse(responseCode = "200", description = "CANCELLED (or already so); a cycle payment waiting for its "
            + "attempt or its retry ends CANCELLED (Subscription cancelled), one at the provider as the provider "
            + "decides")
    @APIResponse(responseCode = "404", description = "Unknown, or another merchant's",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "4041101",
                    value = ExampleReplies.NOT_FOUND_11)))
    @APIResponse(responseCode = "409", description = "An illegal change",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "4091100",
                    value = """
                            {"responseCode":"4091100","responseMessage":"Conflict. COMPLETED to CANCELLED"}""")))
    @Operation(operationId = "cancelSubscription", summary = "Cancel a subscription")
    public SubscriptionResponse cancel(@PathParam("recurringId") String recurringId) {
        return commands.cancel(merchant.get().id(), recurringId);
    }
}

package io.paygate.payment.sandbox;

import io.paygate.kit.auth.CurrentMerchant;
import io.paygate.kit.auth.MerchantAuthenticated;
import io.paygate.kit.error.ApiException;
import io.paygate.kit.openapi.GatewayOpenApiFilter;
import io.paygate.model.api.recurring.SubscriptionResponse;
import io.paygate.model.error.ErrorCase;
import io.paygate.payment.payment.ExampleReplies;
import io.paygate.payment.payment.PaymentConfig;
import io.paygate.payment.recurring.SubscriptionCommands;
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
 * The QA time control of subscriptions (docs/contract.md §1b), merchant-authenticated: the next uncharged cycle (or the
 * pending retry) of an ACTIVE subscription due now; the scheduler charges it within seconds. 404 when
 * {@code gateway.payment.sandbox-enabled=false}.
 */
@Path("/pg/sandbox/subscriptions")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Sandbox", description = "QA shortcuts (ops token); absent in production")
@SecurityRequirement(name = GatewayOpenApiFilter.MERCHANT)
public class SandboxSubscriptionsResource {

    private final SubscriptionCommands commands;
    private final CurrentMerchant merchant;
    private final PaymentConfig config;

    SandboxSubscriptionsResource(SubscriptionCommands commands, CurrentMerchant merchant, PaymentConfig config) {
        this.commands = commands;
        this.merchant = merchant;
        this.config = config;
    }

    @POST
    @Path("/{recurringId}/due")
    @MerchantAuthenticated
    @Operation(summary = "Make a subscription's next cycle (or pending retry) due now")
    @APIResponse(responseCode = "200", description = "The subscription; the charge follows within seconds")
    @APIResponse(responseCode = "404", description = "Unknown or another merchant's subscription; or the sandbox is "
            + "disabled", content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(
                    name = "4041101", value = ExampleReplies.NOT_FOUND_11)))
    @APIResponse(responseCode = "409", description = "The subscription is not ACTIVE",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "4091100",
                    value = """
                            {"responseCode":"4091100","responseMessage":"Conflict. PAUSED is not ACTIVE"}""")))
    public SubscriptionResponse due(@PathParam("recurringId") String recurringId) {
        if (!config.sandboxEnabled()) {
            throw ApiException.of(ErrorCase.ROUTE_NOT_FOUND, null);
        }
        return commands.dueNow(merchant.get().id(), recurringId);
    }
}

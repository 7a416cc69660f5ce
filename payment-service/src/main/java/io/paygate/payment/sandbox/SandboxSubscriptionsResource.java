package io.paygate.payment.sandbox;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.paygate.kit.auth.CurrentMerchant;
import io.paygate.kit.auth.MerchantAuthenticated;
import io.paygate.kit.error.ApiException;
import io.paygate.kit.openapi.GatewayOpenApiFilter;
import io.paygate.model.api.recurring.SubscriptionResponse;
import io.paygate.model.error.ErrorCase;
import io.paygate.payment.payment.ExampleReplies;
import io.paygate.payment.payment.PaymentConfig;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The QA time control of subscriptions (docs/contract.md §1b), merchant-authenticated: the next uncharged cycle (or the
 * pending retry) of an ACTIVE subscription due now; the scheduler charges it within seconds. Its optional body
 * ({@link SandboxDueControl}) shapes the sandbox provider's answer to that charge. 404 when
 * {@code gateway.payment.sandbox-enabled=false}.
 */
@Path("/pg/sandbox/subscriptions")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Sandbox", description = "Sandbox only, never in production (404 there): QA shortcuts that decide"
        + " payments, bindings and subscription cycles as a customer or provider would")
@SecurityRequirement(name = GatewayOpenApiFilter.MERCHANT)
public class SandboxSubscriptionsResource {

    private final SandboxChargeControls controls;
    private final CurrentMerchant merchant;
    private final PaymentConfig config;
    private final ObjectMapper json;

    SandboxSubscriptionsResource(SandboxChargeControls controls, CurrentMerchant merchant, PaymentConfig config,
                                 ObjectMapper json) {
        this.controls = controls;
        this.merchant = merchant;
        this.config = config;
        this.json = json;
    }

    @POST
    @Path("/{recurringId}/due")
    @MerchantAuthenticated
    @Operation(operationId = "sandboxMakeCycleDue",
            summary = "Make a subscription's next cycle (or pending retry) due now",
            description = "The optional body shapes how the sandbox provider answers the charge this makes due (the next "
                    + "charge of the subscription's card or binding made without the customer): decline it, or answer "
                    + "the charge call and call back answerDelaySeconds late while its decision is already recorded. "
                    + "No body, or {}: as always.")
    @RequestBody(required = false, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = SandboxDueControl.class),
            examples = {@ExampleObject(name = "decline", value = "{\"decline\":true}"),
                    @ExampleObject(name = "slow provider", value = "{\"answerDelaySeconds\":20}")}))
    @APIResponse(responseCode = "200", description = "The subscription; the charge follows within seconds")
    @APIResponse(responseCode = "400", description = "A member of the body is not as documented; nothing changed",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "4001101",
                    value = """
                            {"responseCode":"4001101","responseMessage":"Invalid Field Format answerDelaySeconds"}""")))
    @APIResponse(responseCode = "404", description = "Unknown or another merchant's subscription; or the sandbox is "
            + "disabled", content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(
                    name = "4041101", value = ExampleReplies.NOT_FOUND_11)))
    @APIResponse(responseCode = "409", description = "The subscription is not ACTIVE",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "4091100",
                    value = """
                            {"responseCode":"4091100","responseMessage":"Conflict. PAUSED is not ACTIVE"}""")))
    public SubscriptionResponse due(@PathParam("recurringId") String recurringId, String body)
            throws JsonProcessingException {
        if (!config.sandboxEnabled()) {
            throw ApiException.of(ErrorCase.ROUTE_NOT_FOUND, null);
        }
        SandboxDueControl control = SandboxDueControl.of(body == null || body.isBlank() ? null : json.readTree(body));
        return controls.dueNow(merchant.get().id(), recurringId, control);
    }
}

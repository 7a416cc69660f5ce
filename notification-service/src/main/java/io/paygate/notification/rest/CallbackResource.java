package io.paygate.notification.rest;

import io.paygate.kit.auth.CurrentMerchant;
import io.paygate.kit.auth.MerchantAuthenticated;
import io.paygate.model.api.CallbackRegistration;
import io.paygate.model.error.ResponseCode;
import io.paygate.notification.service.CallbackRegistrations;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import io.paygate.kit.openapi.GatewayOpenApiFilter;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** CONTRACT §6: where the merchant's disbursement and binding notifications go (service code 06). */
@Path("/pg/merchant/callbacks")
@Produces(MediaType.APPLICATION_JSON)
@MerchantAuthenticated
@Tag(name = "Callback registration", description = "Where disbursement and binding notifications go (CONTRACT §6)")
@SecurityRequirement(name = GatewayOpenApiFilter.MERCHANT)
public class CallbackResource {

    private final CallbackRegistrations registrations;
    private final CurrentMerchant merchant;

    CallbackResource(CallbackRegistrations registrations, CurrentMerchant merchant) {
        this.registrations = registrations;
        this.merchant = merchant;
    }

    @PUT
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Register (replace) the disbursement and binding callback URLs; a missing one is unregistered",
            description = "Absolute https URLs; hosts resolving to private, link-local, CGNAT or reserved ranges are "
                    + "refused (4000601).")
    @APIResponse(responseCode = "200", description = "Registered",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = CallbacksReply.class),
                    examples = @ExampleObject(name = "2000000", value = """
                            {"responseCode":"2000000","responseMessage":"Success",\
                            "disbursementCallbackUrl":"https://merchant.example.com/callbacks/disbursement",\
                            "bindingCallbackUrl":"https://merchant.example.com/callbacks/binding"}""")))
    @APIResponse(responseCode = "400", description = "A URL is not an absolute https URL, its host does not resolve or is "
            + "refused, or its port is not allowed",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = {
                    @ExampleObject(name = "4000601 disbursementCallbackUrl", value = """
                            {"responseCode":"4000601","responseMessage":"Invalid Field Format disbursementCallbackUrl"}"""),
                    @ExampleObject(name = "4000601 bindingCallbackUrl", value = """
                            {"responseCode":"4000601","responseMessage":"Invalid Field Format bindingCallbackUrl"}""")}))
    public CallbacksReply register(@Valid @NotNull CallbackRegistration request) {
        return reply(registrations.register(merchant.get().id(), request));
    }

    @GET
    @Operation(summary = "The registered callback URLs")
    @APIResponse(responseCode = "200", description = "The registration (null where none is registered)",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = CallbacksReply.class),
                    examples = @ExampleObject(name = "2000000", value = """
                            {"responseCode":"2000000","responseMessage":"Success",\
                            "disbursementCallbackUrl":"https://merchant.example.com/callbacks/disbursement",\
                            "bindingCallbackUrl":"https://merchant.example.com/callbacks/binding"}""")))
    public CallbacksReply get() {
        return reply(registrations.get(merchant.get().id()));
    }

    private static CallbacksReply reply(CallbackRegistration registration) {
        return new CallbacksReply(ResponseCode.SUCCESS_CODE, ResponseCode.SUCCESS_MESSAGE,
                registration.disbursementCallbackUrl(), registration.bindingCallbackUrl());
    }
}

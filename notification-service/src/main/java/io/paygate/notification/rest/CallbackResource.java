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
import io.paygate.kit.openapi.GatewayOpenApiFilter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;

/** docs/contract.md §6: where the merchant's disbursement and binding notifications go (service code 06). */
@Path("/pg/merchant/callbacks")
@Produces(MediaType.APPLICATION_JSON)
@MerchantAuthenticated
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
    @APIResponse(responseCode = "200", description = "Registered")
    public CallbacksReply register(@Valid @NotNull CallbackRegistration request) {
        return reply(registrations.register(merchant.get().id(), request));
    }

    @GET
    @APIResponse(responseCode = "200", description = "The registration (null where none is registered)")
    public CallbacksReply get() {
        return reply(registrations.get(merchant.get().id()));
    }

    private static CallbacksReply reply(CallbackRegistration registration) {
        return new CallbacksReply(ResponseCode.SUCCESS_CODE, ResponseCode.SUCCESS_MESSAGE,
                registration.disbursementCallbackUrl(), registration.bindingCallbackUrl());
    }
}

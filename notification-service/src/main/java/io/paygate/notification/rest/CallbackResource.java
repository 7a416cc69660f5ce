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
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** CONTRACT §6: where the merchant's disbursement and binding notifications go (service code 06). */
@Path("/pg/merchant/callbacks")
@Produces(MediaType.APPLICATION_JSON)
@MerchantAuthenticated
@Tag(name = "Callback registration")
public class CallbackResource {

    private final CallbackRegistrations registrations;
    private final CurrentMerchant merchant;

    CallbackResource(CallbackRegistrations registrations, CurrentMerchant merchant) {
        this.registrations = registrations;
        this.merchant = merchant;
    }

    @PUT
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Register (replace) the disbursement and binding callback URLs; a missing one is unregistered")
    public CallbacksReply register(@Valid @NotNull CallbackRegistration request) {
        return reply(registrations.register(merchant.get().id(), request));
    }

    @GET
    @Operation(summary = "The registered callback URLs")
    public CallbacksReply get() {
        return reply(registrations.get(merchant.get().id()));
    }

    private static CallbacksReply reply(CallbackRegistration registration) {
        return new CallbacksReply(ResponseCode.SUCCESS_CODE, ResponseCode.SUCCESS_MESSAGE,
                registration.disbursementCallbackUrl(), registration.bindingCallbackUrl());
    }
}

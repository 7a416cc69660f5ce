package io.paygate.payment.initiation;

import io.paygate.kit.auth.CurrentMerchant;
import io.paygate.kit.auth.MerchantAuthenticated;
import io.paygate.kit.web.RequestTiming;
import io.paygate.model.api.payment.InitiateRequest;
import io.paygate.model.api.payment.InitiateResponse;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import io.paygate.kit.openapi.GatewayOpenApiFilter;

/** {@code POST /pg/payment/card/initiate} (seed §1; docs/contract.md §1). */
@Path("/pg/payment/card")
@Produces(MediaType.APPLICATION_JSON)
@SecurityRequirement(name = GatewayOpenApiFilter.MERCHANT)
public class InitiationResource {

    private final InitiationService initiations;
    private final CurrentMerchant merchant;
    private final RequestTiming timing;

    InitiationResource(InitiationService initiations, CurrentMerchant merchant, RequestTiming timing) {
        this.initiations = initiations;
        this.merchant = merchant;
        this.timing = timing;
    }

    @POST
    @Path("/initiate")
    @Consumes(MediaType.APPLICATION_JSON)
    @MerchantAuthenticated
    @APIResponse(responseCode = "200", description = "Initiated (or the earlier reply for the same order)")
    public InitiateResponse initiate(@Valid @NotNull InitiateRequest request) {
        return initiations.initiate(merchant.get(), request).withProcessingTime(timing.elapsedMillis());
    }
}

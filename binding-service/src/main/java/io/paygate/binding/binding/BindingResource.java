package io.paygate.binding.binding;

import io.paygate.kit.auth.CurrentMerchant;
import io.paygate.kit.auth.MerchantAuthenticated;
import io.paygate.kit.config.GatewayConfig;
import io.paygate.model.api.binding.BindRequest;
import io.paygate.model.api.binding.BindResponse;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import io.paygate.kit.openapi.GatewayOpenApiFilter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;

/**
 * Direct-debit binding (seed endpoint 2, docs/contract.md §4). The seed declares no security scheme for it; the gateway
 * still requires merchant authentication like every other merchant API.
 */
@Path("/pg/payment/card/directdebit/bind")
@Produces(MediaType.APPLICATION_JSON)
@MerchantAuthenticated
@SecurityRequirement(name = GatewayOpenApiFilter.MERCHANT)
public class BindingResource {

    private final BindingService bindings;
    private final CurrentMerchant merchant;
    private final BindingConfig config;
    private final GatewayConfig gateway;

    BindingResource(BindingService bindings, CurrentMerchant merchant, BindingConfig config, GatewayConfig gateway) {
        this.bindings = bindings;
        this.merchant = merchant;
        this.config = config;
        this.gateway = gateway;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @APIResponse(responseCode = "200",
            description = "Started (PENDING), or the live binding of this customer and source")
    public BindResponse bind(@Valid @NotNull BindRequest request) {
        return reply(bindings.bind(merchant.get(), request));
    }

    @GET
    @Path("/{bindingId}")
    @APIResponse(responseCode = "200", description = "The binding")
    public BindResponse get(@PathParam("bindingId") String bindingId) {
        return reply(bindings.get(merchant.get(), bindingId));
    }

    @DELETE
    @Path("/{bindingId}")
    @APIResponse(responseCode = "200", description = "Unbound")
    public BindResponse unbind(@PathParam("bindingId") String bindingId) {
        return reply(bindings.unbind(merchant.get(), bindingId));
    }

    private BindResponse reply(io.paygate.binding.binding.Binding binding) {
        return BindingMapper.toResponse(binding, config.publicBaseUrl(), gateway.timezone());
    }
}

package io.paygate.binding.rest;

import io.paygate.binding.config.BindingConfig;
import io.paygate.binding.service.BindingMapper;
import io.paygate.binding.service.BindingService;
import io.paygate.kit.auth.OpsAuthenticated;
import io.paygate.kit.config.GatewayConfig;
import io.paygate.kit.error.ApiException;
import io.paygate.model.api.binding.BindResponse;
import io.paygate.model.status.BindingStatus;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** Sandbox shortcut (CONTRACT §4): settle a PENDING binding without the bank page. Ops token; off in production. */
@Path("/pg/sandbox/bindings/{bindingId}/simulate")
@Produces(MediaType.APPLICATION_JSON)
@OpsAuthenticated
public class SandboxBindingResource {

    public record SimulateRequest(@NotBlank @Pattern(regexp = "ACTIVE|FAILED") String status) {
    }

    private final BindingService bindings;
    private final BindingConfig config;
    private final GatewayConfig gateway;

    SandboxBindingResource(BindingService bindings, BindingConfig config, GatewayConfig gateway) {
        this.bindings = bindings;
        this.config = config;
        this.gateway = gateway;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public BindResponse simulate(@PathParam("bindingId") String bindingId, @Valid @NotNull SimulateRequest request) {
        if (!config.sandboxEnabled()) {
            throw ApiException.notFound();
        }
        return BindingMapper.toResponse(bindings.simulate(bindingId, BindingStatus.valueOf(request.status())),
                config.publicBaseUrl(), gateway.timezone());
    }
}

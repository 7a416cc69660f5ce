package io.paygate.binding.sandbox;

import io.paygate.binding.binding.BindingConfig;
import io.paygate.binding.binding.BindingMapper;
import io.paygate.binding.binding.BindingService;
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
import io.paygate.kit.openapi.GatewayOpenApiFilter;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Sandbox shortcut (docs/contract.md §4): settle a PENDING binding without the bank page. Ops token; off in production. */
@Path("/pg/sandbox/bindings/{bindingId}/simulate")
@Produces(MediaType.APPLICATION_JSON)
@OpsAuthenticated
@Tag(name = "Sandbox", description = "Sandbox only, never in production (404 there): QA shortcuts that decide"
        + " payments, bindings and subscription cycles as a customer or provider would")
@SecurityRequirement(name = GatewayOpenApiFilter.OPS)
public class SandboxBindingResource {

    /** The outcome to give the binding (its schema's name tells it from payment-service's simulation). */
    @Schema(name = "BindingSimulateRequest")
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
    @Operation(operationId = "sandboxSimulateBinding",
            summary = "Settle a PENDING binding without the bank page: ACTIVE or FAILED")
    @APIResponse(responseCode = "200", description = "Settled",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = BindResponse.class),
                    examples = @ExampleObject(name = "2000000", value = """
                            {"responseCode":"2000000","responseMessage":"Success","bindingId":"bnd_7Q2M8X1B4K9D3H5F0T6W2R8Y",\
                            "status":"ACTIVE","authorizationUrl":"https://pay.example.com/pg/bind/bnd_7Q2M8X1B4K9D3H5F0T6W2R8Y",\
                            "expiresAt":"2026-11-21T10:30:30+07:00"}""")))
    @APIResponse(responseCode = "400", description = "status missing or not ACTIVE/FAILED",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = {
                    @ExampleObject(name = "4000801", value = """
                            {"responseCode":"4000801","responseMessage":"Invalid Field Format status"}"""),
                    @ExampleObject(name = "4000802", value = """
                            {"responseCode":"4000802","responseMessage":"Invalid Mandatory Field status"}""")}))
    @APIResponse(responseCode = "404", description = "Unknown binding; or the sandbox is disabled",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "4040801",
                    value = """
                            {"responseCode":"4040801","responseMessage":"Transaction Not Found"}""")))
    @APIResponse(responseCode = "409", description = "The binding is not PENDING",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "4090800",
                    value = """
                            {"responseCode":"4090800","responseMessage":"Conflict. status ACTIVE cannot change to FAILED"}""")))
    public BindResponse simulate(@PathParam("bindingId") String bindingId, @Valid @NotNull SimulateRequest request) {
        if (!config.sandboxEnabled()) {
            throw ApiException.notFound();
        }
        return BindingMapper.toResponse(bindings.simulate(bindingId, BindingStatus.valueOf(request.status())),
                config.publicBaseUrl(), gateway.timezone());
    }
}

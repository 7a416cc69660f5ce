package io.paygate.binding.binding;

import io.paygate.kit.auth.InternalAuthenticated;
import io.paygate.kit.error.ApiException;
import io.paygate.model.api.binding.ActiveBinding;
import io.paygate.model.api.binding.InternalBinding;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import io.paygate.kit.openapi.GatewayOpenApiFilter;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Service-to-service: a customer's ACTIVE bindings, for payment-service's hosted page and direct-debit charges, and
 * one binding by id, for its direct-debit purchases and subscription cycles.
 * Outside {@code /pg} so the Ingress never routes it; bearer {@code gateway.internal.token}.
 */
@Path("/internal/bindings")
@Produces(MediaType.APPLICATION_JSON)
@InternalAuthenticated
@Tag(name = "Internal", description = "Service to service only (internal token); outside /pg, never routed by the Ingress")
@SecurityRequirement(name = GatewayOpenApiFilter.INTERNAL)
public class InternalBindingResource {

    private final BindingService bindings;

    InternalBindingResource(BindingService bindings) {
        this.bindings = bindings;
    }

    @GET
    @Operation(summary = "INTERNAL: a customer's ACTIVE bindings (for payment-service)")
    @APIResponse(responseCode = "200", description = "The ACTIVE bindings")
    @APIResponse(responseCode = "400", description = "merchantId or customerId missing",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "4000202",
                    value = """
                            {"responseCode":"4000202","responseMessage":"Invalid Mandatory Field customerId"}""")))
    public ActiveBinding.Page active(@QueryParam("merchantId") String merchantId,
                                     @QueryParam("customerId") String customerId) {
        if (merchantId == null || merchantId.isBlank()) {
            throw ApiException.mandatory("merchantId");
        }
        if (customerId == null || customerId.isBlank()) {
            throw ApiException.mandatory("customerId");
        }
        return new ActiveBinding.Page(bindings.active(merchantId, customerId).stream().map(BindingMapper::active).toList());
    }

    /**
     * One binding of the merchant in whatever state it is (docs/contract.md §1b): payment-service asks before each
     * direct-debit purchase or subscription cycle whether it is ACTIVE and whose it is. Another merchant's binding is
     * answered exactly like an unknown one.
     */
    @GET
    @Path("/{bindingId}")
    @Operation(summary = "INTERNAL: one binding of the merchant, any state (for payment-service's direct-debit charges)")
    @APIResponse(responseCode = "200", description = "The binding: its status, customer and source")
    @APIResponse(responseCode = "400", description = "merchantId missing",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "4000202",
                    value = """
                            {"responseCode":"4000202","responseMessage":"Invalid Mandatory Field merchantId"}""")))
    @APIResponse(responseCode = "404", description = "Unknown binding, or another merchant's (answered alike)",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "4040201",
                    value = """
                            {"responseCode":"4040201","responseMessage":"Transaction Not Found"}""")))
    public InternalBinding one(@PathParam("bindingId") String bindingId, @QueryParam("merchantId") String merchantId) {
        if (merchantId == null || merchantId.isBlank()) {
            throw ApiException.mandatory("merchantId");
        }
        return BindingMapper.internal(bindings.lookup(merchantId, bindingId));
    }
}

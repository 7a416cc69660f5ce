package io.paygate.binding.rest;

import io.paygate.binding.config.BindingConfig;
import io.paygate.binding.service.BindingMapper;
import io.paygate.binding.service.BindingService;
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
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Direct-debit binding (seed endpoint 2, CONTRACT §4). The seed declares no security scheme for it; the gateway
 * still requires merchant authentication like every other merchant API.
 */
@Path("/pg/payment/card/directdebit/bind")
@Produces(MediaType.APPLICATION_JSON)
@MerchantAuthenticated
@Tag(name = "Direct-debit binding", description = "Link a customer to a bank direct debit (CONTRACT §4)")
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
    @Operation(summary = "Start a binding",
            description = "Returns the bank page (authorizationUrl) where the customer approves; the same customer.id "
                    + "and type while one is PENDING or ACTIVE returns that binding. Changes are notified to the "
                    + "registered bindingCallbackUrl.")
    @APIResponse(responseCode = "200", description = "Started (PENDING), or the live binding of this customer and source",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = BindResponse.class),
                    examples = @ExampleObject(name = "2000000", value = """
                            {"responseCode":"2000000","responseMessage":"Success","bindingId":"bnd_7Q2M8X1B4K9D3H5F0T6W2R8Y",\
                            "status":"PENDING","authorizationUrl":"https://pay.example.com/pg/bind/bnd_7Q2M8X1B4K9D3H5F0T6W2R8Y",\
                            "expiresAt":"2026-11-21T10:30:30+07:00"}""")))
    @APIResponse(responseCode = "400", description = "A field breaks its rule (CONTRACT §1, §4), or is missing",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = {
                    @ExampleObject(name = "4000201 sourceOfFunds.type", description = "not a configured source code",
                            value = """
                            {"responseCode":"4000201","responseMessage":"Invalid Field Format sourceOfFunds.type"}"""),
                    @ExampleObject(name = "4000201 customer.email", value = """
                            {"responseCode":"4000201","responseMessage":"Invalid Field Format customer.email"}"""),
                    @ExampleObject(name = "4000202 customer.id", value = """
                            {"responseCode":"4000202","responseMessage":"Invalid Mandatory Field customer.id"}""")}))
    public BindResponse bind(@Valid @NotNull BindRequest request) {
        return reply(bindings.bind(merchant.get(), request));
    }

    @GET
    @Path("/{bindingId}")
    @Operation(summary = "Read a binding")
    @APIResponse(responseCode = "200", description = "The binding",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = BindResponse.class),
                    examples = @ExampleObject(name = "2000000", value = """
                            {"responseCode":"2000000","responseMessage":"Success","bindingId":"bnd_7Q2M8X1B4K9D3H5F0T6W2R8Y",\
                            "status":"ACTIVE","authorizationUrl":"https://pay.example.com/pg/bind/bnd_7Q2M8X1B4K9D3H5F0T6W2R8Y",\
                            "expiresAt":"2026-11-21T10:30:30+07:00"}""")))
    @APIResponse(responseCode = "404", description = "Unknown binding, or another merchant's (answered alike)",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "4040201",
                    value = """
                            {"responseCode":"4040201","responseMessage":"Transaction Not Found"}""")))
    public BindResponse get(@PathParam("bindingId") String bindingId) {
        return reply(bindings.get(merchant.get(), bindingId));
    }

    @DELETE
    @Path("/{bindingId}")
    @Operation(summary = "Unbind (ACTIVE to UNBOUND)")
    @APIResponse(responseCode = "200", description = "Unbound",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = BindResponse.class),
                    examples = @ExampleObject(name = "2000000", value = """
                            {"responseCode":"2000000","responseMessage":"Success","bindingId":"bnd_7Q2M8X1B4K9D3H5F0T6W2R8Y",\
                            "status":"UNBOUND","authorizationUrl":"https://pay.example.com/pg/bind/bnd_7Q2M8X1B4K9D3H5F0T6W2R8Y",\
                            "expiresAt":"2026-11-21T10:30:30+07:00"}""")))
    @APIResponse(responseCode = "404", description = "Unknown binding, or another merchant's (answered alike)",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "4040201",
                    value = """
                            {"responseCode":"4040201","responseMessage":"Transaction Not Found"}""")))
    @APIResponse(responseCode = "409", description = "The binding is not ACTIVE",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "4090200",
                    value = """
                            {"responseCode":"4090200","responseMessage":"Conflict. status PENDING cannot change to UNBOUND"}""")))
    public BindResponse unbind(@PathParam("bindingId") String bindingId) {
        return reply(bindings.unbind(merchant.get(), bindingId));
    }

    private BindResponse reply(io.paygate.binding.Binding binding) {
        return BindingMapper.toResponse(binding, config.publicBaseUrl(), gateway.timezone());
    }
}

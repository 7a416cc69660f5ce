package io.paygate.binding.snap;

import io.paygate.kit.openapi.GatewayOpenApiFilter;
import io.paygate.kit.snap.SnapAuthenticated;
import io.paygate.kit.snap.SnapRequest;
import io.paygate.model.snap.binding.AccountBindingReply;
import io.paygate.model.snap.binding.AccountBindingRequest;
import io.paygate.model.snap.binding.AccountInquiryReply;
import io.paygate.model.snap.binding.AccountInquiryRequest;
import io.paygate.model.snap.binding.AccountUnbindingReply;
import io.paygate.model.snap.binding.AccountUnbindingRequest;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;

/**
 * SNAP BI account binding (docs/contract.md §9): {@code /v1.0/registration-account-binding} (07), {@code -inquiry}
 * (08) and {@code -unbinding} (09), behind service-kit's SNAP door (token, HMAC signature, {@code X-EXTERNAL-ID},
 * {@code CHANNEL-ID}). A binding request is idempotent by {@code partnerReferenceNo}. Documented in the merchant's
 * OpenAPI document (tag SNAP account binding): summaries and examples in META-INF/openapi.yaml, the SNAP door's headers
 * and errors from service-kit's GatewayOpenApiFilter.
 */
@Path("/v1.0")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@SnapAuthenticated
@SecurityRequirement(name = GatewayOpenApiFilter.SNAP)
public class SnapBindingResource {

    private final SnapBindings bindings;
    private final SnapRequest snap;

    SnapBindingResource(SnapBindings bindings, SnapRequest snap) {
        this.bindings = bindings;
        this.snap = snap;
    }

    @POST
    @Path("/registration-account-binding")
    @APIResponse(responseCode = "200", description = "The binding: PENDING with the bank page, or the customer's "
            + "live one (or the first reply again)", content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = AccountBindingReply.class)))
    public Response bind(@Valid @NotNull AccountBindingRequest request) {
        return bindings.bind(snap.merchant(), request);
    }

    @POST
    @Path("/registration-account-inquiry")
    @APIResponse(responseCode = "200", description = "The binding as it is now")
    public AccountInquiryReply inquire(@Valid @NotNull AccountInquiryRequest request) {
        return bindings.inquire(snap.merchant(), request);
    }

    @POST
    @Path("/registration-account-unbinding")
    @APIResponse(responseCode = "200", description = "UNBOUND (or already was)")
    public AccountUnbindingReply unbind(@Valid @NotNull AccountUnbindingRequest request) {
        return bindings.unbind(snap.merchant(), request);
    }
}

package io.paygate.binding.snap;

import io.paygate.kit.snap.SnapAuthenticated;
import io.paygate.kit.snap.SnapRequest;
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
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * SNAP BI account binding (docs/contract.md §9): {@code /v1.0/registration-account-binding} (07), {@code -inquiry}
 * (08) and {@code -unbinding} (09), behind service-kit's SNAP door (token, HMAC signature, {@code X-EXTERNAL-ID},
 * {@code CHANNEL-ID}). A binding request is idempotent by {@code partnerReferenceNo}. Not in the OpenAPI document yet,
 * like the access token ({@code @Operation(hidden = true)}): contract §9 and the merchant guide describe them.
 */
@Path("/v1.0")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@SnapAuthenticated
public class SnapBindingResource {

    private final SnapBindings bindings;
    private final SnapRequest snap;

    SnapBindingResource(SnapBindings bindings, SnapRequest snap) {
        this.bindings = bindings;
        this.snap = snap;
    }

    @POST
    @Path("/registration-account-binding")
    @Operation(hidden = true)
    public Response bind(@Valid @NotNull AccountBindingRequest request) {
        return bindings.bind(snap.merchant(), request);
    }

    @POST
    @Path("/registration-account-inquiry")
    @Operation(hidden = true)
    public AccountInquiryReply inquire(@Valid @NotNull AccountInquiryRequest request) {
        return bindings.inquire(snap.merchant(), request);
    }

    @POST
    @Path("/registration-account-unbinding")
    @Operation(hidden = true)
    public AccountUnbindingReply unbind(@Valid @NotNull AccountUnbindingRequest request) {
        return bindings.unbind(snap.merchant(), request);
    }
}

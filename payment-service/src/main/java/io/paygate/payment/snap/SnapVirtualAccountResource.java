package io.paygate.payment.snap;

import io.paygate.kit.openapi.GatewayOpenApiFilter;
import io.paygate.kit.snap.SnapAuthenticated;
import io.paygate.kit.snap.SnapRequest;
import io.paygate.model.snap.va.CreateVaRequest;
import io.paygate.model.snap.va.VaReply;
import io.paygate.model.snap.va.VaRequest;
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
 * SNAP BI virtual accounts (docs/contract.md §9): {@code /v1.0/transfer-va/create-va} (27), {@code status} (26) and
 * {@code delete-va} (31), behind service-kit's SNAP door (token, HMAC signature, {@code X-EXTERNAL-ID},
 * {@code CHANNEL-ID}); create-va is idempotent by {@code trxId}. Documented in the merchant's OpenAPI document (tag
 * SNAP virtual accounts): summaries and examples in META-INF/openapi.yaml, the SNAP door's headers and errors from
 * service-kit's GatewayOpenApiFilter.
 */
@Path("/v1.0/transfer-va")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@SnapAuthenticated
@SecurityRequirement(name = GatewayOpenApiFilter.SNAP)
public class SnapVirtualAccountResource {

    private final SnapVirtualAccounts accounts;
    private final SnapRequest snap;

    SnapVirtualAccountResource(SnapVirtualAccounts accounts, SnapRequest snap) {
        this.accounts = accounts;
        this.snap = snap;
    }

    @POST
    @Path("/create-va")
    @APIResponse(responseCode = "200", description = "The virtual account, waiting to be paid (or the first reply "
            + "again)", content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = VaReply.class)))
    public Response create(@Valid @NotNull CreateVaRequest request) {
        return accounts.create(snap.merchant(), request);
    }

    @POST
    @Path("/status")
    @APIResponse(responseCode = "200", description = "The account and whether it was paid (paymentFlagStatus)")
    public VaReply status(@Valid @NotNull VaRequest request) {
        return accounts.status(snap.merchant(), request);
    }

    @POST
    @Path("/delete-va")
    @APIResponse(responseCode = "200", description = "Withdrawn: the payment is CANCELLED (or already was)")
    public VaReply delete(@Valid @NotNull VaRequest request) {
        return accounts.delete(snap.merchant(), request);
    }
}

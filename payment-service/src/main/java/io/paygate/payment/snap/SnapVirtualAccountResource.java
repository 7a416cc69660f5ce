package io.paygate.payment.snap;

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
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * SNAP BI virtual accounts (docs/contract.md §9): {@code /v1.0/transfer-va/create-va} (27), {@code status} (26) and
 * {@code delete-va} (31), behind service-kit's SNAP door (token, HMAC signature, {@code X-EXTERNAL-ID},
 * {@code CHANNEL-ID}); create-va is idempotent by {@code trxId}. Not in the OpenAPI document yet, like the other SNAP
 * operations ({@code @Operation(hidden = true)}): contract §9 and the merchant guide describe them.
 */
@Path("/v1.0/transfer-va")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@SnapAuthenticated
public class SnapVirtualAccountResource {

    private final SnapVirtualAccounts accounts;
    private final SnapRequest snap;

    SnapVirtualAccountResource(SnapVirtualAccounts accounts, SnapRequest snap) {
        this.accounts = accounts;
        this.snap = snap;
    }

    @POST
    @Path("/create-va")
    @Operation(hidden = true)
    public Response create(@Valid @NotNull CreateVaRequest request) {
        return accounts.create(snap.merchant(), request);
    }

    @POST
    @Path("/status")
    @Operation(hidden = true)
    public VaReply status(@Valid @NotNull VaRequest request) {
        return accounts.status(snap.merchant(), request);
    }

    @POST
    @Path("/delete-va")
    @Operation(hidden = true)
    public VaReply delete(@Valid @NotNull VaRequest request) {
        return accounts.delete(snap.merchant(), request);
    }
}

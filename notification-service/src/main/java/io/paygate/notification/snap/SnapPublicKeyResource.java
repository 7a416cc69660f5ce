package io.paygate.notification.snap;

import io.paygate.kit.auth.Merchants;
import io.paygate.kit.error.ApiException;
import io.paygate.kit.snap.MerchantSigningKeys;
import io.paygate.kit.snap.SnapSigningKeys;
import io.paygate.model.error.ErrorCase;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The public keys that verify each merchant's SNAP notifications (docs/contract.md §9, no authentication):
 * {@code GET /pg/snap/public-keys/{clientKey}.pem} serves, as PEM, the public half of the gateway's signing key of the
 * merchant with that SNAP client key that signs now, then the others it has (during a rotation of a registry merchant's
 * key, the next one until it activates, or the current one once the next signs; then the previous one), so a verifier
 * that reads the first block only (midtrans-client) verifies what is signed now. A client key no merchant has, or one whose merchant
 * has no signing key, is a 404 like any unknown resource. {@code GET /pg/snap/public-key.pem}, the one key all
 * merchants once shared, answers 410 naming the new path.
 */
@Path("/pg/snap")
@Tag(name = "SNAP notifications")
public class SnapPublicKeyResource {

    static final String PEM = "application/x-pem-file";
    private static final String WITHDRAWN = "Withdrawn: it served one key that signed every merchant's SNAP "
            + "notifications. Each merchant's notifications are now signed with a key of its own, served at "
            + "GET /pg/snap/public-keys/{clientKey}.pem";
    /** docs/contract.md §9: a client key is 1–64 characters; anything longer is no merchant's. */
    private static final int MAX_CLIENT_KEY = 64;

    private final Merchants merchants;
    private final SnapSigningKeys keys;

    SnapPublicKeyResource(Merchants merchants, SnapSigningKeys keys) {
        this.merchants = merchants;
        this.keys = keys;
    }

    @GET
    @Path("/public-keys/{clientKey}.pem")
    @Produces({PEM, "text/plain"})
    @Operation(operationId = "snapPublicKeys", summary = "The public keys of your SNAP notifications (PEM), the "
            + "signing one first")
    @APIResponse(responseCode = "200", description = "One PEM block per key (BEGIN PUBLIC KEY): the public half of the "
            + "gateway's signing key of the merchant with this SNAP client key, then, during a rotation, the previous "
            + "one. Verify your SNAP notifications with these and no other merchant's",
            content = @Content(mediaType = PEM, schema = @Schema(type = SchemaType.STRING)))
    public Response publicKeys(@Parameter(description = "Your SNAP client key (X-PARTNER-ID of your notifications; "
            + "`demo` on the local stack)", example = "demo") @PathParam("clientKey") String clientKey) {
        if (clientKey.length() > MAX_CLIENT_KEY) {
            throw ApiException.notFound();
        }
        MerchantSigningKeys published = merchants.findBySnapClientKey(clientKey)
                .flatMap(merchant -> keys.of(merchant.id()))
                .orElseThrow(ApiException::notFound);
        return Response.ok(published.publicKeysPem(), PEM).header("Cache-Control", "public, max-age=300").build();
    }

    @GET
    @Path("/public-key.pem") // no @Produces: a client that asks for a PEM gets the 410 too, not a 406
    @Operation(operationId = "snapPublicKeyGone", deprecated = true, summary = "Withdrawn: each merchant's SNAP "
            + "notifications are signed with a key of its own, at GET /pg/snap/public-keys/{clientKey}.pem")
    @APIResponse(responseCode = "410", description = WITHDRAWN)
    public Response withdrawn() {
        throw ApiException.of(ErrorCase.GONE, "Each merchant's SNAP notification keys are at "
                + "GET /pg/snap/public-keys/{clientKey}.pem");
    }
}

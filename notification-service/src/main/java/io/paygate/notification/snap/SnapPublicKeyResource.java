package io.paygate.notification.snap;

import io.paygate.kit.error.ApiException;
import io.paygate.kit.snap.SnapSigningKeys;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code GET /pg/snap/public-key.pem} (docs/contract.md §9, no authentication): the public halves of the gateway's SNAP
 * notification keys as PEM, the signing key first and the one before it (during a rotation) second, so a verifier that
 * reads the first block only (midtrans-client) verifies what is signed now. 404 where no signing key is configured.
 */
@Path("/pg/snap/public-key.pem")
@Tag(name = "SNAP notifications")
public class SnapPublicKeyResource {

    static final String PEM = "application/x-pem-file";

    private final SnapSigningKeys keys;

    SnapPublicKeyResource(SnapSigningKeys keys) {
        this.keys = keys;
    }

    @GET
    @Produces({PEM, "text/plain"})
    @Operation(operationId = "snapPublicKey",
            summary = "The gateway's SNAP notification public keys (PEM), the signing one first")
    @APIResponse(responseCode = "200", description = "One PEM block per key (BEGIN PUBLIC KEY), the signing key first",
            content = @Content(mediaType = PEM, schema = @Schema(type = SchemaType.STRING)))
    @APIResponse(responseCode = "404", description = "This gateway signs no SNAP notifications (no key configured)")
    public Response publicKeys() {
        if (keys.publicKeys().isEmpty()) {
            throw ApiException.notFound();
        }
        return Response.ok(keys.publicKeysPem(), PEM).header("Cache-Control", "public, max-age=300").build();
    }
}

package io.paygate.merchant.operator;

import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.kit.auth.OpsAuthenticated;
import io.paygate.kit.openapi.GatewayOpenApiFilter;
import io.paygate.merchant.registry.Actors;
import io.paygate.merchant.registry.MerchantViews;
import io.paygate.merchant.registry.SecretRotations;
import io.paygate.model.api.merchant.MerchantList;
import io.paygate.model.api.merchant.MerchantRequest;
import io.paygate.model.api.merchant.MerchantView;
import io.paygate.model.api.merchant.RotatedSecret;
import io.paygate.model.api.merchant.SecretRotation;
import io.paygate.model.api.merchant.SigningKeyRotation;
import io.paygate.model.api.merchant.SuspendRequest;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.time.Clock;

/**
 * The operator API's merchants (docs/contract.md §10), any operator's bearer token. Thin: each method maps its request
 * and calls one service method.
 */
@Path("/admin/merchants")
@Produces(MediaType.APPLICATION_JSON)
@OpsAuthenticated
@Tag(name = "Merchants (operator)", description = "The merchant registry: an operator's bearer token")
@SecurityRequirement(name = GatewayOpenApiFilter.OPS)
public class MerchantAdminResource {

    /** RFC 7396's media type; {@code application/json} is accepted too. */
    public static final String MERGE_PATCH = "application/merge-patch+json";

    private final OperatorMerchants merchants;
    private final SecretRotations rotations;
    private final Actors actors;
    private final Clock clock = Clock.systemUTC();

    MerchantAdminResource(OperatorMerchants merchants, SecretRotations rotations, Actors actors) {
        this.merchants = merchants;
        this.rotations = rotations;
        this.actors = actors;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Create a merchant", description = "Its client and notification secrets are in this reply "
            + "only. An id in use is 409.")
    @APIResponse(responseCode = "201", description = "Created, with its secrets (shown once)")
    public Response create(@Valid @NotNull MerchantRequest request) {
        return Response.status(Response.Status.CREATED).entity(merchants.create(actors.operator(), request)).build();
    }

    @GET
    @Operation(summary = "List merchants", description = "By id; status ACTIVE or SUSPENDED; limit 1-200 (50)")
    @APIResponse(responseCode = "200", description = "A page of merchants")
    public MerchantList list(@QueryParam("status") String status, @QueryParam("limit") String limit,
                             @QueryParam("cursor") String cursor) {
        return merchants.list(status, limit, cursor);
    }

    @GET
    @Path("/{id}")
    @Operation(summary = "A merchant (never a secret)")
    @APIResponse(responseCode = "200", description = "The merchant")
    public MerchantView get(@PathParam("id") String id) {
        return merchants.get(id);
    }

    @PATCH
    @Path("/{id}")
    @Consumes({MERGE_PATCH, MediaType.APPLICATION_JSON})
    @Operation(summary = "Change a merchant (JSON merge patch, RFC 7396)", description = "Of the members of a creation "
            + "but id; null removes a member. The result is checked whole; a bad one changes nothing.")
    @APIResponse(responseCode = "200", description = "The merchant as changed")
    public MerchantView patch(@PathParam("id") String id, @NotNull JsonNode patch) {
        return merchants.patch(actors.operator(), id, patch);
    }

    @POST
    @Path("/{id}/suspend")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Suspend a merchant", description = "Its every request is 403SS05; nothing is deleted.")
    @APIResponse(responseCode = "200", description = "Suspended")
    public MerchantView suspend(@PathParam("id") String id, @Valid @NotNull SuspendRequest request) {
        return merchants.suspend(actors.operator(), id, request.reason());
    }

    @POST
    @Path("/{id}/reactivate")
    @Operation(summary = "Reactivate a suspended merchant")
    @APIResponse(responseCode = "200", description = "Active again")
    public MerchantView reactivate(@PathParam("id") String id) {
        return merchants.reactivate(actors.operator(), id);
    }

    @POST
    @Path("/{id}/client-secret/rotate")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Rotate the merchant's client secret", description = "The previous one is accepted for "
            + "graceSeconds (0-604800, default 86400); the new one is in this reply only.")
    @APIResponse(responseCode = "200", description = "The new client secret")
    public RotatedSecret rotateClientSecret(@PathParam("id") String id, @Valid SecretRotation request) {
        return rotations.rotateClientSecret(actors.operator(), id, SecretRotation.graceOf(request));
    }

    @POST
    @Path("/{id}/notification-secret/rotate")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Rotate the merchant's notification secret", description = "Notifications carry both "
            + "signatures for graceSeconds; the new secret is in this reply only.")
    @APIResponse(responseCode = "200", description = "The new notification secret")
    public RotatedSecret rotateNotificationSecret(@PathParam("id") String id, @Valid SecretRotation request) {
        return rotations.rotateNotificationSecret(actors.operator(), id, SecretRotation.graceOf(request));
    }

    @POST
    @Path("/{id}/snap-signing-key/rotate")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Rotate the gateway's signing key of the merchant's SNAP notifications", description = "The "
            + "new key is published at once and signs from activateAt (default 7 days from now).")
    @APIResponse(responseCode = "200", description = "The merchant, with its next signing key")
    public MerchantView rotateSigningKey(@PathParam("id") String id, @Valid SigningKeyRotation request) {
        return merchants.rotateSigningKey(actors.operator(), id, request == null ? null : request.activateAt());
    }

    @POST
    @Path("/{id}/snap-signing-key/activate")
    @Operation(summary = "Sign the merchant's SNAP notifications with its next key from now")
    @APIResponse(responseCode = "200", description = "The merchant, its next key now current")
    public MerchantView activateSigningKey(@PathParam("id") String id) {
        return MerchantViews.of(rotations.activateSigningKey(actors.operator(), id), clock.instant());
    }
}

package io.paygate.merchant.selfservice;

import io.paygate.kit.auth.MerchantAuthenticated;
import io.paygate.kit.openapi.GatewayOpenApiFilter;
import io.paygate.merchant.registry.Actors;
import io.paygate.merchant.registry.MerchantViews;
import io.paygate.merchant.registry.SecretRotations;
import io.paygate.model.api.merchant.IpAllowlistChange;
import io.paygate.model.api.merchant.MerchantView;
import io.paygate.model.api.merchant.RotatedSecret;
import io.paygate.model.api.merchant.SecretRotation;
import io.paygate.model.api.merchant.SnapPublicKeyChange;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.time.Clock;

/**
 * The merchant's self-service (docs/contract.md §10), signed as every {@code /pg/} call (§0). Beside
 * notification-service's {@code /pg/merchant/callbacks}, which the Ingress sends there.
 */
@Path("/pg/merchant")
@Produces(MediaType.APPLICATION_JSON)
@MerchantAuthenticated
@Tag(name = "Merchant self-service", description = "Your profile, keys and address allowlist (docs/contract.md §10)")
@SecurityRequirement(name = GatewayOpenApiFilter.MERCHANT)
public class SelfServiceResource {

    private final SelfService self;
    private final SecretRotations rotations;
    private final Actors actors;
    private final Clock clock = Clock.systemUTC();

    SelfServiceResource(SelfService self, SecretRotations rotations, Actors actors) {
        this.self = self;
        this.rotations = rotations;
        this.actors = actors;
    }

    @GET
    @Operation(summary = "Your profile", description = "As the operator sees it; never a secret.")
    @APIResponse(responseCode = "200", description = "The profile")
    public MerchantView profile() {
        return self.profile(actors.merchantId());
    }

    @POST
    @Path("/client-secret/rotate")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Rotate your client secret", description = "Sign with the new secret from 5 s after this "
            + "reply; the previous one is accepted until previousExpiresAt (graceSeconds 0-604800, default 86400).")
    @APIResponse(responseCode = "200", description = "The new client secret (shown once)")
    public RotatedSecret rotateClientSecret(@Valid SecretRotation request) {
        return rotations.rotateClientSecret(actors.merchant(), actors.merchantId(), SecretRotation.graceOf(request));
    }

    @DELETE
    @Path("/client-secret/previous")
    @Operation(summary = "End your previous client secret now")
    @APIResponse(responseCode = "200", description = "Ended")
    public MerchantView endPreviousClientSecret() {
        return MerchantViews.of(rotations.endPreviousClientSecret(actors.merchant(), actors.merchantId()),
                clock.instant());
    }

    @POST
    @Path("/notification-secret/rotate")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Rotate your notification secret", description = "Notifications carry a webhook-signature of "
            + "each secret until previousExpiresAt; the body signature and X-SIGNATURE use the previous one until you "
            + "activate the new one.")
    @APIResponse(responseCode = "200", description = "The new notification secret (shown once)")
    public RotatedSecret rotateNotificationSecret(@Valid SecretRotation request) {
        return rotations.rotateNotificationSecret(actors.merchant(), actors.merchantId(),
                SecretRotation.graceOf(request));
    }

    @POST
    @Path("/notification-secret/activate")
    @Operation(summary = "Sign notifications with your new notification secret from now")
    @APIResponse(responseCode = "200", description = "Activated")
    public MerchantView activateNotificationSecret() {
        return MerchantViews.of(rotations.activateNotificationSecret(actors.merchant(), actors.merchantId()),
                clock.instant());
    }

    @PUT
    @Path("/snap-public-key")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Your new SNAP public key", description = "Access-token requests signed with the previous key "
            + "are accepted for graceSeconds (default 86400).")
    @APIResponse(responseCode = "200", description = "The profile with the new key")
    public MerchantView snapPublicKey(@Valid @NotNull SnapPublicKeyChange request) {
        return self.snapPublicKey(actors.merchant(), actors.merchantId(), request);
    }

    @PUT
    @Path("/ip-allowlist")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "The addresses your requests may come from", description = "At most 32 CIDRs; empty: any. A "
            + "list that would refuse this very request's address is 409 unless force is true.")
    @APIResponse(responseCode = "200", description = "The profile with the new list")
    public MerchantView ipAllowlist(@Valid @NotNull IpAllowlistChange request) {
        return self.ipAllowlist(actors.merchant(), actors.merchantId(), request, actors.clientAddress());
    }
}

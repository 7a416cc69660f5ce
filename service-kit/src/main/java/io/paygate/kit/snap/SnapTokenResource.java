package io.paygate.kit.snap;

import io.paygate.kit.auth.CurrentMerchant;
import io.paygate.kit.openapi.GatewayOpenApiFilter;
import io.paygate.model.snap.AccessTokenRequest;
import io.paygate.model.snap.AccessTokenResponse;
import io.paygate.model.snap.SnapServices;
import io.quarkus.arc.properties.IfBuildProperty;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.jboss.logging.Logger;

/**
 * {@code POST /v1.0/access-token/b2b} (SNAP service 73, docs/contract.md §9): a merchant's SNAP client signs
 * {@code <client key>|<timestamp>} with its private key ({@link SnapClientSigned}) and gets a bearer token valid 900 s
 * at every replica of every service ({@link AccessTokens}). Body {@code {"grantType":"client_credentials"}}, or
 * {@code grant_type} as midtrans-client sends it: absent {@code 4007302}, another value {@code 4007301}.
 * <p>
 * Served where the service turns it on at build time ({@code gateway.snap.token-endpoint=true}): payment-service, where
 * the Ingress sends {@code /v1.0/} (binding-service accepts the same tokens). Documented in the merchant's OpenAPI
 * document from payment-service (its META-INF/openapi.yaml: tag SNAP access token, examples), the signature headers and
 * the {@code 4017300}s from GatewayOpenApiFilter ({@link GatewayOpenApiFilter#SNAP_CLIENT}).
 */
@Path(SnapServices.ACCESS_TOKEN)
@IfBuildProperty(name = "gateway.snap.token-endpoint", stringValue = "true")
public class SnapTokenResource {

    private static final Logger LOG = Logger.getLogger(SnapTokenResource.class);

    private final AccessTokens tokens;
    private final CurrentMerchant merchant;

    SnapTokenResource(AccessTokens tokens, CurrentMerchant merchant) {
        this.tokens = tokens;
        this.merchant = merchant;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    @SnapClientSigned
    @SecurityRequirement(name = GatewayOpenApiFilter.SNAP_CLIENT)
    @APIResponse(responseCode = "200", description = "A bearer token for the SNAP transaction requests")
    public AccessTokenResponse token(AccessTokenRequest request) {
        String grantType = grantType(request);
        if (grantType == null) {
            throw SnapException.mandatory("grantType");
        }
        if (!AccessTokenRequest.CLIENT_CREDENTIALS.equals(grantType)) {
            throw SnapException.invalidFormat("grantType");
        }
        String id = merchant.get().id();
        String token = tokens.issue(id);
        LOG.infof("SNAP access token issued to merchant %s for %d s", id, AccessTokens.LIFETIME_SECONDS);
        return AccessTokenResponse.of(token, AccessTokens.LIFETIME_SECONDS);
    }

    /** {@code grantType} or {@code grant_type}; both given must agree (otherwise the format is wrong). */
    private static String grantType(AccessTokenRequest request) {
        if (request == null) {
            return null;
        }
        String camel = request.grantType();
        String snake = request.grantTypeSnakeCase();
        if (camel != null && snake != null && !camel.equals(snake)) {
            return "";
        }
        return camel != null ? camel : snake;
    }
}

package io.paygate.kit.ratelimit;

import io.paygate.kit.auth.CurrentMerchant;
import io.paygate.kit.auth.InternalAuthenticated;
import io.paygate.kit.auth.Merchant;
import io.paygate.kit.auth.MerchantAuthenticated;
import io.paygate.kit.auth.OpsAuthenticated;
import io.paygate.kit.error.ServiceCodeResolver;
import io.paygate.kit.snap.SnapAuthenticated;
import io.paygate.kit.snap.SnapClientSigned;
import io.paygate.kit.web.ClientAddresses;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

import java.util.OptionalLong;

/**
 * Where the rate limits run (docs/contract.md §0), around the authentication filters and without touching them:
 * <ol>
 *     <li>{@link #markAuthenticated} (name-bound, first): the endpoint checks credentials of its own;</li>
 *     <li>{@link #beforeAuthentication} (every endpoint): resolves the client address; an endpoint with credentials is
 *     refused at once when its address was refused recently, any other one draws from its address (or page)
 *     bucket;</li>
 *     <li>the authentication filters ({@code Priorities.AUTHENTICATION}); a failure costs the address a token in
 *     {@code ErrorMappers} ({@link RateLimits#failedAuthentication});</li>
 *     <li>{@link #merchant} (name-bound, right after a successful merchant authentication): the merchant's bucket.</li>
 *     <li>the same for the SNAP door ({@code snap.SnapAuthenticated}, {@code snap.SnapClientSigned}): marked as
 *     authenticated paths, the merchant's bucket once the token or signature verified.</li>
 * </ol>
 * The first three are JAX-RS filters of the matched endpoint, so they cost nothing on {@code /q/*}; all of them run on
 * the worker thread of the (blocking) endpoint, so the database round trip blocks no event loop.
 */
public class RateLimitFilters {

    /** The client address of this request, for the failure hook in {@code ErrorMappers}. */
    public static final String CLIENT = "paygate.rate-limit.client";
    private static final String AUTHENTICATED_PATH = "paygate.rate-limit.authenticated-path";

    private final RateLimits limits;
    private final ClientAddresses addresses;
    private final CurrentMerchant currentMerchant;
    private final ServiceCodeResolver serviceCodes;

    RateLimitFilters(RateLimits limits, ClientAddresses addresses, CurrentMerchant currentMerchant,
                     ServiceCodeResolver serviceCodes) {
        this.limits = limits;
        this.addresses = addresses;
        this.currentMerchant = currentMerchant;
        this.serviceCodes = serviceCodes;
    }

    @ServerRequestFilter(priority = Priorities.AUTHENTICATION - 200)
    @MerchantAuthenticated
    public void markMerchant(ContainerRequestContext request) {
        markAuthenticated(request);
    }

    @ServerRequestFilter(priority = Priorities.AUTHENTICATION - 200)
    @OpsAuthenticated
    public void markOps(ContainerRequestContext request) {
        markAuthenticated(request);
    }

    @ServerRequestFilter(priority = Priorities.AUTHENTICATION - 200)
    @InternalAuthenticated
    public void markInternal(ContainerRequestContext request) {
        markAuthenticated(request);
    }

    @ServerRequestFilter(priority = Priorities.AUTHENTICATION - 200)
    @SnapAuthenticated
    public void markSnap(ContainerRequestContext request) {
        markAuthenticated(request);
    }

    @ServerRequestFilter(priority = Priorities.AUTHENTICATION - 200)
    @SnapClientSigned
    public void markSnapClient(ContainerRequestContext request) {
        markAuthenticated(request);
    }

    private static void markAuthenticated(ContainerRequestContext request) {
        request.setProperty(AUTHENTICATED_PATH, Boolean.TRUE);
    }

    @ServerRequestFilter(priority = Priorities.AUTHENTICATION - 100)
    public Response beforeAuthentication(ContainerRequestContext request, HttpServerRequest http) {
        if (!limits.enabled()) {
            return null;
        }
        String client = addresses.clientOf(http);
        request.setProperty(CLIENT, client);
        String path = request.getUriInfo().getPath();
        OptionalLong refused = request.getProperty(AUTHENTICATED_PATH) != null
                ? limits.blocked(client)
                : limits.unauthenticated(client, path);
        return refused.isPresent() ? reply(request, path, refused.getAsLong()) : null;
    }

    @ServerRequestFilter(priority = Priorities.AUTHENTICATION + 1)
    @MerchantAuthenticated
    public Response merchant(ContainerRequestContext request) {
        if (!limits.enabled()) {
            return null;
        }
        Merchant merchant = currentMerchant.get();
        OptionalLong refused = limits.merchant(merchant.id(), merchant.rateLimit().orElse(null));
        return refused.isPresent() ? reply(request, request.getUriInfo().getPath(), refused.getAsLong()) : null;
    }

    /** A SNAP transaction request, right after its token and signature verified: the merchant's bucket. */
    @ServerRequestFilter(priority = Priorities.AUTHENTICATION + 1)
    @SnapAuthenticated
    public Response snapMerchant(ContainerRequestContext request) {
        return merchant(request);
    }

    /** A SNAP access-token request, once its signature verified: the merchant's bucket. */
    @ServerRequestFilter(priority = Priorities.AUTHENTICATION + 1)
    @SnapClientSigned
    public Response snapClient(ContainerRequestContext request) {
        return merchant(request);
    }

    private Response reply(ContainerRequestContext request, String path, long retryAfter) {
        return RateLimits.tooManyRequests(serviceCodes.resolve(request.getMethod(), path), retryAfter);
    }
}

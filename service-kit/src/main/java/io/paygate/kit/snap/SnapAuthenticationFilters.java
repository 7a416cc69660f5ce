package io.paygate.kit.snap;

import io.paygate.kit.auth.AuthenticationFilters;
import io.paygate.kit.auth.CurrentMerchant;
import io.paygate.kit.auth.Merchant;
import io.paygate.kit.auth.Merchants;
import io.paygate.kit.auth.SnapClient;
import io.paygate.kit.error.ServiceCodeResolver;
import io.paygate.kit.web.ClientAddresses;
import io.paygate.model.crypto.Digests;
import io.paygate.model.snap.SnapAccessTokenVerifier;
import io.paygate.model.snap.SnapHeaders;
import io.paygate.model.snap.SnapServices;
import io.paygate.model.snap.SnapSignatureException;
import io.paygate.model.snap.SnapTransactionSigner;
import io.paygate.model.snap.SnapTransactionVerifier;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

import java.io.IOException;
import java.time.Clock;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The SNAP door (docs/contract.md §9), name-bound so that no other endpoint pays for it, behind the same limits as every
 * endpoint ({@code web.*} route filters: target, body size and type, slow bodies; {@code ratelimit.RateLimitFilters}):
 * <ul>
 *     <li>{@link #client} ({@link SnapClientSigned}, the access-token request): {@code X-CLIENT-KEY} of a merchant with
 *     SNAP keys, {@code X-TIMESTAMP}, {@code X-SIGNATURE} by its private key; any failure {@code 401xx00
 *     Unauthorized. <reason>}.</li>
 *     <li>{@link #transaction} ({@link SnapAuthenticated}): the bearer token (none or expired {@code 401xx01}, not ours
 *     {@code 401xx03}), its merchant's client key in {@code X-PARTNER-ID} (another merchant's token {@code 401xx01}),
 *     {@code X-TIMESTAMP} and the HMAC {@code X-SIGNATURE} over the exact body and the target as sent
 *     ({@code 401xx00}).</li>
 *     <li>{@link #headers} ({@link SnapAuthenticated}, after the merchant's rate limit): {@code CHANNEL-ID} and
 *     {@code X-EXTERNAL-ID} ({@code 400xx02} when absent or empty, {@code 400xx01} when malformed or repeated), then
 *     the external id is claimed for the merchant's day ({@code 409xx00} when it was used).</li>
 * </ul>
 * Every {@code 401} costs the client address a token, as on {@code /pg/}. A bearer token authenticates nothing else:
 * {@code /pg/} endpoints take their own signature only.
 * <p>
 * As on {@code /pg/} (docs/contract.md §10, {@code auth.AuthenticationFilters}): once the merchant is named (by its
 * client key, or by the token), a request from outside its address allowlist is {@code 403xx06 Feature Not Allowed At
 * This Time} before anything else is read; signatures are checked against every key the merchant has live now (the
 * previous client secret until its expiry, the previous public key during its grace); a suspended merchant is
 * {@code 403xx05 Do Not Honor} once authenticated (the SNAP codes closest to {@code 403SS06}/{@code 403SS05}, with the
 * same case digits).
 */
public class SnapAuthenticationFilters {

    /** 1–36 visible ASCII characters: numbers (the standard), UUIDs (midtrans-client), {@code sdk…} (DANA). */
    private static final Pattern EXTERNAL_ID = Pattern.compile("[\\x21-\\x7E]{1,36}");
    /** 1–5 visible ASCII characters. */
    private static final Pattern CHANNEL_ID = Pattern.compile("[\\x21-\\x7E]{1,5}");
    private static final String BEARER = SnapHeaders.BEARER.strip();

    private final Merchants merchants;
    private final CurrentMerchant currentMerchant;
    private final AccessTokens tokens;
    private final SnapRequest snapRequest;
    private final SnapExternalIds externalIds;
    private final ServiceCodeResolver serviceCodes;
    private final ClientAddresses addresses;
    private final Clock clock = Clock.systemUTC();
    private final SnapAccessTokenVerifier tokenRequests = SnapAccessTokenVerifier.standard(clock);
    private final SnapTransactionVerifier transactions = SnapTransactionVerifier.standard(clock);

    SnapAuthenticationFilters(Merchants merchants, CurrentMerchant currentMerchant, AccessTokens tokens,
                              SnapRequest snapRequest, SnapExternalIds externalIds, ServiceCodeResolver serviceCodes,
                              ClientAddresses addresses) {
        this.addresses = addresses;
        this.merchants = merchants;
        this.currentMerchant = currentMerchant;
        this.tokens = tokens;
        this.snapRequest = snapRequest;
        this.externalIds = externalIds;
        this.serviceCodes = serviceCodes;
    }

    @ServerRequestFilter(priority = Priorities.AUTHENTICATION)
    @SnapClientSigned
    public void client(ContainerRequestContext request, HttpServerRequest http) {
        String clientKey = request.getHeaderString(SnapHeaders.CLIENT_KEY);
        if (clientKey == null || clientKey.isBlank()) {
            throw SnapException.unauthorized("Missing " + SnapHeaders.CLIENT_KEY);
        }
        Merchant merchant = merchants.findBySnapClientKey(clientKey)
                .orElseThrow(() -> SnapException.unauthorized("Unknown client"));
        requireAllowedAddress(merchant, http);
        SnapClient snap = merchant.snap().orElseThrow();
        try {
            tokenRequests.verify(snap.publicKey(), snap.previousPublicKey(clock.instant()), clientKey,
                    request.getHeaderString(SnapHeaders.TIMESTAMP), request.getHeaderString(SnapHeaders.SIGNATURE));
        } catch (SnapSignatureException e) {
            throw SnapException.unauthorized(e.reason());
        }
        requireActive(merchant);
        currentMerchant.set(merchant);
    }

    @ServerRequestFilter(priority = Priorities.AUTHENTICATION)
    @SnapAuthenticated
    public void transaction(ContainerRequestContext request, HttpServerRequest http) throws IOException {
        String path = request.getUriInfo().getPath();
        if (!SnapServices.isSnapPath(path)) {
            throw SnapException.unauthorized("Not a SNAP path"); // an endpoint bound by mistake: never a way in
        }
        String token;
        Merchant merchant;
        try {
            token = bearer(request.getHeaderString(SnapHeaders.AUTHORIZATION));
            AccessTokens.Claims claims = tokens.verify(token);
            merchant = merchants.find(claims.merchantId()).filter(m -> m.snap().isPresent())
                    .orElseThrow(SnapException::invalidToken); // SNAP keys removed since: the token is no longer good
        } catch (SnapException e) {
            AuthenticationFilters.readBody(request); // a body too large or not JSON is refused as such, before the 401
            throw e;
        }
        requireAllowedAddress(merchant, http);
        byte[] body = AuthenticationFilters.readBody(request);
        String partnerId = request.getHeaderString(SnapHeaders.PARTNER_ID);
        if (partnerId == null || partnerId.isBlank()) {
            throw SnapException.unauthorized("Missing " + SnapHeaders.PARTNER_ID);
        }
        if (!Digests.constantTimeEquals(merchant.snap().orElseThrow().clientKey(), partnerId)) {
            throw SnapException.invalidToken(); // another merchant's token
        }
        try {
            // docs/contract.md §0 and §9: PATH is the request target exactly as sent on the request line.
            transactions.verify(merchant.clientSecret(), merchant.previousClientSecret(clock),
                    request.getMethod(), http.uri(), token, body, request.getHeaderString(SnapHeaders.TIMESTAMP),
                    request.getHeaderString(SnapHeaders.SIGNATURE));
        } catch (SnapSignatureException e) {
            throw SnapException.unauthorized(e.reason());
        }
        requireActive(merchant);
        currentMerchant.set(merchant);
        snapRequest.authenticated(merchant, serviceCodes.resolve(request.getMethod(), path),
                SnapTransactionSigner.bodyHash(body));
    }

    @ServerRequestFilter(priority = Priorities.AUTHENTICATION + 2)
    @SnapAuthenticated
    public void headers(ContainerRequestContext request) {
        String channelId = field(request, SnapHeaders.CHANNEL_ID, CHANNEL_ID);
        String externalId = field(request, SnapHeaders.EXTERNAL_ID, EXTERNAL_ID);
        externalIds.claim(currentMerchant.get().id(), externalId);
        snapRequest.headers(externalId, channelId);
    }

    /** docs/contract.md §10: the SNAP form of {@code 403SS06}, before anything else of the request is read. */
    private void requireAllowedAddress(Merchant merchant, HttpServerRequest http) {
        if (AuthenticationFilters.outsideAllowlist(merchant, http, addresses)) {
            throw SnapException.addressNotAllowed();
        }
    }

    /** docs/contract.md §10: the SNAP form of {@code 403SS05}, once the request is authenticated. */
    private static void requireActive(Merchant merchant) {
        if (merchant.suspended()) {
            throw SnapException.suspended();
        }
    }

    private static String bearer(String authorization) {
        if (authorization == null || authorization.length() <= BEARER.length()
                || !authorization.regionMatches(true, 0, BEARER, 0, BEARER.length())
                || authorization.charAt(BEARER.length()) != ' ') {
            throw SnapException.invalidToken();
        }
        String token = authorization.substring(BEARER.length()).strip();
        if (token.isEmpty()) {
            throw SnapException.invalidToken();
        }
        return token;
    }

    private static String field(ContainerRequestContext request, String name, Pattern format) {
        List<String> values = request.getHeaders().get(name);
        if (values == null || values.isEmpty() || values.get(0) == null || values.get(0).isBlank()) {
            throw SnapException.mandatory(name);
        }
        String value = values.get(0).strip();
        if (values.size() > 1 || !format.matcher(value).matches()) {
            throw SnapException.invalidFormat(name);
        }
        return value;
    }
}

package io.paygate.kit.auth;

import io.paygate.kit.config.GatewayConfig;
import io.paygate.kit.error.ApiException;
import io.paygate.kit.web.ClientAddresses;
import io.paygate.kit.web.ContentTypeRule;
import io.paygate.model.auth.RequestAuthenticationException;
import io.paygate.model.auth.RequestSigner;
import io.paygate.model.auth.RequestVerifier;
import io.paygate.model.error.ErrorCase;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.util.Optional;

/**
 * Authentication of the endpoints marked {@link MerchantAuthenticated}, {@link OpsAuthenticated} or
 * {@link InternalAuthenticated} (name-bound, so other endpoints never pay for it). Every failure is
 * {@code 401SS00 Unauthorized. <reason>} and nothing behind the filter runs.
 *
 * <p>A merchant request (docs/contract.md §0, §10), in this order: {@code X-PARTNER-ID} names a merchant this service
 * knows ({@link Merchants}, the registry's state over the configuration's); a request from an address outside the
 * merchant's allowlist ({@link ClientAddresses}: {@code X-Forwarded-For} only from a trusted proxy) is
 * {@code 403SS06} before the body is looked at; the signature is checked against each secret the merchant has live
 * now, the current one and the previous one until its expiry, both in constant time; a suspended merchant is
 * {@code 403SS05}, only once authenticated, so that a caller without the secret learns nothing of it.
 */
public class AuthenticationFilters {

    /** docs/contract.md §0: a body over 64 KiB is refused with 413. */
    public static final int MAX_BODY_BYTES = 64 * 1024;
    private static final String BEARER = "Bearer ";

    private final Merchants merchants;
    private final CurrentMerchant currentMerchant;
    private final GatewayConfig config;
    private final Operators operators;
    private final CurrentOperator currentOperator;
    private final ClientAddresses addresses;
    private final Clock clock = Clock.systemUTC();
    private final RequestVerifier verifier = RequestVerifier.standard(clock);

    AuthenticationFilters(Merchants merchants, CurrentMerchant currentMerchant, GatewayConfig config,
                          Operators operators, CurrentOperator currentOperator, ClientAddresses addresses) {
        this.merchants = merchants;
        this.currentMerchant = currentMerchant;
        this.config = config;
        this.operators = operators;
        this.currentOperator = currentOperator;
        this.addresses = addresses;
    }

    /**
     * Verifies the merchant signature over the exact body bytes, then hands the same bytes on to the resource.
     * Unknown merchants get the same answer shape as bad signatures.
     */
    @ServerRequestFilter(priority = Priorities.AUTHENTICATION)
    @MerchantAuthenticated
    public void merchant(ContainerRequestContext request, HttpServerRequest http) throws IOException {
        String partnerId = request.getHeaderString(RequestSigner.PARTNER_ID);
        if (partnerId == null || partnerId.isBlank()) {
            readBody(request); // a body that is too large or not JSON is refused as such, before the 401
            throw ApiException.unauthorized("Missing " + RequestSigner.PARTNER_ID);
        }
        Merchant merchant = merchants.find(partnerId).orElse(null);
        if (merchant == null) {
            readBody(request);
            throw ApiException.unauthorized("Unknown partner");
        }
        requireAllowedAddress(merchant, http, addresses);
        byte[] body = readBody(request);
        // docs/contract.md §0: PATH is the request target exactly as sent on the request line (web.RequestTargets refused
        // the forms that could name another resource than the one this string names).
        String target = http.uri();
        try {
            verifier.verify(merchant.clientSecret(), merchant.previousClientSecret(clock), request.getMethod(),
                    target, body, request.getHeaderString(RequestSigner.TIMESTAMP),
                    request.getHeaderString(RequestSigner.SIGNATURE));
        } catch (RequestAuthenticationException e) {
            throw ApiException.unauthorized(e.reason());
        }
        requireActive(merchant);
        currentMerchant.set(merchant);
    }

    /**
     * Whether {@code http} comes from an address outside the merchant's allowlist (docs/contract.md §10), the client
     * address as {@link ClientAddresses} decides it; asked before anything else of the request is read (the SNAP door
     * too).
     */
    public static boolean outsideAllowlist(Merchant merchant, HttpServerRequest http, ClientAddresses addresses) {
        return !merchant.ipAllowlist().isEmpty() && !merchant.allows(addresses.clientAddress(http));
    }

    /** docs/contract.md §10: {@code 403SS06}. */
    private static void requireAllowedAddress(Merchant merchant, HttpServerRequest http, ClientAddresses addresses) {
        if (outsideAllowlist(merchant, http, addresses)) {
            throw ApiException.of(ErrorCase.ADDRESS_NOT_ALLOWED, null);
        }
    }

    /** docs/contract.md §10: {@code 403SS05} for a suspended merchant (called once its request is authenticated). */
    private static void requireActive(Merchant merchant) {
        if (merchant.suspended()) {
            throw ApiException.of(ErrorCase.MERCHANT_SUSPENDED, null);
        }
    }

    /**
     * Any operator's bearer token (docs/contract.md §10: a named operator's, or {@code gateway.ops.token}, operator
     * {@code ops}); the operator's name is then in {@link CurrentOperator}.
     */
    @ServerRequestFilter(priority = Priorities.AUTHENTICATION)
    @OpsAuthenticated
    public void ops(ContainerRequestContext request) {
        String token = bearer(request);
        currentOperator.set(operators.authenticate(token)
                .orElseThrow(() -> ApiException.unauthorized("Invalid ops token")));
    }

    @ServerRequestFilter(priority = Priorities.AUTHENTICATION)
    @InternalAuthenticated
    public void internal(ContainerRequestContext request) {
        checkBearer(request, config.internal().token(), "internal");
    }

    private static void checkBearer(ContainerRequestContext request, Optional<String> expected, String kind) {
        String token = bearer(request);
        if (expected.isEmpty() || !MessageDigest.isEqual(expected.get().getBytes(StandardCharsets.UTF_8),
                token.getBytes(StandardCharsets.UTF_8))) {
            throw ApiException.unauthorized("Invalid " + kind + " token");
        }
    }

    private static String bearer(ContainerRequestContext request) {
        String header = request.getHeaderString(HttpHeaders.AUTHORIZATION);
        if (header == null || !header.startsWith(BEARER)) {
            throw ApiException.unauthorized("Missing bearer token");
        }
        return header.substring(BEARER.length()).strip();
    }

    /**
     * The body exactly as the endpoint will read it. It is read whatever the headers say (no {@code Content-Type}
     * is not "no body"): the signature covers the bytes that are read, never fewer. A body that is not
     * {@code application/json} is refused (docs/contract.md §0: {@code 415SS00}) before the signature is checked, so no
     * endpoint ever sees bytes of a type it might guess. The bytes are already in memory: {@code web.RequestBodies}
     * read them on the event loop, within the body deadline and the size limit, before this filter's worker thread
     * was given the request.
     */
    public static byte[] readBody(ContainerRequestContext request) throws IOException {
        // Read as much as Content-Length announces (one byte more, to notice a longer body): a buffer of the body's
        // size, not readNBytes' 16 KiB chunk for every ~300-byte request. Without it, up to the limit.
        int announced = request.getLength();
        int toRead = announced >= 0 && announced <= MAX_BODY_BYTES ? announced + 1 : MAX_BODY_BYTES + 1;
        byte[] body;
        try (InputStream in = request.getEntityStream()) {
            body = in.readNBytes(toRead);
        }
        if (body.length > MAX_BODY_BYTES) {
            throw ApiException.of(ErrorCase.PAYLOAD_TOO_LARGE, null);
        }
        if (body.length > 0 && !ContentTypeRule.isJson(request.getMediaType())) {
            throw ApiException.of(ErrorCase.UNSUPPORTED_MEDIA_TYPE, null);
        }
        request.setEntityStream(new ByteArrayInputStream(body));
        return body;
    }
}

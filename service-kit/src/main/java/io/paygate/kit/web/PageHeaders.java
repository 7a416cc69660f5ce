package io.paygate.kit.web;

import io.vertx.core.http.HttpServerRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.Response;

import java.security.SecureRandom;
import java.util.Base64;

/**
 * The headers of every page a customer sees (the hosted payment page, the bank's authorization page): nothing
 * cached (the pages show payment details and take card numbers or one-time codes), no framing (clickjacking), no
 * type sniffing, no referrer to third parties, a Content Security Policy that lets only the page's own inline style
 * and script run (by a nonce fresh for each response), forms post only to the gateway; and HSTS when the request
 * reached the gateway over https, directly or as a trusted proxy says ({@link ClientAddresses#arrivedOverHttps}).
 */
@ApplicationScoped
public class PageHeaders {

    /** A year, subdomains included: the gateway's host serves nothing over plain http in production. */
    public static final String HSTS = "max-age=31536000; includeSubDomains";
    private static final SecureRandom RANDOM = new SecureRandom();

    private final ClientAddresses origins;

    PageHeaders(ClientAddresses origins) {
        this.origins = origins;
    }

    /** A fresh CSP nonce for one response: 128 random bits, base64. */
    public static String nonce() {
        byte[] bytes = new byte[16];
        RANDOM.nextBytes(bytes);
        return Base64.getEncoder().encodeToString(bytes);
    }

    /**
     * Adds the page headers.
     *
     * @param nonce   the nonce the page's {@code <style>} and {@code <script>} carry
     * @param request the request (CDI's {@code @Inject HttpServerRequest}): over https, directly or as a trusted
     *                proxy says?
     */
    public Response.ResponseBuilder apply(Response.ResponseBuilder response, String nonce, HttpServerRequest request) {
        response.header("Cache-Control", "no-store")
                .header("X-Content-Type-Options", "nosniff")
                .header("Referrer-Policy", "no-referrer")
                .header("X-Frame-Options", "DENY")
                .header("Content-Security-Policy", "default-src 'none'; style-src 'nonce-" + nonce + "'; "
                        + "script-src 'nonce-" + nonce + "'; connect-src 'self'; img-src data:; "
                        + "form-action 'self'; frame-ancestors 'none'; base-uri 'none'");
        if (origins.arrivedOverHttps(request)) {
            response.header("Strict-Transport-Security", HSTS);
        }
        return response;
    }
}

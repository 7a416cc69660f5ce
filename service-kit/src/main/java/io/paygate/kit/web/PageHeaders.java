package io.paygate.kit.web;

import io.paygate.model.ids.SecureRandoms;
import io.vertx.core.http.HttpServerRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.core.Response;

import java.util.Base64;

/**
 * The headers of every page a customer sees (the hosted payment page, the bank's authorization page): nothing
 * cached (the pages show payment details and take card numbers or one-time codes), no framing (clickjacking), no
 * type sniffing, no referrer to third parties, a Content Security Policy that lets only the page's own inline style
 * and script run (by a nonce fresh for each response), images only from the gateway (a payment's QR), forms post
 * only to the gateway; and HSTS when the request
 * reached the gateway over https, directly or as a trusted proxy says ({@link ClientAddresses#arrivedOverHttps}).
 */
@ApplicationScoped
public class PageHeaders {

    /** A year, subdomains included: the gateway's host serves nothing over plain http in production. */
    public static final String HSTS = "max-age=31536000; includeSubDomains";
    /** A year: the customer's choice of language outlives one payment. */
    private static final int LANGUAGE_COOKIE_SECONDS = 365 * 24 * 3600;

    private final ClientAddresses origins;

    PageHeaders(ClientAddresses origins) {
        this.origins = origins;
    }

    /** A fresh CSP nonce for one response: 128 random bits, base64. */
    public static String nonce() {
        byte[] bytes = new byte[16];
        SecureRandoms.get().nextBytes(bytes);
        return Base64.getEncoder().encodeToString(bytes);
    }

    /**
     * Adds the page headers of a page in {@code language} ({@link PageLanguage}): {@code Content-Language}, and, when
     * the request's switch ({@code ?lang=}) chose it, the cookie that keeps it for the forms and redirects that follow.
     */
    public Response.ResponseBuilder apply(Response.ResponseBuilder response, String nonce, PageLanguage language,
                                          HttpServerRequest request) {
        apply(response, nonce, request).header("Content-Language", language.tag());
        if (PageLanguage.switched(request) == language) {
            response.cookie(new NewCookie.Builder(PageLanguage.COOKIE).value(language.tag()).path("/pg")
                    .maxAge(LANGUAGE_COOKIE_SECONDS).httpOnly(true).secure(origins.arrivedOverHttps(request))
                    .sameSite(NewCookie.SameSite.LAX).build());
        }
        return response;
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
                        + "script-src 'nonce-" + nonce + "'; connect-src 'self'; img-src 'self' data:; "
                        + "form-action 'self'; frame-ancestors 'none'; base-uri 'none'");
        if (origins.arrivedOverHttps(request)) {
            response.header("Strict-Transport-Security", HSTS);
        }
        return response;
    }
}

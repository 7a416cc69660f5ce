package io.paygate.kit.web;

import io.paygate.kit.error.ServiceCodeResolver;
import io.paygate.model.error.ErrorCase;
import io.quarkus.vertx.http.runtime.filters.Filters;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.ws.rs.core.MediaType;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * docs/contract.md §0: a request that carries a body must say what it is. A body sent with no {@code Content-Type}, an empty
 * one or one that is not a media type is refused with {@code 415SS00} before any route runs, so that nothing
 * downstream can guess a type (and read bytes the signature did not cover), and a malformed header is never a 500.
 * Which type an endpoint takes is checked later: merchant endpoints by the authentication filter
 * ({@link #isJson(MediaType)}), the others by their {@code @Consumes}.
 */
@ApplicationScoped
public class ContentTypeRule {

    /** Right after the body size limit: a body too large is refused for its size first. */
    private static final int PRIORITY = BodySizeLimit.PRIORITY - 1;
    /** RFC 9110 media type: token "/" token, then parameters. */
    private static final Pattern MEDIA_TYPE = Pattern.compile(
            "[!#$%&'*+.^_`|~0-9A-Za-z-]+/[!#$%&'*+.^_`|~0-9A-Za-z-]+[ \\t]*(;.*)?", Pattern.DOTALL);

    void install(@Observes Filters filters, ServiceCodeResolver serviceCodes) {
        filters.register(context -> {
            HttpServerRequest request = context.request();
            String path = context.normalizedPath();
            if ((path.startsWith("/pg/") || path.startsWith("/v1.0/")) && !acceptable(request)) {
                EarlyReply.send(context, serviceCodes, ErrorCase.UNSUPPORTED_MEDIA_TYPE);
                return;
            }
            context.next();
        }, PRIORITY);
    }

    /** A request without a body may omit the type; one with a body needs a well-formed type. */
    static boolean acceptable(HttpServerRequest request) {
        String type = request.getHeader(HttpHeaders.CONTENT_TYPE);
        if (type != null) {
            return MEDIA_TYPE.matcher(type.strip()).matches();
        }
        return !carriesBody(request);
    }

    /**
     * Whether the headers announce a body: a positive {@code Content-Length}, or any {@code Transfer-Encoding}
     * (HTTP/1.1 chunked). An HTTP/2 body announces itself by neither; the authentication filter reads whatever
     * arrives regardless, so such a body is still covered there.
     */
    static boolean carriesBody(HttpServerRequest request) {
        if (request.getHeader(HttpHeaders.TRANSFER_ENCODING) != null) {
            return true;
        }
        String length = request.getHeader(HttpHeaders.CONTENT_LENGTH);
        if (length == null) {
            return false;
        }
        try {
            return Long.parseLong(length.strip()) != 0;
        } catch (NumberFormatException e) {
            return true; // Vert.x refuses it anyway; never treat it as "no body"
        }
    }

    /**
     * The one type merchant bodies may have: {@code application/json}, with no charset or {@code utf-8}
     * (I-JSON is UTF-8; a body announced in another charset would be read differently from how it was signed).
     */
    public static boolean isJson(MediaType type) {
        if (type == null || !"application".equalsIgnoreCase(type.getType())
                || !"json".equalsIgnoreCase(type.getSubtype())) {
            return false;
        }
        String charset = type.getParameters().get(MediaType.CHARSET_PARAMETER);
        return charset == null || "utf-8".equals(charset.strip().toLowerCase(Locale.ROOT));
    }
}

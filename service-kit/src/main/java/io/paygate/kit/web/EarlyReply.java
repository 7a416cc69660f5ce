package io.paygate.kit.web;

import io.paygate.kit.error.ServiceCodeResolver;
import io.paygate.kit.ratelimit.RateLimits;
import io.paygate.model.error.ErrorCase;
import io.paygate.model.error.ErrorResponse;
import io.paygate.model.json.Json;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.RoutingContext;

/**
 * The contract's error body sent from a Vert.x route filter, before any route runs (body size, media type, request
 * target, slow or too many requests): coded for the path like the errors the endpoints raise themselves. The
 * connection is closed, since the request's unread body would otherwise stay on it.
 */
final class EarlyReply {

    private EarlyReply() {
    }

    static void send(RoutingContext context, ServiceCodeResolver serviceCodes, ErrorCase errorCase) {
        send(context, serviceCodes, errorCase, null, 0);
    }

    static void send(RoutingContext context, ServiceCodeResolver serviceCodes, ErrorCase errorCase, String detail) {
        send(context, serviceCodes, errorCase, detail, 0);
    }

    /** {@code 429SS00} with {@code Retry-After}. */
    static void tooManyRequests(RoutingContext context, ServiceCodeResolver serviceCodes, long retryAfterSeconds) {
        send(context, serviceCodes, ErrorCase.TOO_MANY_REQUESTS, null, Math.max(1, retryAfterSeconds));
    }

    private static void send(RoutingContext context, ServiceCodeResolver serviceCodes, ErrorCase errorCase,
                             String detail, long retryAfterSeconds) {
        HttpServerResponse response = context.response();
        if (response.ended() || response.closed()) {
            return;
        }
        String body = Json.write(ErrorResponse.of(
                serviceCodes.resolve(context.request().method().name(), context.normalizedPath()), errorCase, detail));
        boolean http2 = context.request().version() == HttpVersion.HTTP_2;
        response.setStatusCode(errorCase.httpStatus()).putHeader(HttpHeaders.CONTENT_TYPE, "application/json");
        if (!http2) {
            response.putHeader(HttpHeaders.CONNECTION, "close");
        }
        if (retryAfterSeconds > 0) {
            response.putHeader(RateLimits.RETRY_AFTER, Long.toString(retryAfterSeconds));
        }
        response.end(body).onComplete(done -> {
            if (http2) {
                response.reset(0); // RFC 9113 §8.1: NO_ERROR, stop sending the rest of the body
            } else {
                context.request().connection().close();
            }
        });
    }
}

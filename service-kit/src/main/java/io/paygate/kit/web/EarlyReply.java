package io.paygate.kit.web;

import io.paygate.kit.error.ServiceCodeResolver;
import io.paygate.kit.observability.Rejections;
import io.paygate.kit.ratelimit.RateLimits;
import io.paygate.model.error.ErrorCase;
import io.paygate.model.error.ErrorResponse;
import io.paygate.model.json.Json;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.RoutingContext;

/**
 * The contract's error body sent from a Vert.x route filter, before any route runs (body size, media type, request
 * target, slow or too many requests): coded for the path like the errors the endpoints raise themselves. The
 * connection is closed, since the request's unread body would otherwise stay on it.
 */
final class EarlyReply {

    /** How long and how much of the unread body is read and dropped before the connection is closed. */
    static final long LINGER_MILLIS = 2_000;
    static final long LINGER_BYTES = 1024 * 1024;

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
        Rejections.early(ErrorCase.TOO_MANY_REQUESTS, "too many unfinished requests from the client address");
        send(context, serviceCodes, ErrorCase.TOO_MANY_REQUESTS, null, Math.max(1, retryAfterSeconds));
    }

    private static void send(RoutingContext context, ServiceCodeResolver serviceCodes, ErrorCase errorCase,
                             String detail, long retryAfterSeconds) {
        HttpServerResponse response = context.response();
        if (response.ended() || response.closed()) {
            return;
        }
        Rejections.early(errorCase, detail);
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
                lingerThenClose(context.request(), context.vertx());
            }
        });
    }

    private static void lingerThenClose(HttpServerRequest request, Vertx vertx) {
        HttpConnection connection = request.connection();
        if (request.isEnded()) {
            connection.close();
            return;
        }
        long timer = vertx.setTimer(LINGER_MILLIS, t -> connection.close());
        long[] dropped = {0};
        try {
            request.handler(chunk -> {
                dropped[0] += chunk.length();
                if (dropped[0] > LINGER_BYTES) {
                    vertx.cancelTimer(timer);
                    connection.close();
                }
            });
            request.endHandler(end -> {
                vertx.cancelTimer(timer);
                connection.close();
            });
            request.exceptionHandler(e -> {
                vertx.cancelTimer(timer);
                connection.close();
            });
            request.resume();
        } catch (IllegalStateException alreadyRead) {
            vertx.cancelTimer(timer);
            connection.close();
        }
    }
}

package io.paygate.kit.web;

import io.paygate.kit.error.ServiceCodeResolver;
import io.paygate.kit.observability.Rejections;
import io.paygate.model.error.ErrorCase;
import io.paygate.model.error.ErrorResponse;
import io.paygate.model.json.Json;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;

/**
 * The contract's error body sent from a Vert.x route filter, before any route runs (body size, media type): coded
 * for the path like the errors the endpoints raise themselves. The connection is closed, since the request's unread
 * body would otherwise stay on it.
 */
final class EarlyReply {

    private EarlyReply() {
    }

    static void send(RoutingContext context, ServiceCodeResolver serviceCodes, ErrorCase errorCase) {
        Rejections.note(errorCase, null);
        String body = Json.write(ErrorResponse.of(
                serviceCodes.resolve(context.request().method().name(), context.normalizedPath()), errorCase, null));
        context.response().setStatusCode(errorCase.httpStatus())
                .putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                .putHeader(HttpHeaders.CONNECTION, "close")
                .end(body);
    }
}

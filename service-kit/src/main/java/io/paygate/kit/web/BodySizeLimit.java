package io.paygate.kit.web;

import io.paygate.kit.auth.AuthenticationFilters;
import io.paygate.kit.error.ServiceCodeResolver;
import io.paygate.model.error.ErrorCase;
import io.paygate.model.error.ErrorResponse;
import io.paygate.model.json.Json;
import io.quarkus.vertx.http.runtime.filters.Filters;
import io.vertx.core.http.HttpHeaders;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Refuses a body that announces more than 64 KiB ({@code Content-Length}) with the contract's {@code 413SS00} reply
 * before a byte of it is read (CONTRACT §0). The authentication filter enforces the same limit on bodies sent without
 * a length; {@code quarkus.http.limits.max-body-size} (1M) is only the transport's backstop above both, and answers
 * without a body.
 */
@ApplicationScoped
public class BodySizeLimit {

    /** Before the application's routes, after Quarkus's own request bookkeeping. */
    private static final int PRIORITY = 1_000;

    void install(@Observes Filters filters, ServiceCodeResolver serviceCodes) {
        filters.register(context -> {
            String length = context.request().getHeader(HttpHeaders.CONTENT_LENGTH);
            if (length != null && announcesTooMuch(length)) {
                String body = Json.write(ErrorResponse.of(
                        serviceCodes.resolve(context.request().method().name(), context.normalizedPath()),
                        ErrorCase.PAYLOAD_TOO_LARGE, null));
                context.response().setStatusCode(ErrorCase.PAYLOAD_TOO_LARGE.httpStatus())
                        .putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                        .putHeader(HttpHeaders.CONNECTION, "close") // the unread body stays on the connection
                        .end(body);
                return;
            }
            context.next();
        }, PRIORITY);
    }

    private static boolean announcesTooMuch(String contentLength) {
        try {
            return Long.parseLong(contentLength.strip()) > AuthenticationFilters.MAX_BODY_BYTES;
        } catch (NumberFormatException e) {
            return false; // Vert.x refuses a malformed length itself
        }
    }
}

package io.paygate.kit.web;

import io.paygate.kit.auth.AuthenticationFilters;
import io.paygate.kit.error.ServiceCodeResolver;
import io.paygate.model.error.ErrorCase;
import io.quarkus.vertx.http.runtime.filters.Filters;
import io.vertx.core.http.HttpHeaders;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Refuses a body that announces more than 64 KiB ({@code Content-Length}) with the contract's {@code 413SS00} reply
 * before a byte of it is read (docs/contract.md §0). The authentication filter enforces the same limit on bodies sent without
 * a length; {@code quarkus.http.limits.max-body-size} (1M) is only the transport's backstop above both, and answers
 * without a body.
 */
@ApplicationScoped
public class BodySizeLimit {

    /** Before the application's routes, after Quarkus's own request bookkeeping. */
    static final int PRIORITY = 1_000;

    void install(@Observes Filters filters, ServiceCodeResolver serviceCodes) {
        filters.register(context -> {
            String length = context.request().getHeader(HttpHeaders.CONTENT_LENGTH);
            if (length != null && announcesTooMuch(length)) {
                EarlyReply.send(context, serviceCodes, ErrorCase.PAYLOAD_TOO_LARGE);
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

package io.paygate.kit.observability;

import io.paygate.model.ids.RequestIds;
import io.quarkus.vertx.http.runtime.filters.Filters;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.MDC;

/**
 * docs/contract.md §0 "Request ids": every request gets an id, the caller's {@code X-Request-Id} when it is well-formed
 * (1–64 of {@code [A-Za-z0-9._-]}), otherwise a new one. The id is echoed in the reply, put in the MDC (so every log
 * line of the request carries it, on the event loop and on the worker thread alike) and written in the request's one
 * access-log line when it ends ({@link AccessLog}). A Vert.x route filter before every other one, so the early
 * replies of the body size and media type rules carry the id too.
 */
@ApplicationScoped
public class RequestCorrelation {

    /** Before the body size limit (1000) and the media type rule (999): their replies must carry the id. */
    static final int PRIORITY = 10_000;

    private final AccessLog accessLog;

    RequestCorrelation(AccessLog accessLog) {
        this.accessLog = accessLog;
    }

    void install(@Observes Filters filters) {
        filters.register(this::start, PRIORITY);
    }

    void start(RoutingContext context) {
        String sent = context.request().getHeader(RequestIds.HEADER);
        String id = RequestIds.isWellFormed(sent) ? sent : RequestIds.generate();
        RequestRecord record = new RequestRecord(id, System.nanoTime());
        Context requestContext = Vertx.currentContext();
        record.attachTo(requestContext);
        MDC.put(LogContext.REQUEST_ID, id);
        context.response().putHeader(RequestIds.HEADER, id);
        context.addEndHandler(done -> accessLog.ended(context, record, requestContext));
        context.next();
    }
}

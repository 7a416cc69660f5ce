package io.paygate.kit.web;

import io.paygate.kit.auth.AuthenticationFilters;
import io.paygate.kit.error.ServiceCodeResolver;
import io.paygate.model.error.ErrorCase;
import io.quarkus.vertx.http.runtime.filters.Filters;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * docs/contract.md §0 "Slow clients": every request body is read whole on the event loop, before any route runs and before
 * a worker thread is given the request, within {@code gateway.http.body-timeout} and refused as soon as it passes
 * 64 KiB, chunked or not ({@code 413SS00}, or {@code 408SS00} when it is late; the connection is closed). The
 * endpoints and the authentication filter then read the same bytes from memory (RESTEasy Reactive takes the body of
 * the routing context), so a client that sends slowly holds a connection and at most 64 KiB, never a thread, and no
 * blocking read anywhere waits on a client.
 */
@ApplicationScoped
public class RequestBodies {

    /** Last of the route filters: after the per-address bound, the target, the size announced and the type. */
    static final int PRIORITY = BodySizeLimit.PRIORITY - 10;

    private final long timeoutMillis;
    private final Vertx vertx;

    RequestBodies(HttpConfig config, Vertx vertx) {
        this.timeoutMillis = Math.max(1, config.bodyTimeout().toMillis());
        this.vertx = vertx;
    }

    void install(@Observes Filters filters, ServiceCodeResolver serviceCodes) {
        filters.register(context -> read(context, serviceCodes), PRIORITY);
    }

    private void read(RoutingContext context, ServiceCodeResolver serviceCodes) {
        HttpServerRequest request = context.request();
        if (request.isEnded() || announcesNoBody(request)) {
            context.setBody(Buffer.buffer(0));
            context.next();
            return;
        }
        Reading reading = new Reading();
        reading.timer = vertx.setTimer(timeoutMillis, id -> {
            if (reading.finish()) {
                EarlyReply.send(context, serviceCodes, ErrorCase.REQUEST_TIMEOUT);
            }
        });
        request.handler(chunk -> {
            if (reading.finished) {
                return;
            }
            if (reading.body.length() + chunk.length() > AuthenticationFilters.MAX_BODY_BYTES) {
                if (reading.finish()) {
                    vertx.cancelTimer(reading.timer);
                    EarlyReply.send(context, serviceCodes, ErrorCase.PAYLOAD_TOO_LARGE);
                }
                return;
            }
            reading.body.appendBuffer(chunk);
        });
        request.endHandler(end -> {
            if (reading.finish()) {
                vertx.cancelTimer(reading.timer);
                context.setBody(reading.body);
                context.next();
            }
        });
        request.exceptionHandler(failure -> {
            if (reading.finish()) {
                vertx.cancelTimer(reading.timer);
                context.response().close(); // the client broke the request off: nothing to answer
            }
        });
        if ("100-continue".equalsIgnoreCase(request.getHeader(HttpHeaders.EXPECT))
                && request.version() != HttpVersion.HTTP_1_0) {
            context.response().writeContinue();
        }
        request.resume();
    }

    /**
     * HTTP/1.x says when there is no body: no {@code Transfer-Encoding} and no (or a zero) {@code Content-Length}.
     * HTTP/2 has no such rule (a body may come without a length), so its body is always read.
     */
    private static boolean announcesNoBody(HttpServerRequest request) {
        if (request.version() == HttpVersion.HTTP_2 || request.getHeader(HttpHeaders.TRANSFER_ENCODING) != null) {
            return false;
        }
        String length = request.getHeader(HttpHeaders.CONTENT_LENGTH);
        return length == null || length.strip().equals("0");
    }

    /** One body being read; only the event loop of its connection touches it. */
    private static final class Reading {
        final Buffer body = Buffer.buffer(256);
        long timer;
        boolean finished;

        /** True the first time only: the one outcome of this read. */
        boolean finish() {
            if (finished) {
                return false;
            }
            finished = true;
            return true;
        }
    }
}

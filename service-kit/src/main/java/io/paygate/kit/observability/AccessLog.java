package io.paygate.kit.observability;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.http.Outcome;
import io.quarkus.runtime.ShutdownEvent;
import io.vertx.core.Context;
import io.vertx.ext.web.RoutingContext;
import jakarta.inject.Singleton;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;

import java.util.concurrent.ConcurrentHashMap;

/**
 * One line per request, at INFO, in category {@value #CATEGORY}, when its reply has ended: method, path template
 * ({@code /pg/payment/card/status/{orderId}}), status, duration and merchant, with the request id in the MDC; a
 * refused request (401, 413, 415, 429) adds why ({@link Rejections}), so a refusal leaves one trace and one only.
 * Never a body, a header, a query string or a concrete path: a path no endpoint matched is shown with every segment
 * that holds a digit or an unusual character as {@code *} ({@link #shapeOf}). The same moment counts
 * {@code paygate_http_requests_total{merchant, status, outcome}}. For JSON logs the line also carries
 * {@code httpMethod}, {@code httpPath}, {@code httpStatus} and {@code durationMs} in its MDC. The line is written on a
 * thread of its own ({@link AccessLogWriter}), so a slow log never holds up an event loop.
 * Health and metrics (on the management port, or on the API port in tests) are not logged.
 */
// @Singleton, not @ApplicationScoped: used on every initiation, where a client proxy's lookup per call
// cost 4.6 % of the service's CPU (bench/README.md, issue 36); a singleton is injected as itself
@Singleton
public class AccessLog {

    public static final String CATEGORY = "io.paygate.access";
    /** Where RESTEasy Reactive leaves the matched endpoint's path template (for Quarkus's own HTTP metrics). */
    static final String TEMPLATE = "UrlPathTemplate";
    private static final Logger LOG = Logger.getLogger(CATEGORY);
    private static final int MAX_SEGMENTS = 8;

    private final MerchantTags merchants;
    private final MeterRegistry registry;
    private final ConcurrentHashMap<String, Counter> counters = new ConcurrentHashMap<>();
    private final AccessLogWriter writer;

    AccessLog(MerchantTags merchants, MeterRegistry registry) {
        this.merchants = merchants;
        this.registry = registry;
        this.writer = new AccessLogWriter(registry);
    }

    void ended(RoutingContext context, RequestRecord record, Context requestContext) {
        String path = context.request().path();
        if (path == null || path.startsWith("/q/health") || path.startsWith("/q/metrics")) {
            return;
        }
        int status = context.response().getStatusCode();
        long millis = (System.nanoTime() - record.startNanos()) / 1_000_000;
        Object template = requestContext == null ? null : requestContext.getLocal(TEMPLATE);
        String where = template instanceof String t ? t : shapeOf(path);
        String method = method(context.request().method().name());
        count(record.merchantId(), status);
        if (LOG.isInfoEnabled()) {
            writer.submit(new AccessLogWriter.Line(record.requestId(), record.merchantId(), method, where, status,
                    millis, record.rejection()));
        }
    }

    /** Lets the lines still waiting be written when the service stops. */
    void stop(@Observes ShutdownEvent event) throws InterruptedException {
        writer.close(1_000);
    }

    private void count(String merchantId, int status) {
        String merchant = merchants.of(merchantId);
        counters.computeIfAbsent(merchant + ' ' + status, key -> Counter.builder("paygate.http.requests")
                .description("Requests answered, by merchant (none: not a merchant request) and status")
                .tag(MerchantTags.TAG, merchant).tag("status", Integer.toString(status))
                .tag("outcome", Outcome.forStatus(status).name())
                .register(registry)).increment();
    }

    /** A method as it may be logged: HTTP token characters only, at most 16. */
    static String method(String name) {
        return name.length() <= 16 && name.chars().allMatch(c -> c >= 'A' && c <= 'Z') ? name : "OTHER";
    }

    /**
     * A path no endpoint matched, as it may be logged: segments of letters, dots, dashes and underscores stay, every
     * other segment (an id, a number, anything a client typed, a card number by mistake) becomes {@code *}; at most
     * {@value #MAX_SEGMENTS} segments.
     */
    static String shapeOf(String path) {
        StringBuilder shape = new StringBuilder();
        String[] segments = path.split("/", -1);
        int shown = 0;
        for (int i = 1; i < segments.length; i++) {
            if (shown++ == MAX_SEGMENTS) {
                shape.append("/…");
                break;
            }
            String segment = segments[i];
            shape.append('/').append(plain(segment) ? segment : "*");
        }
        return shape.isEmpty() ? "/" : shape.toString();
    }

    private static boolean plain(String segment) {
        if (segment.length() > 40) {
            return false;
        }
        for (int i = 0; i < segment.length(); i++) {
            char c = segment.charAt(i);
            boolean letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
            if (!letter && c != '-' && c != '_' && c != '.') {
                return false;
            }
        }
        return true;
    }
}

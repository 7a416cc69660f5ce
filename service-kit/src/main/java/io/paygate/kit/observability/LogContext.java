package io.paygate.kit.observability;

import io.paygate.model.event.EventEnvelope;
import io.paygate.model.ids.RequestIds;
import io.vertx.core.impl.ContextInternal;
import org.jboss.logging.MDC;

/**
 * The MDC keys every log line may carry (docs/contract.md §0 "Request ids"), and how background work puts them there. During
 * an HTTP request {@link RequestCorrelation} sets them; work that acts for a request later (delivering the
 * notifications an event caused) sets the request id for the lines it writes with {@link #requestId(String)}.
 * Quarkus keeps the MDC in the request's Vert.x context and, off Vert.x threads, per thread.
 */
public final class LogContext {

    /** The request id (the reply's {@code X-Request-Id}). */
    public static final String REQUEST_ID = "requestId";
    /** The merchant a request was authenticated as. */
    public static final String MERCHANT_ID = "merchantId";

    private static final Scope NOTHING = () -> {
    };

    private LogContext() {
    }

    /** The request id of the current log context, if there is a well-formed one. */
    public static String currentRequestId() {
        Object id = MDC.get(REQUEST_ID);
        return id instanceof String s ? RequestIds.orNull(s) : null;
    }

    /** The request id of an event's JSON value (an outbox row's payload), or null; for the rare lines about one. */
    public static String requestIdIn(String eventJson) {
        try {
            return EventEnvelope.fromJson(eventJson).requestId();
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** The merchant the current request was authenticated as: in its MDC and its access-log line. */
    public static void authenticated(String merchantId) {
        MDC.put(MERCHANT_ID, merchantId);
        RequestRecord.current().ifPresent(record -> record.authenticated(merchantId));
    }

    /**
     * Puts {@code requestId} in the MDC until the scope is closed, then restores what was there. A null or malformed
     * id changes nothing (an event from before request ids, or from scheduled work).
     * <p>
     * On a Vert.x thread running its root context (a Vert.x client's callback: an HTTP reply, a completion handed on
     * there), Quarkus keeps the MDC in a duplicated context, which it makes anew at every read and write: what was put
     * was gone at the next line (a notification's "DELIVERED" line had no request id when its record was written
     * before the reply's callback went on). There the scope runs in a duplicate of that context, made current for
     * its length on this thread.
     */
    public static Scope requestId(String requestId) {
        if (!RequestIds.isWellFormed(requestId)) {
            return NOTHING;
        }
        ContextInternal current = ContextInternal.current();
        if (current != null && !current.isDuplicate()) {
            ContextInternal duplicate = current.duplicate();
            ContextInternal outside = duplicate.beginDispatch();
            MDC.put(REQUEST_ID, requestId);
            return () -> duplicate.endDispatch(outside);
        }
        Object previous = MDC.get(REQUEST_ID);
        MDC.put(REQUEST_ID, requestId);
        return () -> {
            if (previous == null) {
                MDC.remove(REQUEST_ID);
            } else {
                MDC.put(REQUEST_ID, previous);
            }
        };
    }

    /** An MDC entry that ends with the block. */
    @FunctionalInterface
    public interface Scope extends AutoCloseable {
        @Override
        void close();
    }
}

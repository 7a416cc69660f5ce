package io.paygate.kit.observability;

import io.smallrye.common.vertx.VertxContext;
import io.vertx.core.Context;
import io.vertx.core.Vertx;

import java.util.Optional;

/**
 * What the access log needs to know about the HTTP request being served: its id, when it arrived, the merchant it
 * was authenticated as, and why it was refused, if it was. Kept in the request's Vert.x (duplicated) context, which
 * Quarkus gives every request and carries to the worker thread of a blocking endpoint, so filters, exception mappers
 * and resources reach it without CDI.
 */
public final class RequestRecord {

    static final String KEY = RequestRecord.class.getName();

    private final String requestId;
    private final long startNanos;
    private volatile String merchantId;
    private volatile String rejection;

    RequestRecord(String requestId, long startNanos) {
        this.requestId = requestId;
        this.startNanos = startNanos;
    }

    /** The record of the request this thread serves; empty outside a request (scheduled work, consumers). */
    public static Optional<RequestRecord> current() {
        Context context = Vertx.currentContext();
        if (context == null || !VertxContext.isDuplicatedContext(context)) {
            return Optional.empty();
        }
        return Optional.ofNullable(context.getLocal(KEY));
    }

    void attachTo(Context context) {
        if (context != null && VertxContext.isDuplicatedContext(context)) {
            context.putLocal(KEY, this);
        }
    }

    public String requestId() {
        return requestId;
    }

    long startNanos() {
        return startNanos;
    }

    /** The merchant the request was authenticated as (a configured one), or null. */
    public String merchantId() {
        return merchantId;
    }

    /** Why the request was refused (401, 413, 415, 429), or null. */
    public String rejection() {
        return rejection;
    }

    void authenticated(String merchantId) {
        this.merchantId = merchantId;
    }

    /** The last reason wins: a later, more specific one (the 429 that a failed authentication led to) replaces it. */
    void rejected(String reason) {
        this.rejection = reason;
    }
}

package io.paygate.kit.web;

import jakarta.enterprise.context.RequestScoped;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * When the current request arrived, for the {@code processingTime} every reply carries (milliseconds of server
 * time, docs/contract.md §0).
 */
@RequestScoped
public class RequestTiming {

    private long startNanos = System.nanoTime();

    /** Milliseconds since the request arrived, at least 0. */
    public long elapsedMillis() {
        return Math.max(0, (System.nanoTime() - startNanos) / 1_000_000);
    }

    void start() {
        startNanos = System.nanoTime();
    }

    /** Starts the clock before anything else runs (pre-matching, first). */
    public static class Filter {

        private final RequestTiming timing;

        Filter(RequestTiming timing) {
            this.timing = timing;
        }

        @ServerRequestFilter(preMatching = true, priority = 1)
        public void start() {
            timing.start();
        }
    }
}

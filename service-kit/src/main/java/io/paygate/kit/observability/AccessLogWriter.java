package io.paygate.kit.observability;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.jboss.logging.Logger;
import org.jboss.logging.MDC;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Writes the access-log lines on a thread of its own, never on the event loop that ended the reply: a console that
 * cannot keep up (a slow log pipe, a flood of refused requests) must not hold up the requests being served. At most
 * {@value #CAPACITY} lines wait; beyond that a line is dropped and counted ({@code paygate_access_log_dropped_total}),
 * and one WARN line a minute at most says how many.
 */
final class AccessLogWriter {

    static final int CAPACITY = 10_000;
    private static final Logger LOG = Logger.getLogger(AccessLog.CATEGORY);
    private static final String[] FIELDS = {"httpMethod", "httpPath", "httpStatus", "durationMs"};
    private static final long WARN_EVERY_NANOS = 60_000_000_000L;

    /** One line: the request's id and merchant go to its MDC, the rest to its message and the JSON fields. */
    record Line(String requestId, String merchantId, String method, String path, int status, long millis,
                String rejection) {
    }

    private final BlockingQueue<Line> pending = new ArrayBlockingQueue<>(CAPACITY);
    private final Counter dropped;
    private final AtomicLong droppedSinceWarning = new AtomicLong();
    private volatile long lastWarning = System.nanoTime() - WARN_EVERY_NANOS;
    private volatile boolean running = true;
    private final Thread thread;

    AccessLogWriter(MeterRegistry registry) {
        this.dropped = Counter.builder("paygate.access.log.dropped")
                .description("Access-log lines dropped because the log could not keep up").register(registry);
        this.thread = Thread.ofPlatform().name("access-log").daemon().start(this::run);
    }

    void submit(Line line) {
        if (!pending.offer(line)) {
            dropped.increment();
            droppedSinceWarning.incrementAndGet();
        }
    }

    /** Writes what waits, for at most {@code millis}, then stops. */
    void close(long millis) throws InterruptedException {
        running = false;
        thread.join(millis);
    }

    private void run() {
        while (running || !pending.isEmpty()) {
            try {
                Line line = pending.poll(200, TimeUnit.MILLISECONDS);
                if (line != null) {
                    write(line);
                }
                warnIfDropped();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (RuntimeException e) {
                // a failing handler must not end the writer; the next line tries again
            }
        }
    }

    private void warnIfDropped() {
        long now = System.nanoTime();
        if (droppedSinceWarning.get() > 0 && now - lastWarning >= WARN_EVERY_NANOS) {
            lastWarning = now;
            LOG.warnf("access log: %d line(s) dropped, the log could not keep up", droppedSinceWarning.getAndSet(0));
        }
    }

    /** This thread has no Vert.x context: the MDC is its own, set for the line and cleared after it. */
    private static void write(Line line) {
        MDC.put(LogContext.REQUEST_ID, line.requestId());
        if (line.merchantId() != null) {
            MDC.put(LogContext.MERCHANT_ID, line.merchantId());
        }
        MDC.put(FIELDS[0], line.method());
        MDC.put(FIELDS[1], line.path());
        MDC.put(FIELDS[2], Integer.toString(line.status()));
        MDC.put(FIELDS[3], Long.toString(line.millis()));
        try {
            String merchant = line.merchantId() == null ? "-" : line.merchantId();
            if (line.rejection() == null) {
                LOG.infof("%s %s %d %d ms merchant=%s", line.method(), line.path(), line.status(), line.millis(),
                        merchant);
            } else {
                LOG.infof("%s %s %d %d ms merchant=%s refused: %s", line.method(), line.path(), line.status(),
                        line.millis(), merchant, line.rejection());
            }
        } finally {
            MDC.remove(LogContext.REQUEST_ID);
            MDC.remove(LogContext.MERCHANT_ID);
            for (String field : FIELDS) {
                MDC.remove(field);
            }
        }
    }
}

package io.paygate.ledger.events;

import io.paygate.kit.db.DatabaseOutage;
import io.quarkus.runtime.ShutdownEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;

import java.util.function.Supplier;

/**
 * Keeps the consumer's worker on one record until it is posted: a failure (the database away, a serialization
 * failure) is tried again after a backoff doubling from {@value #FIRST_BACKOFF_MILLIS} ms to at most
 * {@value #MAX_BACKOFF_MILLIS} ms, so the posting resumes within seconds of the database's return. Meanwhile the
 * batch stays unacknowledged and the Kafka connector pauses the partitions once its queue is full (memory stays
 * bounded); nothing escapes the {@code @Incoming} method, whose failure (SmallRye's {@code fail} strategy) would stop
 * the channel until a restart. notification-service's EventIngestor waits out an outage the same way.
 * <p>
 * One WARN line when the record first fails (a failure that is no outage with its stack trace), then one every
 * {@value #WARN_EVERY_MILLIS} ms at most, and one INFO line when it is posted after all. At shutdown the wait ends by
 * throwing: the batch was not acknowledged and is consumed again by the next start or another replica.
 */
@ApplicationScoped
public class PostingRetry {

    private static final Logger LOG = Logger.getLogger(PostingRetry.class);
    static final long FIRST_BACKOFF_MILLIS = 200;
    static final long MAX_BACKOFF_MILLIS = 5_000;
    static final long WARN_EVERY_MILLIS = 30_000;

    private volatile boolean stopping;

    void onStop(@Observes ShutdownEvent event) {
        stopping = true;
    }

    /** {@code step}'s result once a try of it returned; {@code what} names the record in the log. */
    public <T> T untilDone(String what, Supplier<T> step) {
        long backoff = FIRST_BACKOFF_MILLIS;
        long firstFailure = 0;
        long lastWarning = 0;
        int tries = 0;
        while (true) {
            tries++;
            try {
                T result = step.get();
                if (tries > 1) {
                    LOG.infof("%s: posted after %d tries (%d s)", what, tries,
                            (System.currentTimeMillis() - firstFailure) / 1000);
                }
                return result;
            } catch (RuntimeException e) {
                long now = System.currentTimeMillis();
                if (tries == 1) {
                    firstFailure = now;
                }
                if (stopping) {
                    throw new IllegalStateException(what + ": not posted at shutdown; consumed again later", e);
                }
                if (tries == 1 || now - lastWarning >= WARN_EVERY_MILLIS) {
                    lastWarning = now;
                    warn(what, e, tries);
                }
                pause(what, backoff);
                backoff = Math.min(MAX_BACKOFF_MILLIS, backoff * 2);
            }
        }
    }

    private static void warn(String what, RuntimeException e, int tries) {
        if (DatabaseOutage.isCause(e)) {
            LOG.warnf("%s: the database cannot be reached (%s); trying again, the batch unacknowledged (try %d)",
                    what, DatabaseOutage.describe(e), tries);
        } else if (tries == 1) {
            LOG.warnf(e, "%s: not posted; trying again, the batch unacknowledged", what);
        } else {
            LOG.warnf("%s: still not posted (%s); trying again (try %d)", what, e, tries);
        }
    }

    private static void pause(String what, long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException ie) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(what + ": interrupted before it was posted", ie);
        }
    }
}

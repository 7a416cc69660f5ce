package io.paygate.kit.db;

import jakarta.annotation.Priority;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.InvocationContext;
import org.jboss.logging.Logger;

import java.util.concurrent.ConcurrentHashMap;

/**
 * Keeps background work quiet through a database outage ({@link OutageTolerant}): the run that meets the outage is
 * ended without an exception (so the scheduler logs no stack trace), one WARN line per job every
 * {@value #WARN_EVERY_SECONDS} s at most says it is waiting, and the first successful run after it logs how long the
 * job waited. Nothing is retried here: the job's next scheduled run is the retry.
 */
@OutageTolerant
@Interceptor
@Priority(Interceptor.Priority.PLATFORM_AFTER + 100)
public class OutageTolerantInterceptor {

    private static final Logger LOG = Logger.getLogger(OutageTolerant.class);
    static final long WARN_EVERY_SECONDS = 30;

    /** Per job: when its current outage began and when it last warned (nanoTime); absent while it runs fine. */
    private final ConcurrentHashMap<String, long[]> waiting = new ConcurrentHashMap<>();

    @AroundInvoke
    Object run(InvocationContext context) throws Exception {
        String job = context.getMethod().getDeclaringClass().getSimpleName() + "." + context.getMethod().getName();
        try {
            Object result = context.proceed();
            long[] outage = waiting.remove(job);
            if (outage != null) {
                LOG.infof("%s: the database answers again; resumed after %d s", job,
                        (System.nanoTime() - outage[0]) / 1_000_000_000L);
            }
            return result;
        } catch (Exception e) {
            if (!DatabaseOutage.isCause(e)) {
                throw e;
            }
            long now = System.nanoTime();
            long[] outage = waiting.computeIfAbsent(job, j -> new long[]{now, now - WARN_EVERY_SECONDS * 1_000_000_000L});
            synchronized (outage) {
                if (now - outage[1] >= WARN_EVERY_SECONDS * 1_000_000_000L) {
                    outage[1] = now;
                    LOG.warnf("%s: the database cannot be reached (%s); waiting for it, next run retries", job,
                            DatabaseOutage.describe(e));
                }
            }
            return null;
        }
    }
}

package io.paygate.payment.payment;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.scheduler.Scheduled;
import io.quarkus.scheduler.Scheduler;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.util.concurrent.Callable;

/**
 * The shape of the service's expiry jobs (payments past their lifetime, payment links past {@code expiresAt}): every
 * {@code gateway.payment.expiry-sweep-interval}, never two runs at once on an instance, a batch at a time, each batch
 * in a transaction of its own that claims its rows {@code FOR UPDATE SKIP LOCKED} (so any number of replicas share the
 * work and never move a row twice), until a batch comes back short. A failed round is logged and the next retries.
 */
@ApplicationScoped
public class ExpirySweeps {

    private static final Logger LOG = Logger.getLogger(ExpirySweeps.class);

    private final Scheduler scheduler;
    private final PaymentConfig config;

    ExpirySweeps(Scheduler scheduler, PaymentConfig config) {
        this.scheduler = scheduler;
        this.config = config;
    }

    /** Schedules {@code sweep} as the job {@code name}. */
    public void schedule(String name, Runnable sweep) {
        scheduler.newJob(name)
                .setInterval(config.expirySweepInterval().toString())
                .setConcurrentExecution(Scheduled.ConcurrentExecution.SKIP)
                .setTask(execution -> {
                    try {
                        sweep.run();
                    } catch (RuntimeException e) {
                        LOG.warnf("%s job failed (%s); next round retries", name, e.getMessage());
                    }
                })
                .schedule();
    }

    /**
     * Runs {@code batch} (which moves at most {@code size} rows) in a new transaction each time, until it moves fewer.
     *
     * @return how many it moved in all
     */
    public static int drain(int size, Callable<Integer> batch) {
        int total = 0;
        int moved;
        do {
            moved = QuarkusTransaction.requiringNew().call(batch);
            total += moved;
        } while (moved == size);
        return total;
    }
}

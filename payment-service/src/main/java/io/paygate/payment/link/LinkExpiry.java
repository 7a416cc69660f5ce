package io.paygate.payment.link;

import io.paygate.payment.payment.GatewayTime;
import io.paygate.payment.payment.PaymentConfig;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.scheduler.Scheduled;
import io.quarkus.scheduler.Scheduler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;

import java.util.List;

/**
 * ACTIVE → EXPIRED once a link's {@code expiresAt} passes (docs/contract.md §11), with its {@code payment-link} event: a
 * job every {@code gateway.payment.expiry-sweep-interval} (the payments' expiry job's) claims due links
 * {@code FOR UPDATE SKIP LOCKED} and moves each in the claim's transaction, so at any number of replicas a link is
 * moved, and announced, once. A link whose captured payments already reach its limit becomes PAID instead.
 */
@ApplicationScoped
public class LinkExpiry {

    private static final Logger LOG = Logger.getLogger(LinkExpiry.class);
    static final int BATCH = 200;

    private final PaymentLinks links;
    private final LinkTransitions transitions;
    private final GatewayTime time;
    private final PaymentConfig config;
    private final Scheduler scheduler;

    LinkExpiry(PaymentLinks links, LinkTransitions transitions, GatewayTime time, PaymentConfig config,
               Scheduler scheduler) {
        this.links = links;
        this.transitions = transitions;
        this.time = time;
        this.config = config;
        this.scheduler = scheduler;
    }

    void start(@Observes StartupEvent event) {
        scheduler.newJob("payment-link-expiry")
                .setInterval(config.expirySweepInterval().toString())
                .setConcurrentExecution(Scheduled.ConcurrentExecution.SKIP)
                .setTask(execution -> sweepQuietly())
                .schedule();
    }

    private void sweepQuietly() {
        try {
            sweep();
        } catch (RuntimeException e) {
            LOG.warnf("payment link expiry job failed (%s); next round retries", e.getMessage());
        }
    }

    /** Moves every active link past its expiry, in batches of {@value #BATCH}. @return how many moved */
    public int sweep() {
        int total = 0;
        int moved;
        do {
            moved = QuarkusTransaction.requiringNew().call(this::sweepBatch);
            total += moved;
        } while (moved == BATCH);
        return total;
    }

    private int sweepBatch() {
        List<LinkRow> due = links.claimExpired(time.now(), BATCH);
        for (LinkRow l : due) {
            boolean paid = l.usageLimit() != null && l.counts().captured() >= l.usageLimit();
            transitions.move(l, paid ? LinkStatus.PAID : LinkStatus.EXPIRED, l.counts());
        }
        return due.size();
    }
}

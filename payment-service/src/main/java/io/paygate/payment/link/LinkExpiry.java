package io.paygate.payment.link;

import io.paygate.payment.payment.ExpirySweeps;
import io.paygate.payment.payment.GatewayTime;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import java.util.List;

/**
 * ACTIVE → EXPIRED once a link's {@code expiresAt} passes (docs/contract.md §11), with its {@code payment-link} event: a
 * job every {@code gateway.payment.expiry-sweep-interval} (the payments' expiry job's) claims due links
 * {@code FOR UPDATE SKIP LOCKED} and moves each in the claim's transaction, so at any number of replicas a link is
 * moved, and announced, once. A link whose captured payments already reach its limit becomes PAID instead.
 */
@ApplicationScoped
public class LinkExpiry {

    static final int BATCH = 200;

    private final PaymentLinks links;
    private final LinkTransitions transitions;
    private final GatewayTime time;
    private final ExpirySweeps sweeps;

    LinkExpiry(PaymentLinks links, LinkTransitions transitions, GatewayTime time, ExpirySweeps sweeps) {
        this.links = links;
        this.transitions = transitions;
        this.time = time;
        this.sweeps = sweeps;
    }

    void start(@Observes StartupEvent event) {
        sweeps.schedule("payment-link-expiry", this::sweep);
    }

    /** Moves every active link past its expiry, in batches of {@value #BATCH}. @return how many moved */
    public int sweep() {
        return ExpirySweeps.drain(BATCH, this::sweepBatch);
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

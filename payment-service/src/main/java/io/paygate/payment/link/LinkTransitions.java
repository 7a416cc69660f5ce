package io.paygate.payment.link;

import io.paygate.kit.outbox.Outbox;
import io.paygate.model.api.link.PaymentLinkState;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.PaymentLinkStatusChanged;
import io.paygate.model.event.Topics;
import io.paygate.payment.payment.GatewayTime;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import org.jboss.logging.Logger;

/**
 * A payment link's stored status moves here only (docs/contract.md §6, §7, §11): checked by {@link LinkStatus}'s
 * moves, written with the link's next sequence, logged once, and announced by a {@code payment-link} event in the
 * outbox in the same transaction, keyed {@code <merchantId>:link:<link.id>}, for the link's callback URL. The caller
 * holds the link row's lock, so one link's events are written (and published) in the order its status changed.
 */
@ApplicationScoped
public class LinkTransitions {

    private static final Logger LOG = Logger.getLogger(LinkTransitions.class);

    private final PaymentLinks links;
    private final Outbox outbox;
    private final GatewayTime time;

    LinkTransitions(PaymentLinks links, Outbox outbox, GatewayTime time) {
        this.links = links;
        this.outbox = outbox;
        this.time = time;
    }

    /**
     * Moves the link {@code l} (locked by the caller, its stored status {@code from}) to {@code next}; {@code counts}
     * are its payments as they are in this transaction.
     *
     * @throws IllegalStateException when its status may not move so; nothing changes
     */
    @Transactional(Transactional.TxType.MANDATORY)
    void move(LinkRow l, LinkStatus next, LinkRow.Counts counts) {
        LinkStatus from = LinkStatus.valueOf(l.status());
        if (!from.canMoveTo(next)) {
            throw new IllegalStateException("payment link " + l.linkCode() + " cannot move " + from + " -> " + next);
        }
        long sequence = links.setStatus(l.id(), next, time.now());
        LOG.infof("link %s (merchant %s, id %s): %s -> %s (%d captured)", l.linkCode(), l.merchantId(), l.linkId(),
                from, next, counts.captured());
        PaymentLinkState state = new PaymentLinkState(l.linkId(), l.linkCode(), next.name(), counts.captured(),
                counts.collected().setScale(2));
        outbox.enqueue(Topics.PAYMENT_STATUS, EventEnvelope.of(l.merchantId(), sequence,
                new PaymentLinkStatusChanged(state, l.callbackUrl()), time.clock()));
    }
}

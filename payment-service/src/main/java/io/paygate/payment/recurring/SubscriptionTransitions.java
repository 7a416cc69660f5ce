package io.paygate.payment.recurring;

import io.paygate.kit.outbox.Outbox;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.SubscriptionStatusChanged;
import io.paygate.model.event.Topics;
import io.paygate.model.status.SubscriptionStatus;
import io.paygate.payment.payment.GatewayTime;
import io.paygate.payment.payment.PaymentRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import org.jboss.logging.Logger;

/**
 * The subscription state machine's side effects in one place (docs/contract.md §1b, §6, §7): every change goes through
 * {@link #move}, is checked by {@link SubscriptionStatus}'s lifecycle (an illegal one throws, nothing changes), logged
 * once, and writes its {@code subscription} event to the outbox in the same transaction, keyed
 * {@code <merchantId>:subscription:<recurring.id>} with the subscription's next sequence, for the first payment's
 * callback URL.
 */
@ApplicationScoped
public class SubscriptionTransitions {

    private static final Logger LOG = Logger.getLogger(SubscriptionTransitions.class);

    private final Outbox outbox;
    private final GatewayTime time;
    private final PaymentRepository payments;

    SubscriptionTransitions(Outbox outbox, GatewayTime time, PaymentRepository payments) {
        this.outbox = outbox;
        this.time = time;
        this.payments = payments;
    }

    /**
     * Moves {@code s} (locked by the caller) to {@code next} with {@code statusDesc}.
     *
     * @throws io.paygate.model.status.IllegalTransitionException when the lifecycle forbids it
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public void move(SubscriptionEntity s, SubscriptionStatus next, String statusDesc) {
        SubscriptionStatus previous = s.status;
        s.status = s.status.transitionTo(next);
        s.statusDesc = statusDesc;
        s.updatedAt = time.now();
        if (next != SubscriptionStatus.ACTIVE) {
            s.nextDueAt = null;
        }
        LOG.infof("subscription %s (merchant %s): %s -> %s%s", s.recurringId, s.merchantId, previous, next,
                statusDesc == null ? "" : " (" + statusDesc + ")");
        if (next.isNotified()) {
            announce(s);
        }
    }

    private void announce(SubscriptionEntity s) {
        s.sequence++;
        String callbackUrl = payments.findByIdOptional(s.firstPaymentId).map(p -> p.callbackUrl).orElseThrow();
        outbox.enqueue(Topics.PAYMENT_STATUS, EventEnvelope.of(s.merchantId, s.sequence,
                new SubscriptionStatusChanged(SubscriptionMapper.view(s, time.zone(), time::expiryLink),
                        s.customerId, callbackUrl), time.clock()));
    }
}

package io.paygate.payment.refund;

import io.paygate.payment.payment.GatewayTime;
import io.paygate.payment.payment.PaymentConfig;
import io.paygate.payment.payment.PaymentEntity;
import io.paygate.payment.payment.PaymentRepository;
import io.paygate.payment.payment.SurplusEntity;
import io.paygate.payment.payment.SurplusRepository;
import io.paygate.payment.provider.PaymentChannels;
import io.paygate.payment.provider.RefundOrder;
import io.paygate.payment.provider.RefundOutcome;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.scheduler.Scheduled;
import io.quarkus.scheduler.Scheduler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.util.List;
import java.util.UUID;

/**
 * Sends surplus money of a refundable method back through the provider that took it (docs/contract.md §2a), on every replica,
 * one replica per surplus ({@code FOR UPDATE SKIP LOCKED}), the provider called outside any transaction under a
 * reference derived from the charge (so a retry is the same refund). Refused ones go to the operator's list.
 */
@ApplicationScoped
public class SurplusRefunds {

    private static final Logger LOG = Logger.getLogger(SurplusRefunds.class);
    private static final Duration LEASE = Duration.ofMinutes(2);
    private static final int BATCH = 20;

    private final SurplusRepository surpluses;
    private final PaymentRepository payments;
    private final PaymentChannels channels;
    private final PaymentConfig config;
    private final GatewayTime time;
    private final Scheduler scheduler;

    SurplusRefunds(SurplusRepository surpluses, PaymentRepository payments, PaymentChannels channels,
                   PaymentConfig config, GatewayTime time, Scheduler scheduler) {
        this.surpluses = surpluses;
        this.payments = payments;
        this.channels = channels;
        this.config = config;
        this.time = time;
        this.scheduler = scheduler;
    }

    void start(@Observes StartupEvent event) {
        scheduler.newJob("surplus-refunds")
                .setInterval(config.reconcileInterval().toString())
                .setConcurrentExecution(Scheduled.ConcurrentExecution.SKIP)
                .setTask(execution -> refundQuietly())
                .schedule();
    }

    private void refundQuietly() {
        try {
            refundDue();
        } catch (RuntimeException e) {
            LOG.warnf("surplus refunds failed (%s); next round retries", e.getMessage());
        }
    }

    /** One round. @return how many surpluses were tried */
    public int refundDue() {
        List<UUID> due = QuarkusTransaction.requiringNew().call(() ->
                surpluses.claimRefundsDue(time.now(), time.now().plus(LEASE), BATCH));
        due.forEach(this::refund);
        return due.size();
    }

    private void refund(UUID id) {
        SurplusEntity s = QuarkusTransaction.requiringNew().call(() -> surpluses.findById(id));
        PaymentEntity p = QuarkusTransaction.requiringNew().call(() -> payments.findById(s.paymentId));
        String channelName = QuarkusTransaction.requiringNew().call(() -> channelOf(s, p));
        RefundOutcome outcome;
        try {
            outcome = channels.byName(channelName).map(channel -> channel.refund(new RefundOrder(s.merchantId,
                    s.chargeReference, "SUR" + s.chargeReference.substring(3), s.method, s.amount, s.currency, true,
                    "Surplus: " + s.reason))).orElse(RefundOutcome.pending());
        } catch (RuntimeException e) {
            outcome = RefundOutcome.pending();
        }
        RefundOutcome answer = outcome;
        QuarkusTransaction.requiringNew().run(() -> {
            SurplusEntity locked = surpluses.findById(id);
            if (locked.state != SurplusEntity.State.REFUND_PENDING) {
                return;
            }
            locked.updatedAt = time.now();
            switch (answer.state()) {
                case SUCCEEDED -> {
                    locked.state = SurplusEntity.State.REFUNDED;
                    locked.nextAttemptAt = null;
                }
                case FAILED -> {
                    locked.state = SurplusEntity.State.NEEDS_OPERATOR;
                    locked.reason = (locked.reason + "; refund refused: " + answer.statusDesc())
                            .substring(0, Math.min(255, (locked.reason + "; refund refused: " + answer.statusDesc())
                                    .length()));
                    locked.nextAttemptAt = null;
                }
                default -> locked.nextAttemptAt = time.now().plus(config.reconcileInterval().multipliedBy(10));
            }
            LOG.infof("surplus of charge %s (payment %s): refund %s", locked.chargeReference, p.paymentCode,
                    answer.state());
        });
    }

    private String channelOf(SurplusEntity s, PaymentEntity p) {
        return payments.channelOfCharge(s.chargeReference).orElse(p.channel);
    }
}

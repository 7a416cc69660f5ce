package io.paygate.payment.refund;

import io.micrometer.core.instrument.MeterRegistry;
import io.paygate.kit.observability.MerchantTags;
import io.paygate.payment.payment.GatewayTime;
import io.paygate.payment.payment.PaymentConfig;
import io.paygate.payment.provider.PaymentChannel;
import io.paygate.payment.provider.PaymentChannels;
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
import java.util.Locale;
import java.util.UUID;

/**
 * Refunds the provider did not decide when asked (docs/contract.md §3a) are reconciled like payments: every
 * {@code gateway.payment.reconcile-interval}, on every replica, due PENDING refunds are leased
 * ({@code FOR UPDATE SKIP LOCKED}), their provider asked outside any transaction, and the answer recorded; a refund
 * the provider never received is sent again under the same reference.
 */
@ApplicationScoped
public class RefundReconciliation {

    private static final Logger LOG = Logger.getLogger(RefundReconciliation.class);
    private static final int BATCH = 50;
    private static final Duration LEASE = Duration.ofMinutes(2);

    private final RefundRepository refunds;
    private final RefundBook book;
    private final Refunds service;
    private final PaymentChannels channels;
    private final PaymentConfig config;
    private final GatewayTime time;
    private final Scheduler scheduler;
    private final MeterRegistry metrics;
    private final MerchantTags merchants;

    RefundReconciliation(RefundRepository refunds, RefundBook book, Refunds service, PaymentChannels channels,
                         PaymentConfig config, GatewayTime time, Scheduler scheduler, MeterRegistry metrics,
                         MerchantTags merchants) {
        this.merchants = merchants;
        this.refunds = refunds;
        this.book = book;
        this.service = service;
        this.channels = channels;
        this.config = config;
        this.time = time;
        this.scheduler = scheduler;
        this.metrics = metrics;
    }

    void start(@Observes StartupEvent event) {
        scheduler.newJob("refund-reconciliation")
                .setInterval(config.reconcileInterval().toString())
                .setConcurrentExecution(Scheduled.ConcurrentExecution.SKIP)
                .setTask(execution -> reconcileQuietly())
                .schedule();
    }

    private void reconcileQuietly() {
        try {
            reconcileDue();
        } catch (RuntimeException e) {
            LOG.warnf("refund reconciliation failed (%s); next round retries", e.getMessage());
        }
    }

    /** One round. @return how many refunds were asked about */
    public int reconcileDue() {
        int total = 0;
        List<UUID> batch;
        do {
            batch = QuarkusTransaction.requiringNew().call(() ->
                    refunds.claimDue(time.now(), time.now().plus(LEASE), BATCH));
            batch.forEach(this::reconcile);
            total += batch.size();
        } while (batch.size() == BATCH);
        return total;
    }

    private void reconcile(UUID id) {
        RefundEntity r = QuarkusTransaction.requiringNew().call(() -> refunds.findById(id));
        PaymentChannel channel = channels.byName(r.channel).orElse(null);
        RefundOutcome outcome;
        try {
            outcome = channel == null ? RefundOutcome.pending()
                    : channel.inquireRefund(r.merchantId, r.chargeReference, r.providerReference);
            if (outcome.state() == RefundOutcome.State.UNKNOWN) {
                outcome = service.ask(r); // never received: the same refund, sent again
            }
        } catch (RuntimeException e) {
            outcome = RefundOutcome.pending();
        }
        book.record(id, outcome);
        metrics.counter("paygate.refunds.reconciliations", "outcome",
                outcome.state().name().toLowerCase(Locale.ROOT), MerchantTags.TAG, merchants.of(r.merchantId)).increment();
        LOG.infof("refund %s (payment %s): reconciled with %s: %s", r.refundId, r.paymentCode, r.channel,
                outcome.state());
    }
}

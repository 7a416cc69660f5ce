package io.paygate.payment.provider;

import io.micrometer.core.instrument.MeterRegistry;
import io.paygate.kit.observability.MerchantTags;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.payment.GatewayTime;
import io.paygate.payment.payment.PaymentConfig;
import io.paygate.payment.payment.PaymentEntity;
import io.paygate.payment.payment.PaymentRepository;
import io.paygate.payment.provider.PaymentInquiries.Claimed;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.scheduler.Scheduled;
import io.quarkus.scheduler.Scheduler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Reconciliation (docs/contract.md §2): a payment still PROCESSING {@code gateway.payment.provider-timeout} after it was
 * submitted is asked of its provider ({@link PaymentChannel#inquire}) and moved to what the provider reports, through
 * {@link ProviderDecisions} like the callback (same transition, same event). Unknown to the provider → FAILED
 * {@value #NOT_DECIDED}; still pending → asked again after a backoff.
 *
 * <p>Every {@code gateway.payment.reconcile-interval}, on every replica: due rows are claimed with
 * {@code FOR UPDATE SKIP LOCKED} by moving their {@code next_inquiry_at} a lease ahead, committed at once; the provider
 * is asked outside any transaction; the answer is recorded in a new transaction that locks the row and re-checks it
 * (a callback that decided meanwhile wins; final states never change). So one payment is inquired by one replica at
 * a time, and a replica that dies mid-inquiry only delays it by the lease.
 */
@ApplicationScoped
public class Reconciliation {

    static final String NOT_DECIDED = "Not decided by the provider";
    private static final Logger LOG = Logger.getLogger(Reconciliation.class);
    private static final int BATCH = 50;
    /** How long a claim keeps other replicas off a payment: longer than any inquiry call can take. */
    private static final Duration LEASE = Duration.ofMinutes(2);
    /** What one inquiry came to (the {@code outcome} tag of {@code paygate.payments.reconciliations}). */
    public enum Outcome { CAPTURED, FAILED, NOT_DECIDED, PENDING, SUPERSEDED, ERROR, EXPIRED }

    private final PaymentInquiries claims;
    private final PaymentRepository payments;
    private final ProviderDecisions decisions;
    private final PaymentChannels channels;
    private final PaymentConfig config;
    private final GatewayTime time;
    private final Scheduler scheduler;
    private final MeterRegistry metrics;
    private final MerchantTags merchants;

    Reconciliation(PaymentInquiries claims, PaymentRepository payments, ProviderDecisions decisions,
                   PaymentChannels channels, PaymentConfig config, GatewayTime time, Scheduler scheduler,
                   MeterRegistry metrics, MerchantTags merchants) {
        this.merchants = merchants;
        this.claims = claims;
        this.payments = payments;
        this.decisions = decisions;
        this.channels = channels;
        this.config = config;
        this.time = time;
        this.scheduler = scheduler;
        this.metrics = metrics;
    }

    void start(@Observes StartupEvent event) {
        scheduler.newJob("payment-reconciliation")
                .setInterval(config.reconcileInterval().toString())
                .setConcurrentExecution(Scheduled.ConcurrentExecution.SKIP)
                .setTask(execution -> reconcileQuietly())
                .schedule();
    }

    private void reconcileQuietly() {
        try {
            reconcileDue();
        } catch (RuntimeException e) {
            LOG.warnf("payment reconciliation failed (%s); next round retries", e.getMessage());
        }
    }

    /**
     * One round: claims the due payments (batches of {@value #BATCH}), submitted ones and then methods' open charges,
     * and asks each provider. @return the claims
     */
    public List<Claimed> reconcileDue() {
        List<Claimed> all = new ArrayList<>();
        for (boolean open : new boolean[]{false, true}) {
            List<Claimed> batch;
            do {
                batch = claim(open);
                for (Claimed c : batch) {
                    reconcile(c);
                }
                all.addAll(batch);
            } while (batch.size() == BATCH);
        }
        return all;
    }

    /** Leases up to {@value #BATCH} due PROCESSING payments (or open charges); committed when this returns. */
    List<Claimed> claim(boolean openCharges) {
        Instant now = time.now();
        return claims.claimDue(openCharges, now, now.plus(LEASE), BATCH);
    }

    private Outcome reconcile(Claimed c) {
        ChargeStatus answer = null;
        String error = null;
        PaymentChannel channel = channels.byName(c.channel()).orElse(null);
        if (channel == null) {
            error = "no channel " + c.channel() + " in this process";
        } else {
            try {
                answer = channel.inquire(c.merchantId(), c.reference()); // outside any transaction
                if (c.openCharge() && !time.now().isBefore(c.expiresAt()) && !decidedForGood(answer)) {
                    // its time is up: the provider must stop taking money before the payment expires
                    answer = channel.cancelCharge(c.merchantId(), c.reference());
                }
            } catch (RuntimeException e) {
                error = e.getClass().getSimpleName();
            }
        }
        ChargeStatus known = answer;
        Outcome outcome = QuarkusTransaction.requiringNew().call(() -> record(c, known));
        metrics.counter("paygate.payments.reconciliations", "outcome", outcome.name().toLowerCase(),
                MerchantTags.TAG, merchants.of(c.merchantId())).increment();
        LOG.infof("payment %s (merchant %s): reconciled with %s charge %s, inquiry %d: %s%s", c.paymentCode(),
                c.merchantId(), c.channel(), c.reference(), c.inquiries(), outcome,
                error == null ? "" : " (" + error + ")");
        return outcome;
    }

    private static boolean decidedForGood(ChargeStatus answer) {
        return answer.state() == ChargeStatus.State.DECIDED && answer.status() != PaymentStatus.CANCELLED;
    }

    /** In a new transaction: the answer, unless the payment moved on meanwhile. {@code answer} null: no answer. */
    private Outcome record(Claimed c, ChargeStatus answer) {
        PaymentEntity p = payments.lockByCode(c.paymentCode()).orElse(null);
        PaymentStatus expected = c.openCharge() ? PaymentStatus.PENDING : PaymentStatus.PROCESSING;
        if (p == null || p.status != expected || !c.reference().equals(p.providerReference)) {
            return Outcome.SUPERSEDED; // a callback (or another reconciler) decided it first
        }
        if (c.openCharge()) {
            return recordOpen(p, c, answer);
        }
        Instant now = time.now();
        if (answer == null) {
            p.nextInquiryAt = now.plus(backoff(p.inquiries));
            return Outcome.ERROR;
        }
        p.lastInquiryAt = now;
        return switch (answer.state()) {
            case PENDING -> {
                p.nextInquiryAt = now.plus(backoff(p.inquiries));
                yield Outcome.PENDING;
            }
            case UNKNOWN -> {
                decisions.applyLocked(p, new ProviderDecision(c.reference(), c.paymentCode(), PaymentStatus.FAILED,
                        NOT_DECIDED, null));
                yield Outcome.NOT_DECIDED;
            }
            case DECIDED -> {
                decisions.applyLocked(p, new ProviderDecision(c.reference(), c.paymentCode(), answer.status(),
                        answer.statusDesc(), answer.cardInfo()));
                yield answer.status() == PaymentStatus.CAPTURED ? Outcome.CAPTURED : Outcome.FAILED;
            }
        };
    }

    /**
     * A method's open charge: paid, declined or expired at the provider decides the payment; one still open (or
     * never opened) waits, until its expiry, when the provider has cancelled it and the payment expires.
     */
    private Outcome recordOpen(PaymentEntity p, Claimed c, ChargeStatus answer) {
        Instant now = time.now();
        if (answer == null) {
            p.nextInquiryAt = earliest(now.plus(backoff(p.inquiries)), p.expiresAt.isAfter(now) ? p.expiresAt : now
                    .plus(config.reconcileInterval()));
            return Outcome.ERROR;
        }
        p.lastInquiryAt = now;
        if (decidedForGood(answer)) {
            decisions.applyLocked(p, new ProviderDecision(c.reference(), c.paymentCode(), answer.status(),
                    answer.statusDesc(), answer.cardInfo()));
            return switch (answer.status()) {
                case CAPTURED -> Outcome.CAPTURED;
                case EXPIRED -> Outcome.EXPIRED;
                default -> Outcome.FAILED;
            };
        }
        if (p.isPastExpiry(now) && answer.state() != ChargeStatus.State.PENDING) {
            // cancelled at the provider (or never opened there) and its time is up
            decisions.applyLocked(p, new ProviderDecision(c.reference(), c.paymentCode(), PaymentStatus.EXPIRED,
                    null, null));
            return Outcome.EXPIRED;
        }
        p.nextInquiryAt = earliest(now.plus(backoff(p.inquiries)), p.expiresAt.isAfter(now) ? p.expiresAt
                : now.plus(config.reconcileInterval()));
        return Outcome.PENDING;
    }

    private static Instant earliest(Instant a, Instant b) {
        return a.isBefore(b) ? a : b;
    }

    /** The wait before asking again about a charge still pending: doubling from the job interval, capped. */
    private Duration backoff(int inquiries) {
        Duration next = config.reconcileInterval().multipliedBy(1L << Math.min(Math.max(inquiries - 1, 0), 12));
        return next.compareTo(config.providerTimeout()) > 0 ? config.providerTimeout() : next;
    }
}

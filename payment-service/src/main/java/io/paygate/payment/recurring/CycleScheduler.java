package io.paygate.payment.recurring;

import io.paygate.model.api.recurring.CredentialKind;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.credential.BindingCharges;
import io.paygate.payment.credential.Bindings;
import io.paygate.payment.payment.GatewayTime;
import io.paygate.payment.recurring.CycleBook.CyclePayment;
import io.paygate.payment.recurring.CycleBook.Due;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.scheduler.Scheduled;
import io.quarkus.scheduler.Scheduler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * Charges due cycles (docs/contract.md §1b), on every replica every {@code gateway.payment.recurring.scan-interval}:
 * a round claims a batch ({@code gateway.payment.recurring.batch}) and charges it, and a replica whose claim came back
 * full claims again at once instead of waiting for the next scan (more are due: a month's first day, a backlog after
 * an outage), until a claim comes back short or the service stops. A cycle is charged at most once whatever runs
 * concurrently or crashes:
 * <ol>
 *   <li>due subscriptions are claimed ({@link CycleClaims}: {@code FOR UPDATE SKIP LOCKED}, a lease committed at
 *   once);</li>
 *   <li>the credential is asked about outside any transaction (binding-service; the stored card): one that can no
 *   longer be charged pauses the subscription, nothing is created, and a cycle payment waiting for its retry ends
 *   CANCELLED ({@link CycleBook#credentialDied});</li>
 *   <li>the cycle's payment {@code <recurring.id>-<n>} is found or created and committed under the subscription's row
 *   lock ({@link CycleBook#cyclePayment});</li>
 *   <li>a PENDING one is charged: attempt k's reference {@code <paymentCode>-<k>} committed PROCESSING before the
 *   provider call ({@code BindingCharges}), which only one caller gets; a PROCESSING one is left to its callback or
 *   reconciliation's inquiry.</li>
 * </ol>
 * The outcome comes back as a payment transition ({@link Subscriptions}): the next cycle scheduled, a retry, PAUSED,
 * COMPLETED. A subscription paused or cancelled meanwhile is never charged: its claim finds it no longer ACTIVE, and
 * its waiting cycle payment was ended CANCELLED under the payment's row lock that the charge's PENDING → PROCESSING
 * step takes too ({@link ChargingStops}). A replica that dies anywhere here only delays the subscription by the lease;
 * the next claim finds the payment and its attempt as they were.
 */
@ApplicationScoped
public class CycleScheduler {

    static final String BINDING_GONE = "The direct-debit binding is no longer active";
    static final String CARD_GONE = "The card cannot be charged";
    private static final Logger LOG = Logger.getLogger(CycleScheduler.class);

    private final CycleClaims claims;
    private final CycleBook book;
    private final Bindings bindings;
    private final BindingCharges bindingCharges;
    private final CardCredentials cards;
    private final RecurringConfig config;
    private final GatewayTime time;
    private final Scheduler scheduler;
    private volatile boolean stopping;

    CycleScheduler(CycleClaims claims, CycleBook book, Bindings bindings, BindingCharges bindingCharges,
                   CardCredentials cards, RecurringConfig config, GatewayTime time, Scheduler scheduler) {
        this.claims = claims;
        this.book = book;
        this.bindings = bindings;
        this.bindingCharges = bindingCharges;
        this.cards = cards;
        this.config = config;
        this.time = time;
        this.scheduler = scheduler;
    }

    void start(@Observes StartupEvent event) {
        scheduler.newJob("subscription-cycles")
                .setInterval(config.scanInterval().toString())
                .setConcurrentExecution(Scheduled.ConcurrentExecution.SKIP)
                .setTask(execution -> runQuietly())
                .schedule();
    }

    void stop(@Observes ShutdownEvent event) {
        stopping = true; // the batch under way is finished; no new claim
    }

    private void runQuietly() {
        try {
            runOnce();
        } catch (RuntimeException e) {
            LOG.warnf("subscription cycles: this round failed (%s: %s); the next one tries again",
                    e.getClass().getSimpleName(), e.getMessage());
        }
    }

    /** Claims what is due and charges it, batch after batch while claims come back full; how many it claimed. */
    public int runOnce() {
        return runUntilShort(Duration.ZERO, config.batch());
    }

    /**
     * Rounds of {@code batch} while each claim comes back full, each claiming what is due {@code ahead} of now (tests
     * look ahead, where the service's own rounds do not reach) with a lease from its own moment; how many it claimed.
     */
    int runUntilShort(Duration ahead, int batch) {
        int total = 0;
        int claimed;
        do {
            claimed = round(time.now().plus(ahead), batch);
            total += claimed;
        } while (claimed == batch && !stopping);
        return total;
    }

    private int round(Instant now, int batch) {
        List<UUID> claimed = claims.claimDue(now, now.plus(config.lease()), batch);
        for (UUID id : claimed) {
            try {
                run(id);
            } catch (RuntimeException e) {
                LOG.warnf("subscription %s: its cycle run failed (%s); claimed again after the lease", id,
                        e.getClass().getSimpleName());
            }
        }
        return claimed.size();
    }

    private void run(UUID id) {
        Due due = book.due(id).orElse(null);
        if (due == null) {
            return;
        }
        if (due.credential() == CredentialKind.DIRECT_DEBIT) {
            try {
                if (bindings.chargeable(due.merchantId(), due.bindingId(), due.customerId()).isEmpty()) {
                    book.credentialDied(due, BINDING_GONE);
                    return;
                }
            } catch (Bindings.Unavailable e) {
                LOG.warnf("subscription %s (merchant %s): cycle %d waits, %s", due.recurringId(), due.merchantId(),
                        due.cycle(), e.getMessage());
                return; // asked again after the lease
            }
        } else if (!cards.chargeable(due.merchantId(), due.storedCardId())) {
            book.credentialDied(due, CARD_GONE);
            return;
        }
        CyclePayment payment = book.cyclePayment(due).orElse(null);
        if (payment == null || payment.status() != PaymentStatus.PENDING) {
            return; // moved on, or its attempt is under way (the callback or reconciliation decides it)
        }
        if (due.credential() == CredentialKind.DIRECT_DEBIT) {
            bindingCharges.charge(due.merchantId(), payment.paymentCode(), due.bindingId());
        } else if (cards.charge(due.merchantId(), payment.paymentCode(), due.storedCardId())
                == CardCredentials.Outcome.CREDENTIAL_GONE) {
            book.credentialDied(due, CARD_GONE);
        }
    }
}

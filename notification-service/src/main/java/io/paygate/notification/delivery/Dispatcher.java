package io.paygate.notification.delivery;

import io.paygate.kit.observability.LogContext;
import io.paygate.notification.NotificationStatus;
import io.paygate.notification.config.NotificationConfig;
import io.paygate.notification.repository.AttemptRecord;
import io.paygate.notification.repository.Claim;
import io.paygate.notification.repository.ClaimedNotification;
import io.paygate.notification.repository.DeliveryQueue;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.interceptor.Interceptor;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Delivers due notifications. One loop claims due rows ({@link DeliveryQueue#claim}: leased, never two of one
 * resource in flight) as long as fewer than {@code gateway.notification.delivery.concurrency} attempts are in flight,
 * within {@link DeliveryPolicy} (each merchant's share, no pointless claims); each attempt runs on its own virtual
 * thread and records its result, and {@link LeaseKeeper} renews the leases of the claims held until then.
 *
 * <p><b>Hand-off.</b> The consumer of this instance commits what it stored and then signals the loop
 * ({@link #wake(Wake)} with {@link Wake#STORED}), which claims at once through PostgreSQL like any other claim (leases,
 * per-resource order and other replicas stay safe): a stored notification does not wait for the next poll. Signals
 * coalesce: any number of them while a claim runs or the loop is busy cost one claim more, not one per row or batch.
 * The loop is also woken when an attempt ends, when a redelivery is requested and when a record leaves a newer
 * notification of its resource waiting, and otherwise every {@code poll-interval}: the poll is how rows stored by
 * other replicas' consumers (their signals stay in their process), retries and expired leases are found. Counted in
 * {@code paygate_notifications_dispatcher_wakeups_total{cause}} and {@code paygate_notifications_dispatcher_claims_total{trigger}}.
 * Every instance runs one; they share the rows safely, and one that stops mid-attempt leaves leases that run out
 * within one lease.
 */
@ApplicationScoped
public class Dispatcher {

    private static final Logger LOG = Logger.getLogger(Dispatcher.class);
    private static final Duration MAX_BACKOFF = Duration.ofSeconds(30);
    /** How long the loop waits for attempts to end when nearly every slot is taken, to claim for several at once. */
    private static final Duration GATHER = Duration.ofMillis(5);
    /** The shortest lease: renewed every third of it, which must leave room for a database round trip. */
    static final Duration MIN_LEASE = Duration.ofMillis(300);
    /** How long an attempt waits for its result to be written before it gives the notification up to its lease. */
    private static final Duration RECORD_WAIT = Duration.ofMinutes(1);
    /** How long {@link #stop()} waits for the results of the attempts in flight to be written, beyond the timeout. */
    private static final Duration STOP_RECORD_WAIT = Duration.ofSeconds(10);

    private final DeliveryQueue queue;
    private final AttemptRecorder recorder;
    private final Deliverer deliverer;
    private final RetrySchedule schedule;
    private final NotificationConfig.Delivery config;
    private final Semaphore wakeups = new Semaphore(0);
    /** Set by {@link #wake()}: notifications were stored or made due, so the next loop claims whatever came before. */
    private final AtomicBoolean news = new AtomicBoolean(true);
    private final Semaphore slots;
    private final DeliveryPolicy policy;
    private final LeaseKeeper leases;
    private final DispatcherMetrics metrics;
    private volatile boolean running;
    private Thread loop;
    private ExecutorService attempts;

    /** A dispatcher outside CDI (tests racing several instances); its metrics go nowhere. */
    Dispatcher(DeliveryQueue queue, AttemptRecorder recorder, Deliverer deliverer, RetrySchedule schedule,
               NotificationConfig config) {
        this(queue, recorder, deliverer, schedule, config, new SimpleMeterRegistry());
    }

    @Inject
    Dispatcher(DeliveryQueue queue, AttemptRecorder recorder, Deliverer deliverer, RetrySchedule schedule,
               NotificationConfig config, MeterRegistry metrics) {
        this.metrics = new DispatcherMetrics(metrics);
        this.queue = queue;
        this.recorder = recorder;
        this.deliverer = deliverer;
        this.schedule = schedule;
        this.config = config.delivery();
        this.leases = new LeaseKeeper(queue, this.config.lease());
        // A claim is renewed once a third of its lease has passed (beats every sixth), so its lease outlasts a
        // renewal that fails or is skipped (lease > 2 x interval), and the shortest leaves time for the round trips.
        if (this.config.lease().compareTo(MIN_LEASE) < 0
                || this.config.lease().compareTo(leases.interval().multipliedBy(2)) <= 0) {
            throw new IllegalStateException("gateway.notification.delivery.lease must be at least " + MIN_LEASE);
        }
        this.slots = new Semaphore(this.config.concurrency());
        this.policy = new DeliveryPolicy(this.config.perMerchantConcurrency(), this.config.pollInterval());
    }

    /** Why the loop is asked to claim now rather than at the next poll. */
    public enum Wake {
        /** This instance's consumer committed new notifications (the hand-off). */
        STORED,
        /** A redelivery was requested here. */
        REDELIVERY,
        /** A recorded attempt left a newer notification of its resource waiting. */
        SUCCESSOR
    }

    void onStart(@Observes StartupEvent event) {
        if (config.enabled()) {
            start();
        }
    }

    /** Before the attempt recorder, so the attempts in flight are recorded. */
    void onStop(@Observes @Priority(Interceptor.Priority.PLATFORM_BEFORE) ShutdownEvent event) throws InterruptedException {
        stop();
    }

    /** Starts the loop (idempotent). */
    public synchronized void start() {
        if (running) {
            return;
        }
        running = true;
        news.set(true);
        attempts = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("notification-attempt-", 0).factory());
        leases.start();
        loop = Thread.ofPlatform().name("notification-dispatcher").daemon().start(this::run);
        LOG.info("dispatcher started");
    }

    /** Stops claiming and waits for the attempts in flight to be recorded (at most the timeout and 10 s). */
    public synchronized void stop() throws InterruptedException {
        if (!running) {
            return;
        }
        running = false;
        nudge();
        loop.join(config.timeout().toMillis() + 2_000);
        attempts.shutdown();
        // Leases are renewed until the attempts have been recorded (a lagging recorder included); what is still
        // unrecorded after this is left to its lease.
        attempts.awaitTermination(config.timeout().plus(STOP_RECORD_WAIT).toMillis(), TimeUnit.MILLISECONDS);
        leases.stop();
        LOG.info("dispatcher stopped");
    }

    /**
     * Asks the loop to claim now: notifications were committed or made due ({@code cause}). Cheap and non-blocking;
     * signals that arrive before the loop gets to them coalesce into one claim.
     */
    public void wake(Wake cause) {
        metrics.woken(cause);
        news.set(true);
        nudge();
    }

    /** Wakes the loop without news: an attempt ended, so a slot (and maybe a merchant's room) is free again. */
    private void nudge() {
        if (wakeups.availablePermits() == 0) {
            wakeups.release();
        }
    }

    private void run() {
        int failures = 0;
        while (running) {
            try {
                int free = gatherFreeSlots();
                int limit = Math.min(free, config.batchSize());
                int claimed = limit == 0 ? 0 : dispatchDue(limit);
                failures = 0;
                if (claimed > 0 && !policy.drained() && slots.availablePermits() > 0) {
                    // More may be due: the claim stopped at its limit, or filled a merchant's room, and the other
                    // merchants' rows may lie behind that merchant's backlog (the next claim leaves it out).
                    continue;
                }
                if (wakeups.tryAcquire(config.pollInterval().toMillis(), TimeUnit.MILLISECONDS)) {
                    wakeups.drainPermits();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (Exception e) {
                failures++;
                long backoff = Math.min(MAX_BACKOFF.toMillis(), config.pollInterval().toMillis() << Math.min(failures, 5));
                LOG.warnf("dispatcher: claiming due notifications failed (%s); retrying in %d ms", e.getMessage(), backoff);
                sleep(backoff);
            }
        }
    }

    /**
     * The free attempt slots, after waiting up to {@link #GATHER} for at least an eighth of them to be free: when
     * nearly all are taken, every ending attempt would otherwise cost a claim of one row.
     */
    private int gatherFreeSlots() throws InterruptedException {
        int enough = Math.max(1, config.concurrency() / 8);
        long deadline = System.nanoTime() + GATHER.toNanos();
        int free = slots.availablePermits();
        while (running && free < enough) {
            long left = deadline - System.nanoTime();
            if (left <= 0 || !wakeups.tryAcquire(left, TimeUnit.NANOSECONDS)) {
                break;
            }
            free = slots.availablePermits();
        }
        return slots.availablePermits();
    }

    /**
     * Claims up to {@code limit} due notifications within the policy ({@link DeliveryPolicy}: each merchant's room,
     * one attempt per resource, no pointless claims) and starts an attempt for each. Returns how many were claimed.
     */
    private int dispatchDue(int limit) throws Exception {
        Map<String, Integer> room = policy.rooms();
        boolean signalled = news.getAndSet(false);
        if (policy.pointless(room, signalled)) {
            return 0;
        }
        metrics.claiming(signalled);
        policy.forget(); // until this claim has succeeded
        Claim claim = queue.claim(limit, config.lease(), room, policy.share());
        policy.claimed(claim, limit, room);
        for (ClaimedNotification notification : claim.claimed()) {
            String merchant = notification.merchantId();
            leases.hold(notification);
            policy.started(merchant);
            slots.acquire();
            attempts.execute(() -> {
                // Every line of the attempt carries the request that caused the notification (CONTRACT §0).
                try (LogContext.Scope ignored = LogContext.requestId(notification.requestId())) {
                    AttemptOutcome outcome;
                    try {
                        outcome = deliverer.attempt(notification);
                    } finally {
                        // The slot is for the HTTP exchange: the row stays leased until its result is recorded.
                        policy.ended(merchant);
                        slots.release();
                        nudge();
                    }
                    record(notification, outcome);
                }
            });
        }
        return claim.claimed().size();
    }

    /**
     * An attempt's record; the lease is renewed until it is written, and covers a failure to write it (the
     * notification is retried once the lease has run out).
     */
    private void record(ClaimedNotification notification, AttemptOutcome outcome) {
        AttemptRecord record = schedule.next(notification, outcome);
        try {
            // The lease is renewed meanwhile, so a recorder that lags behind (a busy database) costs no second send;
            // the bound only keeps an attempt from holding its notification forever if the recorder never answers.
            DeliveryQueue.Written written = recorder.record(notification, record)
                    .get(RECORD_WAIT.toMillis(), TimeUnit.MILLISECONDS);
            log(notification, record, written.number());
            if (DeliveryPolicy.wakeAfter(written)) {
                wake(Wake.SUCCESSOR);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            // A TimeoutException has no message: say what it means (the recorder is that far behind).
            String why = e instanceof java.util.concurrent.TimeoutException
                    ? "no answer from the recorder within " + RECORD_WAIT.toSeconds() + " s" : e.getMessage();
            LOG.errorf("notification %s: could not record attempt (%s); it is retried when its lease ends",
                    notification.id(), why);
        } finally {
            leases.release(notification);
        }
    }

    /**
     * A line per failed attempt (INFO) and per lost lease (WARN); deliveries are DEBUG, because at thousands a second
     * a line each costs more than signing them (the attempt log, {@code GET /pg/notifications}, and the
     * {@code paygate_notifications_outcomes_total} counter have every one).
     */
    private static void log(ClaimedNotification n, AttemptRecord record, int number) {
        if (number < 0) {
            LOG.warnf("notification %s attempt %d finished after its lease ran out (%s); state left to the new holder",
                    n.id(), -number, record.error() == null ? "acknowledged" : record.error());
            return;
        }
        if (record.nextStatus() == NotificationStatus.DELIVERED && record.acknowledged()) {
            if (LOG.isDebugEnabled()) {
                LOG.debugf("notification %s (%s) DELIVERED on attempt %d (HTTP %d, %d ms)", n.id(), where(n), number,
                        record.httpStatus(), record.durationMs());
            }
            return;
        }
        String where = where(n);
        if (record.nextStatus() == NotificationStatus.PENDING) {
            LOG.infof("notification %s (%s) attempt %d failed (%s); next attempt in %d ms", n.id(), where, number,
                    record.error(), record.retryIn().toMillis());
        } else {
            LOG.infof("notification %s (%s) attempt %d failed (%s); now %s", n.id(), where, number, record.error(),
                    record.nextStatus());
        }
    }

    private static String where(ClaimedNotification n) {
        return n.type().value() + " " + n.resourceId() + " of merchant " + n.merchantId();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

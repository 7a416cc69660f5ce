package io.paygate.notification.delivery;

import io.paygate.kit.observability.LogContext;
import io.paygate.notification.NotificationDraft;
import io.paygate.notification.NotificationStatus;
import io.paygate.notification.config.NotificationConfig;
import io.paygate.notification.repository.AttemptRecord;
import io.paygate.notification.repository.Claim;
import io.paygate.notification.repository.ClaimedNotification;
import io.paygate.notification.repository.DeliveryQueue;
import io.paygate.notification.repository.LeaseOffer;
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
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Delivers due notifications. One loop claims due rows ({@link DeliveryQueue#claim}: leased, never two of one
 * resource in flight) as long as fewer than {@code gateway.notification.delivery.concurrency} attempts are in flight,
 * within {@link DeliveryPolicy} (each merchant's share, no pointless claims); each attempt runs on its own virtual
 * thread and records its result, and {@link LeaseKeeper} renews the leases of the claims held until then.
 *
 * <p><b>Hand-off.</b> Before the consumer of this instance stores a batch it asks for room ({@link #offer}): free
 * slots and each merchant's room, reserved for it. The store transaction leases to this instance what it has just
 * stored within that room, as a claim would (the resource's advisory lock is held, the tokens of its other rows are
 * checked; {@code NotificationStore}), and after the commit {@link #handOff} starts those attempts: no claim
 * transaction, no wait for the loop. What the store could not lease (no room, the resource held by an attempt in
 * flight, the loop busy claiming) it signals ({@link #wake(Wake)} with {@link Wake#STORED}), and the loop claims at
 * once through PostgreSQL like any other claim (leases, per-resource order and other replicas stay safe). Signals
 * coalesce: any number of them while a claim runs or the loop is busy cost one claim more, not one per row or batch.
 * The loop is also woken when an attempt ends, when a redelivery is requested and when a record leaves a newer
 * notification of its resource waiting, and otherwise every {@code poll-interval}: the poll is how rows stored by
 * other replicas' consumers (their signals stay in their process), retries and expired leases are found. Counted in
 * {@code paygate_notifications_dispatcher_wakeups_total{cause}},
 * {@code paygate_notifications_dispatcher_claims_total{trigger}} and
 * {@code paygate_notifications_dispatcher_handoffs_total}.
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
    /** How long a store waits for a claim under way before it leaves its notifications to a claim ({@link #offer}). */
    private static final Duration OFFER_WAIT = Duration.ofMillis(50);
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
    /**
     * Held while the loop reads the rooms, claims and counts what it claimed, and while {@link #offer} reserves room:
     * so the two never hand out the same slot or a merchant's room twice.
     */
    private final ReentrantLock reserving = new ReentrantLock();
    private volatile boolean running;
    /** Attempts started and not yet recorded (or given up to their lease): {@link #stop()} waits for them. */
    private final AtomicInteger unfinished = new AtomicInteger();
    private Thread loop;
    private volatile ExecutorService attempts;

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
        long deadline = System.nanoTime() + config.timeout().plus(STOP_RECORD_WAIT).toNanos();
        while (unfinished.get() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
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
        List<ClaimedNotification> claimed;
        reserving.lock();
        try {
            int take = Math.min(limit, slots.availablePermits());
            if (take == 0) {
                return 0; // a hand-off took the slots meanwhile
            }
            Map<String, Integer> room = policy.rooms();
            boolean signalled = news.getAndSet(false);
            if (policy.pointless(room, signalled)) {
                return 0;
            }
            metrics.claiming(signalled);
            policy.forget(); // until this claim has succeeded
            Claim claim = queue.claim(take, config.lease(), room, policy.share());
            policy.claimed(claim, take, room);
            claimed = claim.claimed();
            for (ClaimedNotification notification : claimed) {
                leases.hold(notification);
                policy.started(notification.merchantId());
                slots.acquire(); // free: only this lock takes slots, and the claim took no more than were free
            }
        } finally {
            reserving.unlock();
        }
        List<ClaimedNotification> orphaned = new ArrayList<>();
        for (ClaimedNotification notification : claimed) {
            if (!launch(notification)) {
                orphaned.add(notification);
            }
        }
        queue.unlease(orphaned);
        return claimed.size();
    }

    /**
     * Room for the hand-off of a batch about to be stored: for each merchant, as many of its resources in the batch as
     * it has room for here and slots are free, reserved (counted as started) until {@link #handOff} gives back what
     * was not leased. None while the dispatcher is stopped, the hand-off is off, or a claim has held the room for
     * longer than {@link #OFFER_WAIT} (the store then signals the loop instead).
     */
    public LeaseOffer offer(Collection<NotificationDraft> drafts) {
        if (!running || !config.handOff() || drafts.isEmpty()) {
            return LeaseOffer.NONE;
        }
        try {
            // A claim holds the lock for its round trip: waiting for it is cheaper than handing the batch to a claim
            // of its own, which would hold the lock against the next batch in turn.
            if (!reserving.tryLock(OFFER_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
                return LeaseOffer.NONE;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return LeaseOffer.NONE;
        }
        try {
            Map<String, Set<String>> resources = new HashMap<>();
            for (NotificationDraft draft : drafts) {
                resources.computeIfAbsent(draft.merchantId(), m -> new HashSet<>()).add(draft.resourceKey());
            }
            Map<String, Integer> room = new HashMap<>();
            resources.forEach((merchant, keys) -> {
                int granted = 0;
                int wanted = Math.min(keys.size(), policy.handOffRoom(merchant));
                while (granted < wanted && slots.tryAcquire()) {
                    policy.started(merchant);
                    granted++;
                }
                if (granted > 0) {
                    room.put(merchant, granted);
                }
            });
            return room.isEmpty() ? LeaseOffer.NONE : new LeaseOffer(UUID.randomUUID(), config.lease(), room);
        } finally {
            reserving.unlock();
        }
    }

    /**
     * After the store of an {@link #offer} committed (or failed: {@code leased} empty): starts an attempt for each
     * notification it leased here ({@code setNanos}: just before their lease was set) and gives back the rest of the
     * room.
     */
    public void handOff(LeaseOffer offer, List<ClaimedNotification> leased, long setNanos) {
        if (offer.isEmpty()) {
            return;
        }
        Map<String, Integer> unused = new HashMap<>(offer.room());
        List<ClaimedNotification> orphaned = new ArrayList<>();
        for (ClaimedNotification notification : leased) {
            unused.merge(notification.merchantId(), -1, Integer::sum);
            leases.hold(notification, setNanos);
            metrics.handedOff();
            if (!launch(notification)) {
                orphaned.add(notification);
            }
        }
        unused.forEach((merchant, count) -> {
            for (int i = 0; i < count; i++) {
                policy.ended(merchant);
                slots.release();
            }
        });
        queue.unlease(orphaned);
    }

    /**
     * Starts the attempt of a leased notification whose slot and merchant room are already counted; false (both given
     * back) when the dispatcher is stopping and the lease should be given back too.
     */
    private boolean launch(ClaimedNotification notification) {
        String merchant = notification.merchantId();
        ExecutorService executor = attempts;
        try {
            if (!running || executor == null) {
                throw new RejectedExecutionException("stopping");
            }
            unfinished.incrementAndGet();
            if (deliverer.startsAtOnce(notification)) {
                // Nothing to wait for before the POST: a virtual thread would only cost its start and hand-overs.
                attempt(notification);
                return true;
            }
            try {
                executor.execute(() -> attempt(notification));
            } catch (RejectedExecutionException e) {
                unfinished.decrementAndGet();
                throw e;
            }
            return true;
        } catch (RejectedExecutionException e) {
            policy.ended(merchant);
            slots.release();
            leases.release(notification);
            return false;
        }
    }

    /**
     * One attempt: the part that may block (DNS) on a virtual thread, or on the caller's when the address is known
     * already, then the HTTP exchange, whose end frees the slot and hands the outcome to the recorder from the HTTP
     * client's thread; no thread waits for the reply or the record.
     */
    private void attempt(ClaimedNotification notification) {
        CompletableFuture<AttemptOutcome> outcome;
        // Every line of the attempt carries the request that caused the notification (docs/contract.md §0).
        try (LogContext.Scope ignored = LogContext.requestId(notification.requestId())) {
            outcome = deliverer.start(notification);
        } catch (RuntimeException e) {
            outcome = CompletableFuture.completedFuture(AttemptOutcome.failed(java.time.Instant.now(), 0,
                    "could not send: " + Deliverer.describe(e)));
        }
        outcome.whenComplete((result, error) -> {
            // The slot is for the HTTP exchange: the row stays leased until its result is recorded.
            policy.ended(notification.merchantId());
            slots.release();
            nudge();
            try (LogContext.Scope ignored = LogContext.requestId(notification.requestId())) {
                record(notification, result != null ? result : AttemptOutcome.failed(java.time.Instant.now(), 0,
                        "could not send: " + Deliverer.describe(error)));
            }
        });
    }

    /**
     * An attempt's record; the lease is renewed until it is written, and covers a failure to write it (the
     * notification is retried once the lease has run out).
     */
    private void record(ClaimedNotification notification, AttemptOutcome outcome) {
        AttemptRecord record;
        try {
            record = schedule.next(notification, outcome);
        } catch (RuntimeException e) {
            LOG.errorf("notification %s: could not schedule its next attempt (%s); it is retried when its lease ends",
                    notification.id(), e.getMessage());
            leases.release(notification);
            unfinished.decrementAndGet();
            return;
        }
        // The lease is renewed meanwhile, so a recorder that lags behind (a busy database) costs no second send; the
        // bound only keeps an attempt from holding its notification forever if the recorder never answers.
        recorder.record(notification, record).orTimeout(RECORD_WAIT.toMillis(), TimeUnit.MILLISECONDS)
                .whenComplete((written, error) -> {
                    try (LogContext.Scope ignored = LogContext.requestId(notification.requestId())) {
                        if (error == null) {
                            log(notification, record, written.number());
                            if (DeliveryPolicy.wakeAfter(written)) {
                                wake(Wake.SUCCESSOR);
                            }
                        } else {
                            Throwable cause = error.getCause() != null ? error.getCause() : error;
                            // A TimeoutException has no message: say what it means (the recorder is that far behind).
                            String why = cause instanceof java.util.concurrent.TimeoutException
                                    ? "no answer from the recorder within " + RECORD_WAIT.toSeconds() + " s"
                                    : cause.getMessage();
                            LOG.errorf("notification %s: could not record attempt (%s); it is retried when its lease "
                                    + "ends", notification.id(), why);
                        }
                    } finally {
                        leases.release(notification);
                        unfinished.decrementAndGet();
                    }
                });
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

package io.paygate.notification.delivery;

import io.paygate.notification.NotificationStatus;
import io.paygate.notification.config.NotificationConfig;
import io.paygate.notification.repository.AttemptRecord;
import io.paygate.notification.repository.ClaimedNotification;
import io.paygate.notification.repository.DeliveryQueue;
import io.paygate.notification.service.RetrySchedule;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.interceptor.Interceptor;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Delivers due notifications. One loop claims due rows (leased, {@code FOR UPDATE SKIP LOCKED}) as long as fewer than
 * {@code gateway.notification.delivery.concurrency} attempts are in flight, and never more of one merchant than its
 * share ({@code per-merchant-concurrency}), so one merchant's slow or broken endpoint cannot take every slot; each
 * attempt runs on its own virtual thread and records its result. Woken as soon as the consumer stores a notification
 * or an attempt ends, and otherwise every {@code poll-interval}, which is also how retries become due. Every
 * instance runs one; they share the rows safely, and one that stops mid-attempt leaves only a lease that runs out.
 */
@ApplicationScoped
public class Dispatcher {

    private static final Logger LOG = Logger.getLogger(Dispatcher.class);
    private static final Duration MAX_BACKOFF = Duration.ofSeconds(30);
    /** How long the loop waits for attempts to end when nearly every slot is taken, to claim for several at once. */
    private static final Duration GATHER = Duration.ofMillis(5);

    private final DeliveryQueue queue;
    private final AttemptRecorder recorder;
    private final Deliverer deliverer;
    private final RetrySchedule schedule;
    private final NotificationConfig.Delivery config;
    private final Semaphore wakeups = new Semaphore(0);
    /** Set by {@link #wake()}: notifications were stored or made due, so the next loop claims whatever came before. */
    private final AtomicBoolean news = new AtomicBoolean(true);
    private final Semaphore slots;
    /** Attempts in flight per merchant id. */
    private final Map<String, Integer> inFlight = new ConcurrentHashMap<>();
    /** The loop's memory of its last claim (see {@link #pointless}); read and written by the loop thread only. */
    private boolean drained;
    private Set<String> leftOut = Set.of();
    private long lastClaimNanos;
    private volatile boolean running;
    private Thread loop;
    private ExecutorService attempts;

    Dispatcher(DeliveryQueue queue, AttemptRecorder recorder, Deliverer deliverer, RetrySchedule schedule,
               NotificationConfig config) {
        this.queue = queue;
        this.recorder = recorder;
        this.deliverer = deliverer;
        this.schedule = schedule;
        this.config = config.delivery();
        if (this.config.lease().compareTo(this.config.timeout().plusSeconds(1)) <= 0) {
            throw new IllegalStateException("gateway.notification.delivery.lease must exceed the timeout by more than 1 s");
        }
        this.slots = new Semaphore(this.config.concurrency());
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
        loop = Thread.ofPlatform().name("notification-dispatcher").daemon().start(this::run);
        LOG.info("dispatcher started");
    }

    /** Stops claiming and waits for the attempts in flight to be recorded (at most the timeout). */
    public synchronized void stop() throws InterruptedException {
        if (!running) {
            return;
        }
        running = false;
        wake();
        loop.join(config.timeout().toMillis() + 2_000);
        attempts.shutdown();
        attempts.awaitTermination(config.timeout().toMillis() + 2_000, TimeUnit.MILLISECONDS);
        LOG.info("dispatcher stopped");
    }

    /** Asks the loop to look for due notifications now (a notification was stored, or made due by a redelivery). */
    public void wake() {
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
                if (claimed > 0 && !drained && slots.availablePermits() > 0) {
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
     * Claims up to {@code limit} due notifications, of each merchant at most its room (its share,
     * {@code per-merchant-concurrency}, less its attempts in flight), and starts an attempt for each. A merchant
     * with less than a quarter of its share free is skipped until it has that much again: so a merchant with a
     * backlog is claimed for in chunks, not one row per ending attempt, and its backlog (the oldest due rows) cannot
     * keep the claim from reaching the other merchants' rows. Returns how many were claimed.
     */
    private int dispatchDue(int limit) throws Exception {
        int share = config.perMerchantConcurrency();
        int minRoom = Math.max(1, share / 4);
        Map<String, Integer> room = new HashMap<>();
        inFlight.forEach((merchant, count) -> {
            int left = share - count;
            room.put(merchant, left < minRoom ? 0 : left);
        });
        boolean fresh = news.getAndSet(false);
        if (!fresh && pointless(room, share)) {
            return 0;
        }
        drained = false; // until this claim has succeeded
        List<ClaimedNotification> claimed = queue.claimDue(limit, config.lease(), room, share);
        remember(claimed, limit, room, share);
        for (ClaimedNotification notification : claimed) {
            String merchant = notification.merchantId();
            inFlight.merge(merchant, 1, Integer::sum);
            slots.acquire();
            attempts.execute(() -> {
                AttemptOutcome outcome;
                try {
                    outcome = deliverer.attempt(notification);
                } finally {
                    // The slot is for the HTTP exchange: the row stays leased until its result is recorded.
                    inFlight.merge(merchant, -1, Dispatcher::nullIfZero);
                    slots.release();
                    nudge();
                }
                record(notification, outcome);
            });
        }
        return claimed.size();
    }

    /**
     * Whether a claim now could only come back empty, so the loop need not ask the database: the last claim was
     * drained (see {@link #remember}: nothing more was due for the merchants it did not leave out), nothing has been
     * stored or made due since ({@link #wake()}), the poll interval (which is how retries and expired leases become
     * due) has not passed, and every merchant that claim left out for want of room still has none. Without this, a
     * merchant at its share with a backlog made every ending attempt run a claim that walked its whole backlog in the
     * index to find nothing (10 ms per claim at 15,000 due; {@code bench/README.md}).
     */
    private boolean pointless(Map<String, Integer> room, int share) {
        if (!drained || System.nanoTime() - lastClaimNanos >= config.pollInterval().toNanos()) {
            return false;
        }
        for (String merchant : leftOut) {
            if (room.getOrDefault(merchant, share) > 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * A claim is drained when it took less than its limit and filled nobody's room: a merchant filled to its room may
     * have had more rows in the scan, which then stopped at its limit before other merchants' rows behind them.
     */
    private void remember(List<ClaimedNotification> claimed, int limit, Map<String, Integer> room, int share) {
        lastClaimNanos = System.nanoTime();
        Map<String, Integer> taken = new HashMap<>();
        claimed.forEach(n -> taken.merge(n.merchantId(), 1, Integer::sum));
        boolean filled = taken.entrySet().stream()
                .anyMatch(merchant -> merchant.getValue() >= room.getOrDefault(merchant.getKey(), share));
        drained = claimed.size() < limit && !filled;
        Set<String> without = new HashSet<>();
        room.forEach((merchant, left) -> {
            if (left <= 0) {
                without.add(merchant);
            }
        });
        leftOut = without;
    }

    private static Integer nullIfZero(Integer current, Integer delta) {
        int next = current + delta;
        return next <= 0 ? null : next;
    }

    /** An attempt's record; the lease covers a failure to record (the notification is retried after it). */
    private void record(ClaimedNotification notification, AttemptOutcome outcome) {
        AttemptRecord record = schedule.next(notification, outcome);
        try {
            int number = recorder.record(notification, record).get(config.lease().toMillis(), TimeUnit.MILLISECONDS);
            log(notification, record, number);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            LOG.errorf("notification %s: could not record attempt (%s); it is retried when its lease ends",
                    notification.id(), e.getMessage());
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

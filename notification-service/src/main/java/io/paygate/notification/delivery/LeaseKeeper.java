package io.paygate.notification.delivery;

import io.paygate.notification.repository.ClaimedNotification;
import io.paygate.notification.repository.DeliveryQueue;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The heartbeat of one dispatcher: one UPDATE renews the leases of the claims it holds (from the claim until the
 * result is recorded) that were set a third of the lease ago or earlier, by id and claim token
 * ({@link DeliveryQueue#renew}); it beats every sixth of the lease, so a claim is renewed when between a third and a
 * half of its lease has passed. A live instance thus keeps its claims however long an attempt or its record takes,
 * and the many claims that are recorded within a third of the lease cost no renewal at all; a dead one stops
 * renewing, and its claims are due again (and their resources free) within one lease. A renewal that fails
 * (database unreachable) or skips a row (locked at that moment) is retried at the next beat.
 */
final class LeaseKeeper {

    private static final Logger LOG = Logger.getLogger(LeaseKeeper.class);

    private final DeliveryQueue queue;
    private final Duration lease;
    private final Duration interval;
    private final Map<UUID, Held> held = new ConcurrentHashMap<>();
    private volatile boolean running;
    private Thread beat;

    LeaseKeeper(DeliveryQueue queue, Duration lease) {
        this.queue = queue;
        this.lease = lease;
        this.interval = lease.dividedBy(3);
    }

    /** The renewal interval: a third of the lease. */
    Duration interval() {
        return interval;
    }

    /** Just claimed (its lease was set a moment ago). */
    void hold(ClaimedNotification claimed) {
        hold(claimed, System.nanoTime());
    }

    /** Leased at {@code setNanos} ({@code System.nanoTime()}, at or before the database set it). */
    void hold(ClaimedNotification claimed, long setNanos) {
        held.put(claimed.id(), new Held(claimed, setNanos));
    }

    /** Its result is recorded (or could not be: then the lease runs out and it is retried). */
    void release(ClaimedNotification claimed) {
        held.computeIfPresent(claimed.id(), (id, h) -> h.claimed().equals(claimed) ? null : h);
    }

    /** A claim and when its lease was last set (System.nanoTime, a little before the database set it). */
    private record Held(ClaimedNotification claimed, long setNanos) {
    }

    synchronized void start() {
        if (running) {
            return;
        }
        running = true;
        beat = Thread.ofPlatform().name("notification-lease-renewal").daemon().start(this::run);
    }

    /** Stops renewing (after the dispatcher has recorded what it could: the rest runs out). */
    synchronized void stop() throws InterruptedException {
        if (!running) {
            return;
        }
        running = false;
        beat.interrupt();
        beat.join(5_000);
    }

    private void run() {
        while (running) {
            try {
                Thread.sleep(Math.max(1, interval.toMillis() / 2));
            } catch (InterruptedException e) {
                return;
            }
            renewNow();
        }
    }

    /** One beat: renews the claims whose lease was set at least a third of the lease ago. */
    void renewNow() {
        long now = System.nanoTime();
        List<ClaimedNotification> due = held.values().stream()
                .filter(h -> now - h.setNanos() >= interval.toNanos()).map(Held::claimed).toList();
        if (due.isEmpty()) {
            return;
        }
        try {
            Set<UUID> renewed = queue.renew(due, lease);
            for (ClaimedNotification claimed : due) {
                if (renewed.contains(claimed.id())) {
                    held.computeIfPresent(claimed.id(), (id, h) -> h.claimed().equals(claimed) ? new Held(claimed, now) : h);
                }
            }
            if (LOG.isDebugEnabled() && renewed.size() < due.size()) {
                LOG.debugf("lease renewal: %d of %d claims renewed (the others are locked right now, recorded, "
                        + "or were taken over)", renewed.size(), due.size());
            }
        } catch (Exception e) {
            LOG.warnf("lease renewal of %d claim(s) failed (%s); retrying in %d ms", due.size(), e.getMessage(),
                    interval.toMillis() / 2);
        }
    }
}

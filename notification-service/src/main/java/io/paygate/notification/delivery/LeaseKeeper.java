package io.paygate.notification.delivery;

import io.paygate.notification.repository.ClaimedNotification;
import io.paygate.notification.repository.DeliveryQueue;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The heartbeat of one dispatcher: every third of the lease, one UPDATE renews the leases of all the claims it holds
 * (from the claim until the result is recorded), by id and claim token ({@link DeliveryQueue#renew}). A live instance
 * thus keeps its claims however long an attempt or its record takes; a dead one stops renewing, and its claims are
 * due again (and their resources free) within one lease. A renewal that fails (database unreachable) is retried at
 * the next beat; the lease covers two missed beats.
 */
final class LeaseKeeper {

    private static final Logger LOG = Logger.getLogger(LeaseKeeper.class);

    private final DeliveryQueue queue;
    private final Duration lease;
    private final Duration interval;
    private final Map<UUID, ClaimedNotification> held = new ConcurrentHashMap<>();
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

    void hold(ClaimedNotification claimed) {
        held.put(claimed.id(), claimed);
    }

    /** Its result is recorded (or could not be: then the lease runs out and it is retried). */
    void release(ClaimedNotification claimed) {
        held.remove(claimed.id(), claimed);
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
                Thread.sleep(interval.toMillis());
            } catch (InterruptedException e) {
                return;
            }
            renewNow();
        }
    }

    /** One beat. */
    void renewNow() {
        if (held.isEmpty()) {
            return;
        }
        try {
            Set<UUID> renewed = queue.renew(held.values(), lease);
            if (LOG.isDebugEnabled() && renewed.size() < held.size()) {
                LOG.debugf("lease renewal: %d of %d held claims renewed (the others are locked right now, recorded, "
                        + "or were taken over)", renewed.size(), held.size());
            }
        } catch (Exception e) {
            LOG.warnf("lease renewal of %d claim(s) failed (%s); retrying in %d ms", held.size(), e.getMessage(),
                    interval.toMillis());
        }
    }
}

package io.paygate.notification.delivery;

import io.paygate.notification.repository.Claim;
import io.paygate.notification.repository.DeliveryQueue;

import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the dispatcher of one instance may claim, and when a claim is worth asking the database for (docs/contract.md §6, §7):
 * <ul>
 *   <li><b>Per-merchant share.</b> At most {@code per-merchant-concurrency} HTTP attempts of one merchant in flight
 *       here, so a slow or broken merchant cannot take every slot. A merchant's room is its share less its attempts
 *       in flight; one with less than a quarter of its share free gets 0 until it has that much again (its backlog
 *       is claimed in chunks, not one row per ending attempt). The claim takes no more of a merchant than its room
 *       and leaves the merchants without room out of its scan.</li>
 *   <li><b>Per-resource order.</b> Never two attempts in flight for one resource, on any number of instances: the
 *       claim itself enforces it in PostgreSQL ({@code DeliveryClaim}), so a newer notification waits until the
 *       older one's result is recorded. When a record shows another row of its resource PENDING
 *       ({@link #wakeAfter}), the loop claims at once rather than at the next poll.</li>
 *   <li><b>Skipping pointless claims</b> ({@link #pointless}): no claim while the last one found nothing more, nothing
 *       was stored, made due or recorded with a waiting successor since, the poll interval (how retries and expired
 *       leases become due) has not passed, and every merchant it left out still has no room.</li>
 * </ul>
 * The counts are per instance; the claim's own rules hold across instances. Thread-safe for {@link #started} and
 * {@link #ended} (attempt threads); the rest is the loop thread's.
 */
final class DeliveryPolicy {

    private final int share;
    private final int minRoom;
    private final Duration pollInterval;
    /** Attempts in flight per merchant id. */
    private final Map<String, Integer> inFlight = new ConcurrentHashMap<>();
    private boolean drained;
    private Set<String> leftOut = Set.of();
    private long lastClaimNanos;

    DeliveryPolicy(int perMerchantConcurrency, Duration pollInterval) {
        this.share = perMerchantConcurrency;
        this.minRoom = Math.max(1, share / 4);
        this.pollInterval = pollInterval;
    }

    /** The room of a merchant not listed by {@link #rooms()}. */
    int share() {
        return share;
    }

    /** Room per merchant with attempts in flight here (0: none this time). */
    Map<String, Integer> rooms() {
        Map<String, Integer> room = new HashMap<>();
        inFlight.forEach((merchant, count) -> {
            int left = share - count;
            room.put(merchant, left < minRoom ? 0 : left);
        });
        return room;
    }

    /**
     * The merchant's room for attempts started at once (the hand-off): its share less its attempts in flight, without
     * the claim's minimum (that only keeps claims from fetching one row at a time).
     */
    int handOffRoom(String merchant) {
        return Math.max(0, share - inFlight.getOrDefault(merchant, 0));
    }

    void started(String merchant) {
        inFlight.merge(merchant, 1, Integer::sum);
    }

    /** Its HTTP exchange ended (the row stays claimed until its result is recorded). */
    void ended(String merchant) {
        inFlight.merge(merchant, -1, (current, delta) -> current + delta <= 0 ? null : current + delta);
    }

    /**
     * Whether a claim now could only come back empty (see the class comment). {@code news}: something was stored,
     * made due, or a recorded attempt left a successor waiting since the last claim.
     */
    boolean pointless(Map<String, Integer> room, boolean news) {
        if (news || !drained || System.nanoTime() - lastClaimNanos >= pollInterval.toNanos()) {
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
     * After a claim with these rooms: it is drained when its scan stopped short of its limit and it filled nobody's
     * room (a merchant filled to its room may have more rows, and the scan stopped at its limit before other
     * merchants' rows behind them). Rows left because their resource is held are not in the scan: they come back
     * with {@link #wakeAfter} (this instance's attempt) or the poll (another's).
     */
    void claimed(Claim claim, int limit, Map<String, Integer> room) {
        lastClaimNanos = System.nanoTime();
        drained = claim.scanned() < limit && claim.filled().isEmpty();
        Set<String> without = new HashSet<>();
        room.forEach((merchant, left) -> {
            if (left <= 0) {
                without.add(merchant);
            }
        });
        leftOut = without;
    }

    /** Whether to claim at once after this record: another row of the resource is PENDING (it waited for this one). */
    static boolean wakeAfter(DeliveryQueue.Written written) {
        return written.successorPending();
    }

    /** Whether the last claim found no more than it took (see {@link #claimed}). */
    boolean drained() {
        return drained;
    }

    /** Before a claim, as it failed or was skipped: the next one must not be skipped on its account. */
    void forget() {
        drained = false;
    }
}

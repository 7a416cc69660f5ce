package io.paygate.payment.recurring;

import io.paygate.model.status.PaymentStatus;
import io.paygate.model.status.SubscriptionStatus;
import io.paygate.payment.payment.PaymentRepository;
import io.paygate.payment.payment.PaymentTransitions;
import io.quarkus.panache.common.Sort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import jakarta.transaction.Transactional;

import java.util.List;
import java.util.UUID;

/**
 * "A cycle payment never outlives its subscription's charging" (docs/contract.md §1b): whatever takes a subscription
 * out of ACTIVE (the merchant's pause or cancel, a deleted card, a binding or card that can no longer be charged) goes
 * through {@link #leave}, which moves the subscription and, in the same transaction, ends its cycle payment that has no
 * attempt in flight (PENDING: not charged yet, or declined and waiting for its retry) {@code CANCELLED} with why,
 * notified like any payment. A cycle whose attempt is at the provider (PROCESSING) is left to it: its answer ends the
 * cycle, a decline {@code FAILED} with no retry, since the subscription is no longer ACTIVE
 * ({@link Subscriptions#retryLater}).
 *
 * <p>Rows are locked in the order every payment transition locks them, the payment before its subscription
 * ({@code PaymentTransitions} → {@link Subscriptions#changed}): the caller locks the subscriptions' unsettled cycle
 * payments first ({@code lockOpenCycles…}), then the subscriptions, then calls {@link #leave}. A pause and the
 * provider's answer for the same cycle then wait for each other instead of deadlocking, and a pause and a replica
 * charging the cycle meet on the payment's row: either the charge finds it CANCELLED and sends nothing, or the pause
 * finds its attempt submitted (PROCESSING) and leaves it to its answer. Never both.
 */
@ApplicationScoped
class ChargingStops {

    static final String PAUSED = "Subscription paused";
    static final String CANCELLED = "Subscription cancelled";

    /** Unsettled cycle payments (one at most per subscription: a cycle ends before the next one is made). */
    private static final String OPEN_CYCLES_OF = "cycle >= 2 and status in ?1 and subscriptionId in "
            + "(select s.id from SubscriptionEntity s where ";
    private static final List<PaymentStatus> OPEN = List.of(PaymentStatus.PENDING, PaymentStatus.PROCESSING);

    private final PaymentRepository payments;
    private final PaymentTransitions paymentTransitions;
    private final SubscriptionTransitions transitions;

    ChargingStops(PaymentRepository payments, PaymentTransitions paymentTransitions,
                  SubscriptionTransitions transitions) {
        this.payments = payments;
        this.paymentTransitions = paymentTransitions;
        this.transitions = transitions;
    }

    /** Locks the unsettled cycle payment of subscription {@code subscriptionId}, before the subscription is locked. */
    @Transactional(Transactional.TxType.MANDATORY)
    void lockOpenCycles(UUID subscriptionId) {
        lock(OPEN_CYCLES_OF + "s.id = ?2)", OPEN, subscriptionId);
    }

    /** As {@link #lockOpenCycles(UUID)}, for the merchant's subscription {@code recurringId}. */
    @Transactional(Transactional.TxType.MANDATORY)
    void lockOpenCycles(String merchantId, String recurringId) {
        lock(OPEN_CYCLES_OF + "s.merchantId = ?2 and s.recurringId = ?3)", OPEN, merchantId, recurringId);
    }

    /** As {@link #lockOpenCycles(UUID)}, for the merchant's ACTIVE subscriptions charged by stored card {@code id}. */
    @Transactional(Transactional.TxType.MANDATORY)
    void lockOpenCyclesOfCard(String merchantId, String storedCardId) {
        lock(OPEN_CYCLES_OF + "s.merchantId = ?2 and s.storedCardId = ?3 and s.status = ?4)", OPEN, merchantId,
                storedCardId, SubscriptionStatus.ACTIVE);
    }

    private void lock(String query, Object... params) {
        payments.find(query, Sort.by("id"), params).withLock(LockModeType.PESSIMISTIC_WRITE).list();
    }

    /**
     * Moves {@code s} (locked by the caller, after its open cycles) to {@code next} with {@code statusDesc}, and ends
     * its cycle payment that waits with no attempt in flight {@code CANCELLED} with {@code cycleDesc}.
     *
     * @throws io.paygate.model.status.IllegalTransitionException when the lifecycle forbids it; nothing changes
     */
    @Transactional(Transactional.TxType.MANDATORY)
    void leave(SubscriptionEntity s, SubscriptionStatus next, String statusDesc, String cycleDesc) {
        transitions.move(s, next, statusDesc);
        // found again under the lock: a cycle payment made between the caller's two locks is locked here
        payments.find("subscriptionId = ?1 and cycle = ?2", s.id, s.nextCycle)
                .withLock(LockModeType.PESSIMISTIC_WRITE).firstResultOptional()
                .filter(p -> p.status == PaymentStatus.PENDING)
                .ifPresent(p -> paymentTransitions.move(p, PaymentStatus.CANCELLED, cycleDesc)); // → its cycle ended
    }
}

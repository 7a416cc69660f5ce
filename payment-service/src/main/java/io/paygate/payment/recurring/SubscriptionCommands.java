package io.paygate.payment.recurring;

import io.paygate.kit.error.ApiException;
import io.paygate.model.api.recurring.SubscriptionListItem;
import io.paygate.model.api.recurring.SubscriptionResponse;
import io.paygate.model.status.SubscriptionStatus;
import io.paygate.payment.payment.GatewayTime;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import java.time.Instant;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The merchant's subscription API (docs/contract.md §1b): read, pause, resume, cancel. Another merchant's subscription
 * is {@code 4041101} like an unknown one; an illegal change is {@code 4091100 Conflict. <from> to <to>}; repeating the
 * change already made answers the subscription unchanged.
 */
@ApplicationScoped
public class SubscriptionCommands {

    private static final Pattern RECURRING_ID = Pattern.compile("^[A-Za-z0-9._]{1,30}$");
    static final String PAUSED_BY_MERCHANT = "Paused by the merchant";
    static final String CANCELLED_BY_MERCHANT = "Cancelled by the merchant";

    private final SubscriptionRepository subscriptions;
    private final SubscriptionTransitions transitions;
    private final ChargingStops stops;
    private final LiveCredentials credentials;
    private final Subscriptions schedule;
    private final GatewayTime time;

    SubscriptionCommands(SubscriptionRepository subscriptions, SubscriptionTransitions transitions,
                         ChargingStops stops, LiveCredentials credentials, Subscriptions schedule, GatewayTime time) {
        this.subscriptions = subscriptions;
        this.transitions = transitions;
        this.stops = stops;
        this.credentials = credentials;
        this.schedule = schedule;
        this.time = time;
    }

    @Transactional
    public SubscriptionResponse get(String merchantId, String recurringId) {
        return reply(find(merchantId, recurringId, false));
    }

    /** Paused; its cycle payment waiting for an attempt or a retry ends CANCELLED ({@link ChargingStops}). */
    @Transactional
    public SubscriptionResponse pause(String merchantId, String recurringId) {
        return stop(merchantId, recurringId, SubscriptionStatus.PAUSED, PAUSED_BY_MERCHANT, ChargingStops.PAUSED);
    }

    /**
     * Resumed: the next cycle due at the next point of its schedule after now (a failed or cancelled cycle is never
     * charged). Only while its credential can still be charged ({@link LiveCredentials}: binding-service is asked
     * before the row is locked); otherwise it stays PAUSED.
     */
    public SubscriptionResponse resume(String merchantId, String recurringId) {
        SubscriptionEntity seen = QuarkusTransaction.requiringNew().call(() -> find(merchantId, recurringId, false));
        LiveCredentials.BindingAnswer binding = credentials.ask(seen);
        return QuarkusTransaction.requiringNew().call(() -> resume(merchantId, recurringId, binding));
    }

    private SubscriptionResponse resume(String merchantId, String recurringId, LiveCredentials.BindingAnswer binding) {
        SubscriptionEntity s = find(merchantId, recurringId, true);
        if (s.status != SubscriptionStatus.ACTIVE) {
            if (s.status != SubscriptionStatus.PAUSED) {
                throw ApiException.conflict(s.status + " to " + SubscriptionStatus.ACTIVE);
            }
            credentials.requireLive(s, binding);
            s.retryAt = null; // no retry waits: a cycle that waited for one was ended by the pause
            s.nextIndex = Schedule.firstAfter(s.anchorAt, s.intervalUnit, s.intervalCount, s.nextIndex, time.now(),
                    time.zone());
            move(s, SubscriptionStatus.ACTIVE, null); // announced with the next cycle's time
            schedule.schedule(s, s.nextIndex);
        }
        return reply(s);
    }

    /** Cancelled; its cycle payment waiting for an attempt or a retry ends CANCELLED ({@link ChargingStops}). */
    @Transactional
    public SubscriptionResponse cancel(String merchantId, String recurringId) {
        return stop(merchantId, recurringId, SubscriptionStatus.CANCELLED, CANCELLED_BY_MERCHANT,
                ChargingStops.CANCELLED);
    }

    private SubscriptionResponse stop(String merchantId, String recurringId, SubscriptionStatus next,
                                      String statusDesc, String cycleDesc) {
        requireWellFormed(recurringId);
        stops.lockOpenCycles(merchantId, recurringId); // the payment's row before the subscription's
        SubscriptionEntity s = find(merchantId, recurringId, true);
        if (s.status != next) {
            if (!s.status.canTransitionTo(next)) {
                throw ApiException.conflict(s.status + " to " + next);
            }
            stops.leave(s, next, statusDesc, cycleDesc);
        }
        return reply(s);
    }

    /**
     * Sandbox time control: the next uncharged cycle (or the pending retry) of an ACTIVE subscription due now. While
     * one is due or being charged this changes nothing, so any number at once charge one cycle.
     */
    @Transactional
    public SubscriptionResponse dueNow(String merchantId, String recurringId) {
        SubscriptionEntity s = find(merchantId, recurringId, true);
        if (s.status != SubscriptionStatus.ACTIVE) {
            throw ApiException.conflict(s.status + " is not ACTIVE");
        }
        Instant now = time.now();
        if (s.nextDueAt != null && s.nextDueAt.isAfter(now)) {
            s.nextDueAt = now;
            if (s.retryAt != null) {
                s.retryAt = now; // the pending retry's time, its nextChargeAt, is now
            }
            s.updatedAt = now;
        }
        return reply(s);
    }

    SubscriptionResponse reply(SubscriptionEntity s) {
        return SubscriptionResponse.success(SubscriptionMapper.view(s, time.zone(), time::expiryLink), s.customerId,
                s.firstOrderId);
    }

    SubscriptionListItem item(SubscriptionEntity s) {
        return SubscriptionListItem.of(SubscriptionMapper.view(s, time.zone(), time::expiryLink), s.customerId,
                s.firstOrderId);
    }

    private void move(SubscriptionEntity s, SubscriptionStatus next, String statusDesc) {
        if (!s.status.canTransitionTo(next)) {
            throw ApiException.conflict(s.status + " to " + next);
        }
        transitions.move(s, next, statusDesc);
    }

    private SubscriptionEntity find(String merchantId, String recurringId, boolean lock) {
        requireWellFormed(recurringId);
        Optional<SubscriptionEntity> found = lock ? subscriptions.lockByRecurringId(merchantId, recurringId)
                : subscriptions.findByRecurringId(merchantId, recurringId);
        return found.orElseThrow(ApiException::notFound);
    }

    private static void requireWellFormed(String recurringId) {
        if (recurringId == null || !RECURRING_ID.matcher(recurringId).matches()) {
            throw ApiException.notFound();
        }
    }
}

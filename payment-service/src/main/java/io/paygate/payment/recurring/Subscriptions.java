package io.paygate.payment.recurring;

import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.model.api.payment.Recurring;
import io.paygate.model.api.recurring.CredentialKind;
import io.paygate.model.api.recurring.CycleInfo;
import io.paygate.model.api.recurring.RetryPlan;
import io.paygate.model.status.PaymentStatus;
import io.paygate.model.status.SubscriptionStatus;
import io.paygate.payment.payment.GatewayTime;
import io.paygate.payment.payment.PaymentEntity;
import io.paygate.payment.payment.RecurringPayments;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;

import java.time.Instant;
import java.time.ZoneId;

/**
 * What a subscription's payments do to it (docs/contract.md §1b), inside the payment's own transaction
 * ({@link RecurringPayments}): the first payment's capture activates it with the credential that payment left and
 * schedules cycle 2 (its failure, expiry or cancellation cancels it); a cycle's capture counts and schedules the next
 * one (or completes it after the last); a declined cycle with retries left waits for its next attempt; a cycle that
 * failed for good pauses it (or completes it, when it was the last).
 */
@ApplicationScoped
public class Subscriptions implements RecurringPayments {

    private static final String INSERT = """
            INSERT INTO subscription (id, merchant_id, recurring_id, type, product_code, amount, currency,
                interval_count, interval_unit, max_interval, start_date, end_date, retry_interval, retry_unit,
                retry_max, status, customer_id, first_payment_id, first_order_id, cycles_charged, next_cycle,
                next_index, sequence, version, created_at, updated_at)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, 'PENDING', ?16, ?17, ?18, 0, 2, 1,
                0, 0, ?19, ?19)
            ON CONFLICT (merchant_id, recurring_id) DO NOTHING""";

    private final SubscriptionRepository subscriptions;
    private final SubscriptionTransitions transitions;
    private final CardCredentials cards;
    private final GatewayTime time;
    private final EntityManager entityManager;

    Subscriptions(SubscriptionRepository subscriptions, SubscriptionTransitions transitions, CardCredentials cards,
                  GatewayTime time, EntityManager entityManager) {
        this.subscriptions = subscriptions;
        this.transitions = transitions;
        this.cards = cards;
        this.time = time;
        this.entityManager = entityManager;
    }

    @Override
    @Transactional(Transactional.TxType.MANDATORY)
    public boolean open(PaymentEntity p, Recurring recurring) {
        RetryPlan retry = recurring.retry();
        return entityManager.createNativeQuery(INSERT)
                .setParameter(1, p.subscriptionId).setParameter(2, p.merchantId).setParameter(3, recurring.id())
                .setParameter(4, recurring.type().name()).setParameter(5, recurring.productCode())
                .setParameter(6, recurring.amount()).setParameter(7, p.currency)
                .setParameter(8, recurring.interval()).setParameter(9, recurring.intervalUnit().wire())
                .setParameter(10, recurring.maxInterval()).setParameter(11, recurring.startDate())
                .setParameter(12, recurring.endDate())
                .setParameter(13, retry == null ? null : retry.interval())
                .setParameter(14, retry == null ? null : retry.intervalUnit().wire())
                .setParameter(15, retry == null ? null : retry.maxInterval())
                .setParameter(16, p.customerId).setParameter(17, p.id).setParameter(18, p.orderId)
                .setParameter(19, p.createdAt)
                .executeUpdate() == 1;
    }

    @Override
    public boolean isCycleOrderId(String merchantId, String orderId) {
        int dash = orderId.lastIndexOf('-');
        return dash > 0 && subscriptions.findByRecurringId(merchantId, orderId.substring(0, dash)).isPresent();
    }

    @Override
    @Transactional(Transactional.TxType.MANDATORY)
    public boolean retryLater(PaymentEntity p, String decline) {
        if (p.cycle == null || p.cycle < 2) {
            return false;
        }
        SubscriptionEntity s = subscriptions.lock(p.subscriptionId).orElseThrow();
        if (s.status != SubscriptionStatus.ACTIVE || !s.retriesAfter(p.attempt) || p.cycle != s.nextCycle) {
            return false;
        }
        s.nextDueAt = Schedule.retryAt(time.now(), s.retryUnit, s.retryInterval, time.zone());
        s.updatedAt = time.now();
        return true;
    }

    @Override
    @Transactional(Transactional.TxType.MANDATORY)
    public void changed(PaymentEntity p, PaymentStatus previous) {
        SubscriptionEntity s = subscriptions.lock(p.subscriptionId).orElseThrow();
        if (p.cycle == null || p.cycle == 1) {
            firstPaymentChanged(s, p);
        } else if (p.status == PaymentStatus.CAPTURED || p.status == PaymentStatus.FAILED) {
            cycleEnded(s, p);
        }
    }

    @Override
    public CycleInfo cycleOf(PaymentEntity p) {
        SubscriptionEntity s = subscriptions.findById(p.subscriptionId);
        return s == null ? null : new CycleInfo(s.recurringId, p.cycle == null ? 1 : p.cycle, s.status,
                SubscriptionMapper.nextChargeAt(s, time.zone(), time::expiryLink));
    }

    private void firstPaymentChanged(SubscriptionEntity s, PaymentEntity p) {
        if (s.status != SubscriptionStatus.PENDING) {
            return; // refunds of the first payment, or a cancelled subscription's late capture, change nothing
        }
        if (p.status == PaymentStatus.CAPTURED) {
            if (p.method == PaymentMethod.DIRECT_DEBIT && p.bindingId != null) {
                s.credentialKind = CredentialKind.DIRECT_DEBIT;
                s.bindingId = p.bindingId;
            } else if (p.method == PaymentMethod.CARD) {
                s.credentialKind = CredentialKind.CARD;
                s.credentialMask = p.cardMask;
                s.storedCardId = cards.storedCardOf(p);
            } else {
                transitions.move(s, SubscriptionStatus.CANCELLED, "The first payment left no credential");
                return;
            }
            s.cyclesCharged = 1;
            s.anchorAt = Schedule.anchor(p.updatedAt, s.startDate, time.zone());
            s.nextCycle = 2;
            s.nextIndex = Schedule.firstAfter(s.anchorAt, s.intervalUnit, s.intervalCount,
                    Schedule.firstIndex(s.startDate), time.now(), time.zone());
            transitions.move(s, SubscriptionStatus.ACTIVE, null); // announced with cycle 2's time
            schedule(s, s.nextIndex);
        } else if (p.status == PaymentStatus.FAILED || p.status == PaymentStatus.EXPIRED
                || p.status == PaymentStatus.CANCELLED) {
            transitions.move(s, SubscriptionStatus.CANCELLED, "The first payment ended " + p.status);
        }
    }

    private void cycleEnded(SubscriptionEntity s, PaymentEntity p) {
        if (p.cycle != s.nextCycle) {
            return; // not the cycle being charged (cannot happen: one cycle at a time)
        }
        boolean captured = p.status == PaymentStatus.CAPTURED;
        if (captured) {
            s.cyclesCharged++;
        }
        s.nextCycle++;
        s.updatedAt = time.now();
        if (s.status == SubscriptionStatus.ACTIVE) {
            if (!schedule(s, s.nextIndex + 1)) {
                return; // completed
            }
            if (!captured) {
                transitions.move(s, SubscriptionStatus.PAUSED, "Cycle " + p.cycle + " failed: " + p.statusDesc);
            }
        }
    }

    /**
     * Makes {@code nextCycle} due at the first point of the schedule from {@code fromIndex} that is after now, or
     * completes the subscription when that is past its plan.
     *
     * @return false when it completed
     */
    boolean schedule(SubscriptionEntity s, int fromIndex) {
        ZoneId zone = time.zone();
        Instant now = time.now();
        s.nextIndex = Schedule.firstAfter(s.anchorAt, s.intervalUnit, s.intervalCount, fromIndex, now, zone);
        Instant due = Schedule.dueAt(s.anchorAt, s.intervalUnit, s.intervalCount, s.nextIndex, zone);
        if (!Schedule.withinPlan(s.nextCycle, due, s.maxInterval, s.endDate, zone)) {
            transitions.move(s, SubscriptionStatus.COMPLETED, null);
            return false;
        }
        s.nextDueAt = due;
        return true;
    }
}

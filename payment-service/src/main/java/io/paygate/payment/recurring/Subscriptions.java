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
import jakarta.transaction.Transactional;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZoneId;

/**
 * What a subscription's payments do to it (docs/contract.md §1b), inside the payment's own transaction
 * ({@link RecurringPayments}): the first payment's capture activates it with the credential that payment left and
 * schedules cycle 2 (its failure, expiry or cancellation cancels it); a cycle's capture counts and schedules the next
 * one (or completes it after the last); a declined cycle with retries left waits for its next attempt (only while the
 * subscription is ACTIVE: otherwise the decline ends it); a cycle that failed for good pauses it (or completes it, when
 * it was the last). A cycle that ended while the subscription was not ACTIVE ({@link ChargingStops}) only moves it on
 * to the next cycle, charged once it is resumed.
 */
@ApplicationScoped
public class Subscriptions implements RecurringPayments {

    private static final String INSERT = """
            INSERT INTO subscription (id, merchant_id, recurring_id, type, product_code, amount, currency,
                interval_count, interval_unit, max_interval, start_date, end_date, retry_interval, retry_unit,
                retry_max, status, customer_id, first_payment_id, first_order_id, cycles_charged, next_cycle,
                next_index, sequence, version, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'PENDING', ?, ?, ?, 0, 2, 1, 0, 0, ?, ?)
            ON CONFLICT (merchant_id, recurring_id) DO NOTHING""";

    private final SubscriptionRepository subscriptions;
    private final SubscriptionTransitions transitions;
    private final CardCredentials cards;
    private final GatewayTime time;
    private final DataSource dataSource;

    Subscriptions(SubscriptionRepository subscriptions, SubscriptionTransitions transitions, CardCredentials cards,
                  GatewayTime time, DataSource dataSource) {
        this.subscriptions = subscriptions;
        this.transitions = transitions;
        this.cards = cards;
        this.time = time;
        this.dataSource = dataSource;
    }

    /** One statement on the transaction's own connection (the pool enlists it), as the payment's insert. */
    @Override
    @Transactional(Transactional.TxType.MANDATORY)
    public boolean open(PaymentEntity p, Recurring recurring) {
        RetryPlan retry = recurring.retry();
        try (Connection c = dataSource.getConnection(); PreparedStatement insert = c.prepareStatement(INSERT)) {
            int i = 0;
            insert.setObject(++i, p.subscriptionId);
            insert.setString(++i, p.merchantId);
            insert.setString(++i, recurring.id());
            insert.setString(++i, recurring.type().name());
            insert.setString(++i, recurring.productCode());
            insert.setBigDecimal(++i, recurring.amount());
            insert.setString(++i, p.currency);
            insert.setInt(++i, recurring.interval());
            insert.setString(++i, recurring.intervalUnit().wire());
            setInteger(insert, ++i, recurring.maxInterval());
            insert.setObject(++i, recurring.startDate(), Types.DATE);
            insert.setObject(++i, recurring.endDate(), Types.DATE);
            setInteger(insert, ++i, retry == null ? null : retry.interval());
            insert.setString(++i, retry == null ? null : retry.intervalUnit().wire());
            setInteger(insert, ++i, retry == null ? null : retry.maxInterval());
            insert.setString(++i, p.customerId);
            insert.setObject(++i, p.id);
            insert.setString(++i, p.orderId);
            insert.setObject(++i, p.createdAt.atOffset(ZoneOffset.UTC));
            insert.setObject(++i, p.createdAt.atOffset(ZoneOffset.UTC));
            return insert.executeUpdate() == 1;
        } catch (SQLException e) {
            throw new IllegalStateException("Could not insert subscription " + recurring.id(), e);
        }
    }

    private static void setInteger(PreparedStatement statement, int index, Integer value) throws SQLException {
        if (value == null) {
            statement.setNull(index, Types.INTEGER);
        } else {
            statement.setInt(index, value);
        }
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
        s.retryAt = Schedule.retryAt(time.now(), s.retryUnit, s.retryInterval, time.zone());
        s.nextDueAt = s.retryAt;
        s.updatedAt = time.now();
        return true;
    }

    @Override
    @Transactional(Transactional.TxType.MANDATORY)
    public void changed(PaymentEntity p, PaymentStatus previous) {
        SubscriptionEntity s = subscriptions.lock(p.subscriptionId).orElseThrow();
        if (p.cycle == null || p.cycle == 1) {
            firstPaymentChanged(s, p);
        } else if (p.status == PaymentStatus.CAPTURED || p.status == PaymentStatus.FAILED
                || p.status == PaymentStatus.CANCELLED || p.status == PaymentStatus.EXPIRED) {
            cycleEnded(s, p); // a cycle payment the merchant cancelled while it waited for a retry ended too
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
        s.retryAt = null;
        s.updatedAt = time.now();
        if (s.status == SubscriptionStatus.ACTIVE) {
            if (!schedule(s, s.nextIndex + 1)) {
                return; // completed
            }
            if (!captured) {
                transitions.move(s, SubscriptionStatus.PAUSED, p.status == PaymentStatus.FAILED
                        ? "Cycle " + p.cycle + " failed: " + p.statusDesc : "Cycle " + p.cycle + " was " + p.status);
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

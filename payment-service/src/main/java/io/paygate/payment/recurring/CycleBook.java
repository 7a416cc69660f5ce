package io.paygate.payment.recurring;

import io.paygate.model.api.recurring.CredentialKind;
import io.paygate.model.status.PaymentStatus;
import io.paygate.model.status.SubscriptionStatus;
import io.paygate.payment.payment.GatewayTime;
import io.paygate.payment.payment.PaymentCodes;
import io.paygate.payment.payment.PaymentEntity;
import io.paygate.payment.payment.PaymentRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * The short transactions of one cycle run ({@link CycleScheduler}), each under the subscription's row lock: what is
 * due, the cycle's payment (created once: {@code order.id} {@code <recurring.id>-<n>}, committed before anything is
 * charged), and pausing a subscription whose credential died (its waiting cycle payment ended with it).
 */
@ApplicationScoped
public class CycleBook {

    private static final Logger LOG = Logger.getLogger(CycleBook.class);
    /** Cycle payments wait for their retries, not for a link: they never expire by time. */
    private static final Duration CYCLE_LIFETIME = Duration.ofDays(3650);

    /** What is due on a claimed subscription. */
    public record Due(UUID subscriptionId, String merchantId, String recurringId, String customerId, int cycle,
                      CredentialKind credential, String bindingId, String storedCardId) {
    }

    /** A cycle's payment, as it stands. */
    public record CyclePayment(String paymentCode, PaymentStatus status) {
    }

    private final SubscriptionRepository subscriptions;
    private final ChargingStops stops;
    private final PaymentRepository payments;
    private final PaymentCodes codes;
    private final GatewayTime time;

    CycleBook(SubscriptionRepository subscriptions, ChargingStops stops, PaymentRepository payments,
              PaymentCodes codes, GatewayTime time) {
        this.subscriptions = subscriptions;
        this.stops = stops;
        this.payments = payments;
        this.codes = codes;
        this.time = time;
    }

    /** What is due on subscription {@code id}; empty when it is not ACTIVE any more. */
    @Transactional
    public Optional<Due> due(UUID id) {
        return Optional.ofNullable(subscriptions.findById(id)).filter(s -> s.status == SubscriptionStatus.ACTIVE)
                .map(s -> new Due(s.id, s.merchantId, s.recurringId, s.customerId, s.nextCycle, s.credentialKind,
                        s.bindingId, s.storedCardId));
    }

    /**
     * The payment of cycle {@code due.cycle()}: found, or created PENDING and committed; empty when the subscription
     * moved on meanwhile (not ACTIVE, or another cycle).
     */
    @Transactional
    public Optional<CyclePayment> cyclePayment(Due due) {
        SubscriptionEntity s = subscriptions.lock(due.subscriptionId()).orElse(null);
        if (s == null || s.status != SubscriptionStatus.ACTIVE || s.nextCycle != due.cycle()) {
            return Optional.empty();
        }
        PaymentEntity p = payments.find("subscriptionId = ?1 and cycle = ?2", s.id, s.nextCycle).firstResult();
        if (p == null) {
            p = newCyclePayment(s);
            payments.persist(p);
            LOG.infof("payment %s (merchant %s, order %s): cycle %d of subscription %s created PENDING",
                    p.paymentCode, p.merchantId, p.orderId, p.cycle, s.recurringId);
        }
        return Optional.of(new CyclePayment(p.paymentCode, p.status));
    }

    /**
     * The credential of an ACTIVE subscription died before its cycle was charged: PAUSED, and the cycle's payment
     * waiting for its (first or next) attempt ends CANCELLED with {@code why} ({@link ChargingStops}).
     */
    @Transactional
    public void credentialDied(Due due, String why) {
        stops.lockOpenCycles(due.subscriptionId());
        subscriptions.lock(due.subscriptionId())
                .filter(s -> s.status == SubscriptionStatus.ACTIVE && s.nextCycle == due.cycle())
                .ifPresent(s -> stops.leave(s, SubscriptionStatus.PAUSED, why, why));
    }

    private PaymentEntity newCyclePayment(SubscriptionEntity s) {
        PaymentEntity first = payments.findById(s.firstPaymentId);
        Instant now = time.now();
        PaymentEntity p = new PaymentEntity();
        p.id = UUID.randomUUID();
        p.paymentCode = codes.next();
        p.merchantId = s.merchantId;
        p.orderId = s.recurringId + "-" + s.nextCycle;
        p.contentHash = "cycle";
        p.amount = s.amount;
        p.currency = s.currency;
        p.description = first.description;
        p.customerId = first.customerId;
        p.customer = first.customer;
        p.meta = first.meta;
        p.callbackUrl = first.callbackUrl;
        p.returnUrl = first.returnUrl;
        p.successUrl = first.successUrl;
        p.failUrl = first.failUrl;
        p.backUrl = first.backUrl;
        p.status = PaymentStatus.PENDING;
        p.subscriptionId = s.id;
        p.cycle = s.nextCycle;
        p.createdAt = now;
        p.updatedAt = now;
        p.expiresAt = now.plus(CYCLE_LIFETIME);
        p.linkExpiresAt = p.expiresAt;
        return p;
    }
}

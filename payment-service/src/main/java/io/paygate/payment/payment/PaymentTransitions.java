package io.paygate.payment.payment;

import io.micrometer.core.instrument.MeterRegistry;
import io.paygate.kit.observability.MerchantTags;
import io.paygate.model.api.payment.RefundResult;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.PaymentStatusChanged;
import io.paygate.model.event.Topics;
import io.paygate.model.status.PaymentStatus;
import io.paygate.kit.outbox.Outbox;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.transaction.Transactional;
import org.jboss.logging.Logger;

/**
 * The payment state machine's side effects in one place: every transition goes through here, is logged once
 * (ids only), every notified state writes its {@code PaymentStatusChanged} event to the outbox in the same
 * transaction, with the payment's next {@code sequence} (docs/contract.md §7), and every change that moves money (a capture,
 * a reversal) is written to the ledger of the daily report. A refund's outcome is announced the same way, with
 * {@code result.refund}, whether or not it changes the state (docs/contract.md §3a).
 */
@ApplicationScoped
public class PaymentTransitions {

    private static final Logger LOG = Logger.getLogger(PaymentTransitions.class);

    private final Outbox outbox;
    private final GatewayTime time;
    private final MeterRegistry metrics;
    private final MoneyMovements ledger;
    private final MerchantTags merchants;
    private final Event<CardStorable> storable;
    private final RecurringPayments recurring;
    private final PaymentMails mails;
    private final LinkPayments links;

    PaymentTransitions(Outbox outbox, GatewayTime time, MeterRegistry metrics, MoneyMovements ledger,
                       MerchantTags merchants, Event<CardStorable> storable, RecurringPayments recurring,
                       LinkPayments links, PaymentMails mails) {
        this.mails = mails;
        this.storable = storable;
        this.merchants = merchants;
        this.recurring = recurring;
        this.links = links;
        this.outbox = outbox;
        this.time = time;
        this.metrics = metrics;
        this.ledger = ledger;
    }

    /**
     * Moves {@code payment} (locked by the caller) to {@code next}.
     *
     * @throws io.paygate.model.status.IllegalTransitionException when the lifecycle forbids it; nothing changes
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public void move(PaymentEntity payment, PaymentStatus next, String statusDesc) {
        move(payment, next, statusDesc, null);
    }

    /** As {@link #move(PaymentEntity, PaymentStatus, String)}, for a refund's outcome ({@code result.refund}). */
    @Transactional(Transactional.TxType.MANDATORY)
    public void move(PaymentEntity payment, PaymentStatus next, String statusDesc, RefundResult refund) {
        if (next == PaymentStatus.FAILED && payment.subscriptionId != null
                && payment.status == PaymentStatus.PROCESSING && recurring.retryLater(payment, statusDesc)) {
            // docs/contract.md §1b: a declined cycle with retries left waits PENDING for its next attempt
            payment.awaitRetry(statusDesc, time.now());
            LOG.infof("payment %s (merchant %s, order %s): PROCESSING -> PENDING, attempt %d declined (%s); retried "
                    + "later", payment.paymentCode, payment.merchantId, payment.orderId, payment.attempt, statusDesc);
            return;
        }
        PaymentStatus previous = payment.moveTo(next, time.now());
        payment.statusDesc = statusDesc;
        if (next == PaymentStatus.CAPTURED && payment.saveCard) {
            // the card the customer saved is stored with the capture, before a subscription takes it as its credential
            storable.fire(new CardStorable(payment));
        }
        if (next.isNotified()) {
            payment.awaitingOtp = false;
            if (payment.subscriptionId != null) {
                recurring.changed(payment, previous);
            }
            links.changed(payment, previous);
            mails.changed(payment, previous);
            announce(payment, refund);
        }
        if (next == PaymentStatus.CAPTURED || next == PaymentStatus.REVERSED) {
            ledger.record(payment.merchantId, payment.updatedAt, next == PaymentStatus.CAPTURED
                            ? MoneyMovements.Kind.PAYMENT_CAPTURED : MoneyMovements.Kind.PAYMENT_REVERSED,
                    payment.orderId, payment.paymentCode, payment.method, payment.amount, payment.currency,
                    next.name());
        }
        metrics.counter("paygate.payments.transitions", "status", next.name(),
                "method", payment.method == null ? "none" : payment.method.name(),
                MerchantTags.TAG, merchants.of(payment.merchantId)).increment();
        LOG.infof("payment %s (merchant %s, order %s): %s -> %s%s%s", payment.paymentCode, payment.merchantId,
                payment.orderId, previous, next, payment.method == null ? "" : " via " + payment.method,
                statusDesc == null ? "" : " (" + statusDesc + ")");
    }

    /**
     * Notifies the payment's current state again with {@code refund} (docs/contract.md §3a): a refund outcome that leaves the
     * state as it is (a failed refund, a second partial refund) still reaches the merchant.
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public void announce(PaymentEntity payment, RefundResult refund) {
        payment.sequence++;
        payment.updatedAt = time.now();
        PaymentStatusChanged change = PaymentMapper.toEvent(payment, refund);
        if (payment.subscriptionId != null) {
            change = change.withRecurring(recurring.cycleOf(payment));
        }
        if (payment.linkId != null) {
            change = change.withLink(links.linkOf(payment));
        }
        outbox.enqueue(Topics.PAYMENT_STATUS, EventEnvelope.of(payment.merchantId, payment.sequence, change,
                time.clock()));
    }
}

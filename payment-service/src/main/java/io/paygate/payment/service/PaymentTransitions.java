package io.paygate.payment.service;

import io.micrometer.core.instrument.MeterRegistry;
import io.paygate.kit.observability.MerchantTags;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.Topics;
import io.paygate.model.status.PaymentStatus;
import io.paygate.kit.outbox.Outbox;
import io.paygate.payment.config.GatewayTime;
import io.paygate.payment.repository.PaymentEntity;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import org.jboss.logging.Logger;

/**
 * The payment state machine's side effects in one place: every transition goes through here, is logged once
 * (ids only), and every notified state (CAPTURED, FAILED, EXPIRED) writes its {@code PaymentStatusChanged} event to
 * the outbox in the same transaction, with the payment's next {@code sequence} (CONTRACT §7).
 */
@ApplicationScoped
public class PaymentTransitions {

    private static final Logger LOG = Logger.getLogger(PaymentTransitions.class);

    private final Outbox outbox;
    private final GatewayTime time;
    private final MeterRegistry metrics;
    private final MerchantTags merchants;

    PaymentTransitions(Outbox outbox, GatewayTime time, MeterRegistry metrics, MerchantTags merchants) {
        this.merchants = merchants;
        this.outbox = outbox;
        this.time = time;
        this.metrics = metrics;
    }

    /**
     * Moves {@code payment} (locked by the caller) to {@code next}.
     *
     * @throws io.paygate.model.status.IllegalTransitionException when the lifecycle forbids it; nothing changes
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public void move(PaymentEntity payment, PaymentStatus next, String statusDesc) {
        PaymentStatus previous = payment.moveTo(next, time.now());
        payment.statusDesc = statusDesc;
        if (next.isNotified()) {
            payment.awaitingOtp = false;
            payment.sequence++;
            outbox.enqueue(Topics.PAYMENT_STATUS, EventEnvelope.of(payment.merchantId, payment.sequence,
                    PaymentMapper.toEvent(payment), time.clock()));
        }
        metrics.counter("paygate.payments.transitions", "status", next.name(),
                "method", payment.method == null ? "none" : payment.method.name(),
                MerchantTags.TAG, merchants.of(payment.merchantId)).increment();
        LOG.infof("payment %s (merchant %s, order %s): %s -> %s%s%s", payment.paymentCode, payment.merchantId,
                payment.orderId, previous, next, payment.method == null ? "" : " via " + payment.method,
                statusDesc == null ? "" : " (" + statusDesc + ")");
    }
}

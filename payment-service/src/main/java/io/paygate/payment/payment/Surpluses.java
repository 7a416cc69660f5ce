package io.paygate.payment.payment;

import io.micrometer.core.instrument.MeterRegistry;
import io.paygate.kit.observability.MerchantTags;
import io.paygate.model.api.payment.PaymentMethod;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import org.jboss.logging.Logger;

import java.util.UUID;

/**
 * Money that arrived where it should not (docs/contract.md §2a): a charge paid after it was superseded, or after its payment
 * ended unpaid (never the charge that paid the payment: its money is the payment's own). It is never lost: recorded once per charge, counted ({@code paygate_payments_surplus_total}), marked for a
 * refund through the provider when the method allows one, and otherwise for an operator
 * ({@code GET /pg/ops/payments/surplus}).
 */
@ApplicationScoped
public class Surpluses {

    private static final Logger LOG = Logger.getLogger(Surpluses.class);

    private final SurplusRepository surpluses;
    private final GatewayTime time;
    private final MeterRegistry metrics;
    private final MerchantTags merchants;

    Surpluses(SurplusRepository surpluses, GatewayTime time, MeterRegistry metrics, MerchantTags merchants) {
        this.merchants = merchants;
        this.surpluses = surpluses;
        this.time = time;
        this.metrics = metrics;
    }

    /**
     * Records that charge {@code reference} ({@code method}) of {@code payment} took the payment's amount although
     * {@code reason}. Idempotent per charge.
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public void record(PaymentEntity payment, String reference, PaymentMethod method, String reason) {
        SurplusEntity s = new SurplusEntity();
        s.id = UUID.randomUUID();
        s.paymentId = payment.id;
        s.merchantId = payment.merchantId;
        s.chargeReference = reference;
        s.method = method;
        s.amount = payment.amount;
        s.currency = payment.currency;
        s.reason = reason;
        s.state = method != null && method.kind().refundable()
                ? SurplusEntity.State.REFUND_PENDING : SurplusEntity.State.NEEDS_OPERATOR;
        s.createdAt = time.now();
        s.updatedAt = s.createdAt;
        if (surpluses.insertIfAbsent(s)) {
            metrics.counter("paygate.payments.surplus", "method", method == null ? "none" : method.name(),
                    MerchantTags.TAG, merchants.of(payment.merchantId)).increment();
            LOG.warnf("payment %s (merchant %s, order %s): charge %s (%s) was paid although %s: %s %s recorded as "
                            + "surplus, %s", payment.paymentCode, payment.merchantId, payment.orderId, reference,
                    method, reason, payment.amount.toPlainString(), payment.currency, s.state);
        }
    }
}

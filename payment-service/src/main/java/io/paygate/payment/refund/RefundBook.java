package io.paygate.payment.refund;

import io.paygate.kit.auth.Merchant;
import io.paygate.kit.error.ApiException;
import io.paygate.model.api.payment.RefundResult;
import io.paygate.model.api.refund.RefundRequest;
import io.paygate.model.ids.RandomIds;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.payment.GatewayTime;
import io.paygate.payment.payment.MoneyMovements;
import io.paygate.payment.payment.PaymentConfig;
import io.paygate.payment.payment.PaymentEntity;
import io.paygate.payment.payment.PaymentRepository;
import io.paygate.payment.payment.PaymentTransitions;
import io.paygate.payment.provider.RefundOutcome;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import org.jboss.logging.Logger;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * The short transactions around a refund's provider call (docs/contract.md §3a), as for charges: {@link #reserve} records the
 * refund PENDING under the payment's row lock, so refunds of one payment never exceed its amount whatever runs at once
 * on any number of replicas (each counts the succeeded and the pending ones before it); the provider is called outside
 * any transaction; {@link #record} writes its answer, the payment's new state, the ledger and the event.
 */
@ApplicationScoped
public class RefundBook {

    private static final Logger LOG = Logger.getLogger(RefundBook.class);

    private final RefundRepository refunds;
    private final PaymentRepository payments;
    private final PaymentTransitions transitions;
    private final MoneyMovements ledger;
    private final GatewayTime time;
    private final PaymentConfig config;

    RefundBook(RefundRepository refunds, PaymentRepository payments, PaymentTransitions transitions,
               MoneyMovements ledger, GatewayTime time, PaymentConfig config) {
        this.refunds = refunds;
        this.payments = payments;
        this.transitions = transitions;
        this.ledger = ledger;
        this.time = time;
        this.config = config;
    }

    /** A reserved refund: new (call the provider) or one the merchant sent before (answer it again). */
    public record Reserved(UUID id, boolean isNew) {
    }

    /**
     * Records the refund PENDING, or finds the merchant's earlier one with this refundId.
     *
     * @throws ApiException {@code 4040901} for an unknown or foreign order, {@code 4090900} when the payment cannot be
     *                      refunded (its state, its method, the amount left) or the refundId was used with another
     *                      body; nothing is written then
     */
    @Transactional
    public Reserved reserve(Merchant merchant, RefundRequest request, String hash) {
        Optional<RefundEntity> earlier = refunds.findByRefundId(merchant.id(), request.refundId());
        if (earlier.isPresent()) {
            return repeat(earlier.get(), hash);
        }
        PaymentEntity p = payments.lockByOrder(merchant.id(), request.orderId()).orElseThrow(ApiException::notFound);
        earlier = refunds.findByRefundId(merchant.id(), request.refundId()); // a twin that held the lock before us
        if (earlier.isPresent()) {
            return repeat(earlier.get(), hash);
        }
        if (p.status != PaymentStatus.CAPTURED && p.status != PaymentStatus.PARTIALLY_REFUNDED) {
            throw ApiException.conflict("the payment is " + p.status + "; only a captured payment can be refunded");
        }
        if (p.method == null || !p.method.kind().refundable()) {
            throw ApiException.conflict(p.method + " payments cannot be refunded through the provider");
        }
        BigDecimal amount = request.amountValue();
        BigDecimal left = p.amount.subtract(p.refundedAmount).subtract(refunds.pendingOf(p.id));
        if (amount.compareTo(left) > 0) {
            throw ApiException.conflict("the amount exceeds what is left to refund (" + left.toPlainString() + ")");
        }
        Instant now = time.now();
        RefundEntity r = new RefundEntity();
        r.id = UUID.randomUUID();
        r.merchantId = merchant.id();
        r.refundId = request.refundId();
        r.paymentId = p.id;
        r.orderId = p.orderId;
        r.paymentCode = p.paymentCode;
        r.amount = amount;
        r.currency = p.currency;
        r.reason = request.reason();
        r.contentHash = hash;
        r.status = RefundEntity.Status.PENDING;
        r.channel = p.channel;
        r.method = p.method;
        r.chargeReference = p.providerReference;
        r.providerReference = RandomIds.next("RFD", 24);
        r.nextInquiryAt = now.plus(config.providerTimeout());
        r.createdAt = now;
        if (!refunds.insertIfAbsent(r)) {
            // the same refundId for another order, inserted concurrently: answered like any repeat
            return repeat(refunds.findByRefundId(merchant.id(), request.refundId()).orElseThrow(), hash);
        }
        LOG.infof("refund %s (merchant %s, order %s, payment %s): %s %s requested", r.refundId, r.merchantId,
                r.orderId, r.paymentCode, r.amount.toPlainString(), r.currency);
        return new Reserved(r.id, true);
    }

    private static Reserved repeat(RefundEntity earlier, String hash) {
        if (!earlier.contentHash.equals(hash)) {
            throw ApiException.conflict("refundId already used with different content");
        }
        return new Reserved(earlier.id, false);
    }

    /**
     * Records the provider's answer for a PENDING refund: SUCCEEDED adds to the payment's refunded amount (PARTIALLY_
     * REFUNDED or REFUNDED), FAILED leaves it; both are announced with {@code result.refund}. PENDING or UNKNOWN waits
     * for the next inquiry. A refund decided already stays as it is.
     */
    @Transactional
    public void record(UUID refundId, RefundOutcome outcome) {
        RefundEntity r = refunds.findByIdOptional(refundId).orElseThrow();
        if (r.status.decided()) {
            return;
        }
        PaymentEntity p = payments.lockByCode(r.paymentCode).orElseThrow(); // the payment's lock orders every refund
        refunds.getEntityManager().refresh(r); // as committed by whoever held the lock before
        if (r.status.decided()) {
            return;
        }
        Instant now = time.now();
        r.updatedAt = now;
        switch (outcome.state()) {
            case PENDING, UNKNOWN -> {
                r.nextInquiryAt = now.plus(backoff(r.inquiries));
                return;
            }
            case FAILED -> {
                r.status = RefundEntity.Status.FAILED;
                r.statusDesc = describe(outcome.statusDesc());
                r.decidedAt = now;
                r.nextInquiryAt = null;
                transitions.announce(p, result(r, p));
            }
            case SUCCEEDED -> {
                r.status = RefundEntity.Status.SUCCEEDED;
                r.decidedAt = now;
                r.nextInquiryAt = null;
                p.refundedAmount = p.refundedAmount.add(r.amount);
                PaymentStatus next = p.refundedAmount.compareTo(p.amount) >= 0
                        ? PaymentStatus.REFUNDED : PaymentStatus.PARTIALLY_REFUNDED;
                ledger.record(r.merchantId, now, MoneyMovements.Kind.REFUND_SUCCEEDED, r.orderId, r.refundId,
                        r.method, r.amount, r.currency, r.status.name());
                if (next != p.status) {
                    transitions.move(p, next, null, result(r, p));
                } else {
                    transitions.announce(p, result(r, p));
                }
            }
        }
        LOG.infof("refund %s (merchant %s, order %s, payment %s): %s%s; refunded %s of %s", r.refundId, r.merchantId,
                r.orderId, r.paymentCode, r.status, r.statusDesc == null ? "" : " (" + r.statusDesc + ")",
                p.refundedAmount.toPlainString(), p.amount.toPlainString());
    }

    static RefundResult result(RefundEntity r, PaymentEntity p) {
        return new RefundResult(r.refundId, r.amount, r.status.name(), p.refundedAmount);
    }

    private java.time.Duration backoff(int inquiries) {
        java.time.Duration next = config.reconcileInterval().multipliedBy(1L << Math.min(Math.max(inquiries, 0), 12));
        return next.compareTo(config.providerTimeout()) > 0 ? config.providerTimeout() : next;
    }

    private static String describe(String statusDesc) {
        if (statusDesc == null || statusDesc.isBlank()) {
            return "Refund failed";
        }
        return statusDesc.length() > 255 ? statusDesc.substring(0, 255) : statusDesc;
    }
}

package io.paygate.payment.refund;

import io.paygate.kit.auth.Merchant;
import io.paygate.kit.error.ApiException;
import io.paygate.model.api.WireTime;
import io.paygate.model.api.refund.RefundRequest;
import io.paygate.model.api.refund.RefundResponse;
import io.paygate.model.json.CanonicalJson;
import io.paygate.payment.payment.GatewayTime;
import io.paygate.payment.payment.PaymentEntity;
import io.paygate.payment.payment.PaymentRepository;
import io.paygate.payment.provider.PaymentChannel;
import io.paygate.payment.provider.PaymentChannels;
import io.paygate.payment.provider.RefundOrder;
import io.paygate.payment.provider.RefundOutcome;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

/**
 * Refunds (docs/contract.md §3a): {@code POST /pg/payment/card/refund} reserves the refund ({@link RefundBook#reserve}), asks
 * the payment's provider outside any transaction, and records its answer; a provider that does not answer leaves the
 * refund PENDING for {@link RefundReconciliation}. The same refundId with the same body answers the same refund.
 */
@ApplicationScoped
public class Refunds {

    private static final Logger LOG = Logger.getLogger(Refunds.class);

    private final RefundBook book;
    private final RefundRepository refunds;
    private final PaymentRepository payments;
    private final PaymentChannels channels;
    private final GatewayTime time;

    Refunds(RefundBook book, RefundRepository refunds, PaymentRepository payments, PaymentChannels channels,
            GatewayTime time) {
        this.book = book;
        this.refunds = refunds;
        this.payments = payments;
        this.channels = channels;
        this.time = time;
    }

    public RefundResponse refund(Merchant merchant, RefundRequest request) {
        RefundBook.Reserved reserved = book.reserve(merchant, request, CanonicalJson.fingerprint(request));
        if (reserved.isNew()) {
            RefundEntity r = QuarkusTransaction.requiringNew().call(() -> refunds.findById(reserved.id()));
            book.record(r.id, ask(r));
        }
        return read(reserved.id()).asReply();
    }

    /** One refund of the merchant by its refundId; unknown and foreign alike are {@code 4040901}. */
    public RefundResponse get(Merchant merchant, String refundId) {
        return QuarkusTransaction.requiringNew().call(() -> refunds.findByRefundId(merchant.id(), refundId)
                .map(r -> view(r, payments.findByCode(r.paymentCode).orElseThrow()))
                .orElseThrow(ApiException::notFound)).asReply();
    }

    /** Sends the refund to the payment's provider (again, under the same reference, when asked before). */
    RefundOutcome ask(RefundEntity r) {
        PaymentChannel channel = channels.byName(r.channel).orElse(null);
        if (channel == null) {
            return RefundOutcome.pending();
        }
        PaymentEntity p = QuarkusTransaction.requiringNew().call(() -> payments.findByCode(r.paymentCode)
                .orElseThrow());
        try {
            return channel.refund(new RefundOrder(r.merchantId, r.chargeReference, r.providerReference, r.method,
                    r.amount, r.currency, r.amount.compareTo(p.amount) == 0, r.reason));
        } catch (RuntimeException e) {
            LOG.warnf("refund %s (payment %s): the %s provider did not answer (%s); left PENDING for reconciliation",
                    r.refundId, r.paymentCode, r.channel, e.getClass().getSimpleName());
            return RefundOutcome.pending();
        }
    }

    private RefundResponse read(java.util.UUID id) {
        return QuarkusTransaction.requiringNew().call(() -> {
            RefundEntity r = refunds.findById(id);
            return view(r, payments.findByCode(r.paymentCode).orElseThrow());
        });
    }

    /** The refund as the API shows it (without responseCode: a list item). */
    public RefundResponse view(RefundEntity r, PaymentEntity p) {
        return new RefundResponse(null, null, r.refundId, r.orderId, r.amount, r.currency, r.status.name(),
                r.statusDesc, p.refundedAmount, r.reason, WireTime.dateTime(r.createdAt, time.zone()));
    }
}

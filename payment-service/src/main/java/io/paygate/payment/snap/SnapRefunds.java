package io.paygate.payment.snap;

import io.paygate.kit.auth.Merchant;
import io.paygate.kit.error.ApiException;
import io.paygate.kit.snap.SnapException;
import io.paygate.kit.snap.SnapIdempotency;
import io.paygate.kit.snap.SnapRequest;
import io.paygate.model.api.Patterns;
import io.paygate.model.api.refund.RefundRequest;
import io.paygate.model.api.refund.RefundResponse;
import io.paygate.model.error.ErrorCase;
import io.paygate.model.error.ServiceCode;
import io.paygate.model.error.SnapCase;
import io.paygate.model.snap.SnapAmount;
import io.paygate.model.snap.qr.QrRefundReply;
import io.paygate.model.snap.qr.QrRefundRequest;
import io.paygate.payment.payment.PaymentEntity;
import io.paygate.payment.refund.Refunds;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.Response;

import java.math.BigDecimal;

/**
 * A SNAP refund (QRIS 78, direct debit 58; docs/contract.md §9) as {@code POST /pg/payment/card/refund} does it, once
 * per {@code partnerRefundNo} (the {@code X-EXTERNAL-ID} when absent), of {@code refundAmount} (the remainder when
 * absent); a refund the payment does not allow (its state, more than is left) is
 * {@code 403xx15 Transaction Not Permitted. <reason>}; one the provider refused, {@code 500xx02}.
 */
@ApplicationScoped
public class SnapRefunds {

    private final SnapPayments payments;
    private final SnapIdempotency idempotency;
    private final SnapRequest snap;
    private final Refunds refunds;

    SnapRefunds(SnapPayments payments, SnapIdempotency idempotency, SnapRequest snap, Refunds refunds) {
        this.payments = payments;
        this.idempotency = idempotency;
        this.snap = snap;
        this.refunds = refunds;
    }

    /**
     * Refunds the merchant's payment made through SNAP service {@code snapService} ({@code SnapOrigin.QR},
     * {@code DEBIT}) and answers with {@code reply}'s code.
     */
    Response refund(Merchant merchant, QrRefundRequest request, String snapService, ServiceCode reply) {
        String refundId = request.partnerRefundNo() != null ? request.partnerRefundNo() : snap.externalId();
        if (!refundId.matches(Patterns.ORDER_ID)) {
            throw SnapException.mandatory("partnerRefundNo"); // an X-EXTERNAL-ID that cannot be a refund id
        }
        if (request.refundAmount() != null) {
            SnapPayments.requireRupiah(request.refundAmount(), "refundAmount");
        }
        PaymentEntity p = payments.find(merchant, request.merchantId(), snapService,
                request.originalPartnerReferenceNo(), request.originalReferenceNo(), request.originalExternalId(),
                "originalReferenceNo");
        return idempotency.once(refundId, () -> {
            BigDecimal amount = request.refundAmount() != null ? request.refundAmount().amount()
                    : p.amount.subtract(payments.read(p.paymentCode).refundedAmount);
            if (amount.signum() <= 0) {
                throw SnapException.of(SnapCase.TRANSACTION_NOT_PERMITTED, "nothing is left to refund");
            }
            RefundResponse refund;
            try {
                refund = refunds.refund(merchant, new RefundRequest(p.orderId, refundId, amount.toPlainString(),
                        request.reason()));
            } catch (ApiException e) {
                if (e.errorCase() != ErrorCase.CONFLICT) {
                    throw e;
                }
                throw SnapException.of(SnapCase.TRANSACTION_NOT_PERMITTED, e.detail());
            }
            SnapCase outcome = switch (refund.status()) {
                case "SUCCEEDED" -> SnapCase.SUCCESSFUL;
                case "PENDING" -> SnapCase.IN_PROGRESS;
                default -> throw SnapException.of(SnapCase.EXTERNAL_SERVER_ERROR, refund.statusDesc());
            };
            return new QrRefundReply(outcome.code(reply), outcome.message(), p.orderId, p.paymentCode,
                    refund.refundId(), refund.refundId(), SnapAmount.of(refund.amount(), p.currency),
                    refund.createdAt(), new QrRefundReply.RefundState(refund.status(),
                    SnapAmount.of(refund.refundedAmount(), p.currency)));
        });
    }
}

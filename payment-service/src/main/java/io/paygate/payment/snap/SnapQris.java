package io.paygate.payment.snap;

import io.paygate.kit.auth.Merchant;
import io.paygate.kit.auth.Merchants;
import io.paygate.kit.snap.SnapException;
import io.paygate.kit.snap.SnapIdempotency;
import io.paygate.model.api.Customer;
import io.paygate.model.api.WireTime;
import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.model.error.ServiceCode;
import io.paygate.model.error.SnapCase;
import io.paygate.model.event.SnapOrigin;
import io.paygate.model.snap.SnapAmount;
import io.paygate.model.snap.qr.QrCancelReply;
import io.paygate.model.snap.qr.QrGenerateReply;
import io.paygate.model.snap.qr.QrGenerateRequest;
import io.paygate.model.snap.qr.QrQueryReply;
import io.paygate.model.snap.qr.QrQueryRequest;
import io.paygate.model.snap.qr.QrRefundRequest;
import io.paygate.model.snap.qr.QrState;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.payment.GatewayTime;
import io.paygate.payment.payment.PaymentChargeRepository;
import io.paygate.payment.payment.PaymentEntity;
import io.paygate.payment.payment.PublicUrls;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.Response;


/**
 * SNAP QRIS MPM (docs/contract.md §9, services 47, 51, 77, 78) onto §2a's QRIS and §3a's refunds and cancellation:
 * generate makes an ordinary payment (order id {@code partnerReferenceNo}) with QRIS preselected and answers its
 * payload as {@code qrContent}; query reads it; cancel and refund are {@code /pg/}'s.
 */
@ApplicationScoped
public class SnapQris {

    private final SnapPayments payments;
    private final SnapIdempotency idempotency;
    private final SnapRefunds refunds;
    private final PaymentChargeRepository charges;
    private final PublicUrls urls;
    private final Merchants merchants;
    private final GatewayTime time;

    SnapQris(SnapPayments payments, SnapIdempotency idempotency, SnapRefunds refunds,
             PaymentChargeRepository charges, PublicUrls urls, Merchants merchants, GatewayTime time) {
        this.payments = payments;
        this.idempotency = idempotency;
        this.refunds = refunds;
        this.charges = charges;
        this.urls = urls;
        this.merchants = merchants;
        this.time = time;
    }

    /** generate, once per {@code partnerReferenceNo}; every field is checked before anything is claimed or written. */
    public Response generate(Merchant merchant, QrGenerateRequest request) {
        SnapPayments.requireOwnMerchant(merchant, request.merchantId());
        if (!payments.offers(merchant, PaymentMethod.QRIS)) {
            throw SnapException.of(SnapCase.FEATURE_NOT_ALLOWED, "QRIS");
        }
        SnapPayments.requireRupiah(request.amount(), "amount");
        Integer timeout = payments.minutesUntil(request.validityPeriod(), "validityPeriod");
        Response reply = idempotency.once(request.partnerReferenceNo(), () -> {
            PaymentEntity p = payments.create(merchant, request.partnerReferenceNo(), request.amount(), "amount",
                    new Customer(null, null, null, null, null), PaymentMethod.QRIS, timeout,
                    created -> created.madeThroughSnap(SnapOrigin.QR, null, null, null, null));
            String payload = QuarkusTransaction.requiringNew().call(() -> charges.preselectedOf(p.id)
                    .map(c -> c.qrString).orElse(null));
            String merchantName = merchants.find(p.merchantId).map(Merchant::name).orElse(p.merchantId);
            return new QrGenerateReply(SnapCase.SUCCESSFUL.code(ServiceCode.SNAP_QR_GENERATE),
                    SnapCase.SUCCESSFUL.message(), p.paymentCode, p.orderId, payload,
                    payload == null ? null : urls.qrImage(p.paymentCode), cut(merchantName, 25), request.storeId(),
                    request.terminalId(), state(p));
        });
        return payments.named(merchant, request.partnerReferenceNo(), reply);
    }

    /** query: the payment's state as {@code latestTransactionStatus}. */
    public QrQueryReply query(Merchant merchant, QrQueryRequest request) {
        PaymentEntity p = find(merchant, request, "originalPartnerReferenceNo");
        return new QrQueryReply(SnapCase.SUCCESSFUL.code(ServiceCode.SNAP_QR_QUERY), SnapCase.SUCCESSFUL.message(),
                p.paymentCode, p.orderId, ServiceCode.SNAP_QR_GENERATE.code(), SnapStatuses.latestTransactionStatus(p),
                p.status.name(), p.status == PaymentStatus.CAPTURED ? at(p.updatedAt) : null,
                SnapAmount.of(p.amount, p.currency), state(p));
    }

    /** cancel: a PENDING payment is cancelled (its QR closed at the provider); a paid one is {@code 4047700}. */
    public QrCancelReply cancel(Merchant merchant, QrQueryRequest request) {
        PaymentEntity found = find(merchant, request, "originalReferenceNo");
        PaymentEntity p = payments.cancel(merchant, found, SnapCase.INVALID_TRANSACTION_STATUS);
        return new QrCancelReply(SnapCase.SUCCESSFUL.code(ServiceCode.SNAP_QR_CANCEL), SnapCase.SUCCESSFUL.message(),
                p.paymentCode, p.orderId, at(p.updatedAt), at(p.createdAt));
    }

    /** refund: {@link SnapRefunds}'s, answered as {@code 2007800}. */
    public Response refund(Merchant merchant, QrRefundRequest request) {
        return refunds.refund(merchant, request, SnapOrigin.QR, ServiceCode.SNAP_QR_REFUND);
    }

    private PaymentEntity find(Merchant merchant, QrQueryRequest request, String mandatory) {
        return payments.find(merchant, request.merchantId(), SnapOrigin.QR, request.originalPartnerReferenceNo(),
                request.originalReferenceNo(), request.originalExternalId(), mandatory);
    }

    private QrState state(PaymentEntity p) {
        return new QrState(p.status.name(), p.status == PaymentStatus.PENDING ? at(p.expiresAt) : null);
    }

    private String at(java.time.Instant instant) {
        return WireTime.dateTime(instant, time.zone());
    }

    private static String cut(String text, int max) {
        return text.length() <= max ? text : text.substring(0, max);
    }

}

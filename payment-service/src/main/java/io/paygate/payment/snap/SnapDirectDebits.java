package io.paygate.payment.snap;

import io.paygate.kit.auth.Merchant;
import io.paygate.kit.error.ApiException;
import io.paygate.kit.snap.SnapException;
import io.paygate.kit.snap.SnapIdempotency;
import io.paygate.model.api.Customer;
import io.paygate.model.api.SourceOfFunds;
import io.paygate.model.api.WireTime;
import io.paygate.model.api.binding.InternalBinding;
import io.paygate.model.api.payment.InitiateRequest;
import io.paygate.model.api.payment.Order;
import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.model.api.payment.Url;
import io.paygate.model.error.ErrorCase;
import io.paygate.model.error.ServiceCode;
import io.paygate.model.error.SnapCase;
import io.paygate.model.event.SnapOrigin;
import io.paygate.model.snap.SnapAmount;
import io.paygate.model.snap.debit.DebitPaymentReply;
import io.paygate.model.snap.debit.DebitPaymentRequest;
import io.paygate.model.snap.debit.DebitStatusReply;
import io.paygate.model.snap.qr.QrCancelReply;
import io.paygate.model.snap.qr.QrQueryRequest;
import io.paygate.model.snap.qr.QrRefundRequest;
import io.paygate.model.snap.qr.QrState;
import io.paygate.model.status.BindingStatus;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.credential.BindingCharges;
import io.paygate.payment.credential.Bindings;
import io.paygate.payment.credential.DirectDebitPurchases;
import io.paygate.payment.payment.GatewayTime;
import io.paygate.payment.payment.PaymentEntity;
import io.paygate.payment.payment.PublicUrls;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.Response;

import java.time.Instant;
import java.util.Map;

/**
 * SNAP direct debit (docs/contract.md §9, services 54, 55, 57, 58). {@code payment-host-to-host} with
 * {@code bankCardToken} is §1b's direct-debit purchase of that binding for the binding's own customer (charged at once,
 * through {@link DirectDebitPurchases}); without one it is an ordinary hosted payment whose page is
 * {@code webRedirectUrl}. Either way the order id is {@code partnerReferenceNo} and the payment carries
 * {@code snap.service} {@code DEBIT}. status, cancel and refund are the QRIS ones' ({@link SnapPayments},
 * {@link SnapRefunds}).
 */
@ApplicationScoped
public class SnapDirectDebits {

    private static final String RUPIAH = "IDR";

    private final SnapPayments payments;
    private final SnapRefunds refunds;
    private final SnapIdempotency idempotency;
    private final DirectDebitPurchases purchases;
    private final Bindings bindings;
    private final BindingCharges charges;
    private final PublicUrls urls;
    private final GatewayTime time;

    SnapDirectDebits(SnapPayments payments, SnapRefunds refunds, SnapIdempotency idempotency,
                     DirectDebitPurchases purchases, Bindings bindings, BindingCharges charges, PublicUrls urls,
                     GatewayTime time) {
        this.payments = payments;
        this.refunds = refunds;
        this.idempotency = idempotency;
        this.purchases = purchases;
        this.bindings = bindings;
        this.charges = charges;
        this.urls = urls;
        this.time = time;
    }

    /**
     * payment-host-to-host, once per {@code partnerReferenceNo}; every field, and the binding, is checked before
     * anything is claimed or written. A token that is not an ACTIVE binding of the merchant (or not the customer's
     * named in {@code additionalInfo.customerId}) is {@code 4045411 Invalid Card/Account/Customer}.
     */
    public Response pay(Merchant merchant, DebitPaymentRequest request) {
        SnapPayments.requireOwnMerchant(merchant, request.merchantId());
        SnapPayments.requireRupiah(request.amount(), "amount");
        if (request.urlParam() != null && !request.urlParam().isNull() && !request.urlParam().isArray()
                && !request.urlParam().isObject()) { // absent or null reads as a JSON null
            throw SnapException.invalidFormat("urlParam");
        }
        Integer timeout = payments.minutesUntil(request.validUpTo(), "validUpTo");
        payments.refuseLinkOrderId(merchant, request.partnerReferenceNo(), "partnerReferenceNo");
        String token = request.bankCardToken();
        if (token == null || token.isEmpty()) {
            return payments.named(merchant, request.partnerReferenceNo(),
                    idempotency.once(request.partnerReferenceNo(), () -> hosted(merchant, request, timeout)));
        }
        if (!charges.available(merchant.id())) {
            throw SnapException.of(SnapCase.FEATURE_NOT_ALLOWED, "direct debit");
        }
        InternalBinding binding = binding(merchant, token, request.additionalInfo());
        return payments.named(merchant, request.partnerReferenceNo(),
                idempotency.once(request.partnerReferenceNo(), () -> charge(merchant, request, binding, timeout)));
    }

    private DebitPaymentReply hosted(Merchant merchant, DebitPaymentRequest request, Integer timeout) {
        PaymentEntity p = payments.create(merchant, request.partnerReferenceNo(), request.amount(), "amount",
                new Customer(customerId(request), null, null, null, null), null, timeout,
                created -> created.madeThroughSnap(SnapOrigin.DEBIT, null, null, null, null));
        return reply(p, urls.page(p.paymentCode));
    }

    private DebitPaymentReply charge(Merchant merchant, DebitPaymentRequest request, InternalBinding binding,
                                     Integer timeout) {
        InitiateRequest purchase = new InitiateRequest(
                new Order(request.partnerReferenceNo(), request.amount().amount().toPlainString(), null, null, RUPIAH,
                        timeout, Map.of()),
                new Customer(binding.customerId(), null, null, null, null),
                new Url(null, null, null, null, null, Map.of()), null, null, null, null, null,
                new SourceOfFunds(PaymentMethod.DIRECT_DEBIT.name(), binding.bindingId(), Map.of()), null);
        String code;
        try {
            code = purchases.purchase(merchant, purchase, "snap-debit",
                    created -> created.madeThroughSnap(SnapOrigin.DEBIT, null, null, null, null)).paymentCode();
        } catch (ApiException e) {
            throw switch (e.errorCase()) {
                case NOT_FOUND -> SnapException.of(SnapCase.INVALID_ACCOUNT, "bankCardToken"); // unbound meanwhile
                case CONFLICT -> SnapException.duplicatePartnerReference(); // the order made through another door
                default -> e;
            };
        }
        return reply(payments.read(code), null);
    }

    /** The merchant's ACTIVE binding {@code token}, of the customer named (when one is). */
    private InternalBinding binding(Merchant merchant, String token, DebitPaymentRequest.Info info) {
        InternalBinding binding;
        try {
            binding = bindings.find(merchant.id(), token).orElse(null);
        } catch (Bindings.Unavailable e) {
            throw SnapException.of(SnapCase.EXTERNAL_SERVER_ERROR, "the bank binding could not be checked");
        }
        String customerId = info == null ? null : info.customerId();
        if (binding == null || binding.status() != BindingStatus.ACTIVE || binding.customerId() == null
                || customerId != null && !customerId.equals(binding.customerId())) {
            throw SnapException.of(SnapCase.INVALID_ACCOUNT, "bankCardToken");
        }
        return binding;
    }

    /** status: the payment's state as {@code latestTransactionStatus}. */
    public DebitStatusReply status(Merchant merchant, QrQueryRequest request) {
        PaymentEntity p = payments.find(merchant, request.merchantId(), SnapOrigin.DEBIT,
                request.originalPartnerReferenceNo(), request.originalReferenceNo(), request.originalExternalId(),
                "originalPartnerReferenceNo");
        return new DebitStatusReply(SnapCase.SUCCESSFUL.code(ServiceCode.SNAP_DEBIT_STATUS),
                SnapCase.SUCCESSFUL.message(), p.paymentCode, p.orderId, ServiceCode.SNAP_DEBIT_PAYMENT.code(),
                SnapStatuses.latestTransactionStatus(p), p.status.name(), SnapPayments.paid(p) ? at(p.updatedAt) : null,
                SnapAmount.of(p.amount, p.currency), state(p));
    }

    /** cancel: a PENDING payment is cancelled; a paid one is {@code 4045700}. */
    public QrCancelReply cancel(Merchant merchant, QrQueryRequest request) {
        PaymentEntity found = payments.find(merchant, request.merchantId(), SnapOrigin.DEBIT,
                request.originalPartnerReferenceNo(), request.originalReferenceNo(), request.originalExternalId(),
                "originalPartnerReferenceNo");
        PaymentEntity p = payments.cancel(merchant, found, SnapCase.INVALID_TRANSACTION_STATUS);
        return new QrCancelReply(SnapCase.SUCCESSFUL.code(ServiceCode.SNAP_DEBIT_CANCEL),
                SnapCase.SUCCESSFUL.message(), p.paymentCode, p.orderId, at(p.updatedAt), at(p.createdAt));
    }

    /** refund: {@link SnapRefunds}'s, answered as {@code 2005800}. */
    public Response refund(Merchant merchant, QrRefundRequest request) {
        return refunds.refund(merchant, request, SnapOrigin.DEBIT, ServiceCode.SNAP_DEBIT_REFUND);
    }

    private DebitPaymentReply reply(PaymentEntity p, String webRedirectUrl) {
        return new DebitPaymentReply(SnapCase.SUCCESSFUL.code(ServiceCode.SNAP_DEBIT_PAYMENT),
                SnapCase.SUCCESSFUL.message(), p.paymentCode, p.orderId, webRedirectUrl, state(p));
    }

    private static String customerId(DebitPaymentRequest request) {
        return request.additionalInfo() == null ? null : request.additionalInfo().customerId();
    }

    private QrState state(PaymentEntity p) {
        return new QrState(p.status.name(), p.status == PaymentStatus.PENDING ? at(p.expiresAt) : null);
    }

    private String at(Instant instant) {
        return WireTime.dateTime(instant, time.zone());
    }
}

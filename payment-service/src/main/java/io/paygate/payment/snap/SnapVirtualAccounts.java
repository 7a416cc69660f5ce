package io.paygate.payment.snap;

import io.paygate.kit.auth.Merchant;
import io.paygate.kit.snap.PartnerServiceIds;
import io.paygate.kit.snap.SnapException;
import io.paygate.kit.snap.SnapIdempotency;
import io.paygate.model.api.Customer;
import io.paygate.model.api.WireTime;
import io.paygate.model.api.payment.MethodKind;
import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.model.error.ServiceCode;
import io.paygate.model.error.SnapCase;
import io.paygate.model.event.SnapOrigin;
import io.paygate.model.snap.SnapAmount;
import io.paygate.model.snap.va.CreateVaInfo;
import io.paygate.model.snap.va.CreateVaRequest;
import io.paygate.model.snap.va.VaData;
import io.paygate.model.snap.va.VaReply;
import io.paygate.model.snap.va.VaRequest;
import io.paygate.model.snap.va.VaState;
import io.paygate.payment.payment.GatewayTime;
import io.paygate.payment.payment.PaymentEntity;
import io.paygate.payment.payment.PaymentMapper;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.Response;

import java.util.Locale;
import java.util.Optional;

/**
 * SNAP virtual accounts (docs/contract.md §9, services 27, 26, 31) onto §2a's: create-va makes an ordinary payment
 * (order id {@code trxId}) with the bank's virtual account preselected and opened under {@code virtualAccountNo} =
 * {@code partnerServiceId + customerNo} (the customer transfers to it without the spaces), the code one of the
 * merchant's own ({@link PartnerServiceIds}); status reads it; delete-va cancels it as §3a does.
 */
@ApplicationScoped
public class SnapVirtualAccounts {

    /** {@code additionalInfo.channel} when absent. */
    static final PaymentMethod DEFAULT_CHANNEL = PaymentMethod.VA_BCA;
    private static final String CLOSED = "C";

    private final SnapPayments payments;
    private final SnapIdempotency idempotency;
    private final GatewayTime time;
    private final PartnerServiceIds companyCodes;

    SnapVirtualAccounts(SnapPayments payments, SnapIdempotency idempotency, GatewayTime time,
                        PartnerServiceIds companyCodes) {
        this.payments = payments;
        this.idempotency = idempotency;
        this.time = time;
        this.companyCodes = companyCodes;
    }

    /**
     * create-va, once per {@code trxId}; every field is checked before anything is claimed or written. The number is
     * one of the merchant's company codes ({@code 4002701 partnerServiceId} otherwise); the database lets one account
     * with it be open at a time ({@code 4092700}, nothing written); a provider that does not open it under that
     * number leaves nothing behind either ({@code 5022700}).
     */
    public Response create(Merchant merchant, CreateVaRequest request) {
        CreateVaInfo info = request.additionalInfo();
        SnapPayments.requireOwnMerchant(merchant, info == null ? null : info.merchantId());
        if (!companyCodes.belongsTo(merchant.id(), request.partnerServiceId())) {
            throw SnapException.invalidFormat("partnerServiceId"); // another merchant's code, or no merchant's
        }
        PaymentMethod method = channel(merchant, info);
        String number = request.partnerServiceId() + request.customerNo();
        if (number.length() > 28) {
            throw SnapException.invalidFormat("customerNo");
        }
        String asked = request.virtualAccountNo();
        if (asked != null && !asked.isEmpty() && !digits(asked).equals(digits(number))) { // "": not sent
            throw SnapException.invalidFormat("virtualAccountNo");
        }
        SnapPayments.requireRupiah(request.totalAmount(), "totalAmount");
        Integer timeout = payments.minutesUntil(request.expiredDate(), "expiredDate");
        Customer customer = new Customer(null, request.virtualAccountEmail(), cut(request.virtualAccountName(), 50),
                null, request.virtualAccountPhone());
        Response reply = idempotency.once(request.trxId(), () -> {
            PaymentEntity p = payments.createVirtualAccount(merchant, request.trxId(), request.totalAmount(),
                    "totalAmount", customer, method, timeout, created -> created.madeThroughSnap(SnapOrigin.VA,
                            request.partnerServiceId(), request.customerNo(), number, request.virtualAccountName()));
            return reply(ServiceCode.SNAP_VA_CREATE, p, null, null);
        });
        return payments.named(merchant, request.trxId(), reply);
    }

    /** status: the account and whether it was paid. */
    public VaReply status(Merchant merchant, VaRequest request) {
        PaymentEntity p = find(merchant, request);
        return reply(ServiceCode.SNAP_VA_STATUS, p, request.inquiryRequestId(), request.paymentRequestId());
    }

    /** delete-va: a PENDING account is cancelled (its charge closed at the bank); a paid one is {@code 4043114}. */
    public VaReply delete(Merchant merchant, VaRequest request) {
        PaymentEntity p = payments.cancel(merchant, find(merchant, request), SnapCase.PAID_BILL);
        return reply(ServiceCode.SNAP_VA_DELETE, p, request.inquiryRequestId(), null);
    }

    /**
     * The merchant's account the request names: by {@code trxId} (its number must match) or, without one, its latest
     * with the number; {@code 400xx02 trxId} when neither it nor {@code inquiryRequestId} is sent, {@code 404xx01}
     * for an unknown or foreign one.
     */
    private PaymentEntity find(Merchant merchant, VaRequest request) {
        SnapPayments.requireOwnMerchant(merchant,
                request.additionalInfo() == null ? null : request.additionalInfo().merchantId());
        String number = digits(request.virtualAccountNo());
        if (request.partnerServiceId() != null && request.customerNo() != null
                && !digits(request.partnerServiceId() + request.customerNo()).equals(number)) {
            throw SnapException.invalidFormat("virtualAccountNo");
        }
        if (request.trxId() == null && request.inquiryRequestId() == null) {
            throw SnapException.mandatory("trxId");
        }
        Optional<PaymentEntity> found = request.trxId() != null
                ? Optional.of(payments.find(merchant, SnapOrigin.VA, request.trxId(), null))
                : payments.findVirtualAccount(merchant, number);
        return found.filter(p -> digits(p.snapVirtualAccountNo).equals(number)).orElseThrow(SnapException::notFound);
    }

    /**
     * The §2a virtual account of {@code additionalInfo.channel} (or {@code bank}); {@code 400xx01} naming it when the
     * merchant may not open it, {@code 400xx02 additionalInfo.channel} when it names none and the default is not one
     * the merchant may open.
     */
    private PaymentMethod channel(Merchant merchant, CreateVaInfo info) {
        String field = "additionalInfo.channel";
        String code = info == null ? null : info.channel();
        if (code == null && info != null && info.bank() != null) {
            field = "additionalInfo.bank";
            code = "VA_" + info.bank().toUpperCase(Locale.ROOT);
        }
        if (code == null) {
            if (!payments.offers(merchant, DEFAULT_CHANNEL)) {
                throw SnapException.mandatory(field); // the default bank is not among the merchant's methods (§10)
            }
            return DEFAULT_CHANNEL;
        }
        String named = field;
        return PaymentMethod.fromCode(code).filter(m -> m.kind() == MethodKind.VIRTUAL_ACCOUNT)
                .filter(m -> payments.offers(merchant, m))
                .orElseThrow(() -> SnapException.invalidFormat(named));
    }

    private VaReply reply(ServiceCode service, PaymentEntity p, String inquiryRequestId, String paymentRequestId) {
        var customer = PaymentMapper.customer(p);
        boolean status = service == ServiceCode.SNAP_VA_STATUS;
        String[] reason = SnapStatuses.paymentFlagReason(p);
        VaData data = new VaData(p.snapPartnerServiceId, p.snapCustomerNo, p.snapVirtualAccountNo,
                p.snapVirtualAccountName, service == ServiceCode.SNAP_VA_CREATE ? customer.email() : null,
                service == ServiceCode.SNAP_VA_CREATE ? customer.mobilePhone() : null, p.orderId, inquiryRequestId,
                paymentRequestId, SnapAmount.of(p.amount, p.currency),
                status && SnapPayments.paid(p) ? SnapAmount.of(p.amount, p.currency) : null,
                service == ServiceCode.SNAP_VA_DELETE ? null : CLOSED,
                service == ServiceCode.SNAP_VA_CREATE ? WireTime.dateTime(p.expiresAt, time.zone()) : null,
                status ? SnapStatuses.paymentFlagStatus(p) : null,
                status ? new VaData.FlagReason(reason[0], reason[1]) : null,
                new VaState(p.paymentCode, p.status.name(), p.preselected == null ? null : p.preselected.name()));
        return new VaReply(SnapCase.SUCCESSFUL.code(service), SnapCase.SUCCESSFUL.message(), data);
    }

    static String digits(String number) {
        return number.replace(" ", "");
    }

    private static String cut(String text, int max) {
        return text.length() <= max ? text : text.substring(0, max);
    }
}

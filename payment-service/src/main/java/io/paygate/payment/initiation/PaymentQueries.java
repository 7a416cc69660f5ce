package io.paygate.payment.initiation;

import io.paygate.kit.auth.Merchant;
import io.paygate.kit.error.ApiException;
import io.paygate.model.api.payment.PaymentStatusResponse;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.payment.ExpiryService;
import io.paygate.payment.payment.GatewayTime;
import io.paygate.payment.payment.PaymentEntity;
import io.paygate.payment.payment.PaymentMapper;
import io.paygate.payment.payment.PaymentRepository;
import jakarta.enterprise.context.ApplicationScoped;

/** Payment status for the merchant (docs/contract.md §3): its own orders only; foreign and unknown alike are 404. */
@ApplicationScoped
public class PaymentQueries {

    private final PaymentRepository payments;
    private final ExpiryService expiry;
    private final GatewayTime time;

    PaymentQueries(PaymentRepository payments, ExpiryService expiry, GatewayTime time) {
        this.payments = payments;
        this.expiry = expiry;
        this.time = time;
    }

    public PaymentStatusResponse status(Merchant merchant, String orderId) {
        PaymentEntity p = payments.findByOrder(merchant.id(), orderId).orElseThrow(ApiException::notFound);
        if (p.status == PaymentStatus.PENDING && p.isPastExpiry(time.now())) {
            expiry.expireIfDue(p.paymentCode);
            p = payments.findByOrder(merchant.id(), orderId).orElseThrow(ApiException::notFound);
        }
        return PaymentMapper.toStatusResponse(p, time.expiryLink(p.expiresAt));
    }
}

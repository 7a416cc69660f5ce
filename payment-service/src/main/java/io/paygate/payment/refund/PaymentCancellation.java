package io.paygate.payment.refund;

import io.paygate.kit.auth.Merchant;
import io.paygate.kit.error.ApiException;
import io.paygate.model.api.refund.CancelResponse;
import io.paygate.model.error.ErrorCase;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.payment.ExpiryService;
import io.paygate.payment.payment.PaymentEntity;
import io.paygate.payment.payment.PaymentRepository;
import io.paygate.payment.payment.PaymentTransitions;
import io.paygate.payment.provider.MethodCheckout;
import io.paygate.payment.provider.OpenCharges;
import io.paygate.payment.provider.ProviderUnavailable;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The merchant cancels a payment its customer abandoned ({@code POST /pg/payment/card/cancel/{orderId}}, docs/contract.md
 * §3a): a PENDING payment's open charge is cancelled at the provider first, outside any transaction; a charge the
 * provider says was paid captures the payment instead ({@code 4090900} naming it). Cancelling again answers the same.
 */
@ApplicationScoped
public class PaymentCancellation {

    private static final int ATTEMPTS = 3;

    private final PaymentRepository payments;
    private final PaymentTransitions transitions;
    private final ExpiryService expiry;
    private final MethodCheckout methods;

    PaymentCancellation(PaymentRepository payments, PaymentTransitions transitions, ExpiryService expiry,
                        MethodCheckout methods) {
        this.payments = payments;
        this.transitions = transitions;
        this.expiry = expiry;
        this.methods = methods;
    }

    /**
     * @throws ApiException {@code 4040901} unknown or foreign order; {@code 4090900} a payment that is not PENDING
     *                      (paid, being processed, ended); {@code 5020900} the provider did not cancel the open charge
     */
    public CancelResponse cancel(Merchant merchant, String orderId) {
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            PaymentEntity p = QuarkusTransaction.requiringNew().call(() ->
                    payments.findByOrder(merchant.id(), orderId).orElseThrow(ApiException::notFound));
            if (p.status == PaymentStatus.CANCELLED) {
                return CancelResponse.cancelled(p.orderId, p.paymentCode);
            }
            if (p.hasOpenCharge()) {
                try {
                    methods.closeCurrent(new OpenCharges.Current(p.paymentCode, p.merchantId, p.providerReference,
                            p.method, p.channel));
                } catch (ProviderUnavailable e) {
                    throw ApiException.of(ErrorCase.BAD_GATEWAY, "The payment provider did not cancel the open "
                            + "charge; nothing changed");
                }
            }
            Boolean done = QuarkusTransaction.requiringNew().call(() -> cancelLocked(p.paymentCode));
            if (done) {
                return CancelResponse.cancelled(p.orderId, p.paymentCode);
            }
        }
        throw ApiException.conflict("the payment kept changing; ask for its status");
    }

    /** @return true when cancelled (now or before), false when a charge was opened meanwhile (try again) */
    private boolean cancelLocked(String paymentCode) {
        PaymentEntity p = payments.lockByCode(paymentCode).orElseThrow(ApiException::notFound);
        expiry.expireIfDue(p);
        switch (p.status) {
            case CANCELLED -> {
                return true;
            }
            case PENDING -> {
                if (p.providerReference != null) {
                    return false;
                }
                transitions.move(p, PaymentStatus.CANCELLED, "Cancelled by the merchant");
                return true;
            }
            case PROCESSING -> throw ApiException.conflict("the payment is being processed by the provider");
            case CAPTURED, PARTIALLY_REFUNDED, REFUNDED, REVERSED ->
                    throw ApiException.conflict("the payment was already paid: it is " + p.status);
            default -> throw ApiException.conflict("the payment is " + p.status);
        }
    }
}

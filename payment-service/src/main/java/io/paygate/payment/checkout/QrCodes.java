package io.paygate.payment.checkout;

import io.paygate.payment.payment.PaymentChargeEntity;
import io.paygate.payment.payment.PaymentChargeRepository;
import io.paygate.payment.payment.PaymentRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import java.util.Optional;

/** The QR payload of a payment's open charge, for its image (docs/contract.md §2a). */
@ApplicationScoped
public class QrCodes {

    private final PaymentRepository payments;
    private final PaymentChargeRepository charges;

    QrCodes(PaymentRepository payments, PaymentChargeRepository charges) {
        this.payments = payments;
        this.charges = charges;
    }

    /** The payload of the open QR (QRIS or wallet) charge of payment {@code paymentCode}; empty when none. */
    @Transactional
    public Optional<String> payloadOf(String paymentCode) {
        return payments.findByCode(paymentCode)
                .filter(p -> p.hasOpenCharge() && p.method.hasQr())
                .flatMap(p -> charges.findOf(p.id, p.providerReference))
                .filter(c -> c.state == PaymentChargeEntity.State.OPEN && c.qrString != null)
                .map(c -> c.qrString);
    }
}

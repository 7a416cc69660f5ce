package io.paygate.payment.service;

import io.paygate.kit.error.ApiException;
import io.paygate.payment.provider.PaymentChannels;
import io.paygate.payment.provider.SandboxPaymentChannel;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.repository.PaymentEntity;
import io.paygate.payment.repository.PaymentRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

/**
 * The QA shortcut {@code POST /pg/sandbox/payments/{code}/simulate} (CONTRACT §2): decides a payment as the provider
 * would. A PENDING payment passes through PROCESSING; a final one never changes (409), nor does one of a real
 * channel (Midtrans: 409).
 */
@ApplicationScoped
public class SandboxSimulation {

    private final PaymentRepository payments;
    private final PaymentTransitions transitions;
    private final ExpiryService expiry;
    private final PaymentChannels channels;

    SandboxSimulation(PaymentRepository payments, PaymentTransitions transitions, ExpiryService expiry,
                      PaymentChannels channels) {
        this.payments = payments;
        this.transitions = transitions;
        this.expiry = expiry;
        this.channels = channels;
    }

    @Transactional
    public PaymentStatus simulate(String paymentCode, PaymentStatus outcome, String statusDesc) {
        PaymentEntity p = payments.lockByCode(paymentCode).orElseThrow(ApiException::notFound);
        expiry.expireIfDue(p);
        String channel = p.channel != null ? p.channel : channels.forMerchant(p.merchantId).name();
        if (!SandboxPaymentChannel.NAME.equals(channel)) {
            throw ApiException.conflict("payment is not on the sandbox channel"); // a real acquirer's payment
        }
        if (p.status.isFinal()) {
            throw ApiException.conflict("payment is already " + p.status);
        }
        if (p.status == PaymentStatus.PENDING) {
            transitions.move(p, PaymentStatus.PROCESSING, null);
        }
        String desc = outcome == PaymentStatus.FAILED
                ? (statusDesc == null || statusDesc.isBlank() ? "Simulated failure" : statusDesc) : null;
        transitions.move(p, outcome, desc);
        return p.status;
    }
}

package io.paygate.payment.sandbox;

import io.paygate.kit.error.ApiException;
import io.paygate.payment.payment.ExpiryService;
import io.paygate.payment.payment.PaymentEntity;
import io.paygate.payment.payment.PaymentRepository;
import io.paygate.payment.payment.PaymentTransitions;
import io.paygate.payment.provider.PaymentChannels;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.provider.ProviderDecision;
import io.paygate.payment.provider.ProviderDecisions;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

/**
 * The QA shortcut {@code POST /pg/sandbox/payments/{code}/simulate} (docs/contract.md §2): decides a payment as the provider
 * would. A PENDING payment passes through PROCESSING; a final one never changes (409), nor does one of a real
 * channel (Midtrans: 409).
 */
@ApplicationScoped
public class SandboxSimulation {

    private final PaymentRepository payments;
    private final PaymentTransitions transitions;
    private final ExpiryService expiry;
    private final PaymentChannels channels;
    private final ProviderDecisions decisions;
    private final SandboxPaymentChannel sandbox;

    SandboxSimulation(PaymentRepository payments, PaymentTransitions transitions, ExpiryService expiry,
                      PaymentChannels channels, ProviderDecisions decisions, SandboxPaymentChannel sandbox) {
        this.decisions = decisions;
        this.sandbox = sandbox;
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
        if (p.status.isSettled()) {
            throw ApiException.conflict("payment is already " + p.status);
        }
        String desc = outcome == PaymentStatus.FAILED
                ? (statusDesc == null || statusDesc.isBlank() ? "Simulated failure" : statusDesc) : null;
        if (p.hasOpenCharge()) {
            // the sandbox provider decides its open charge, so its book (and every later inquiry) agrees
            sandbox.decideNow(p.providerReference, outcome, desc);
            decisions.applyLocked(p, new ProviderDecision(p.providerReference, p.paymentCode, outcome, desc, null));
            return p.status;
        }
        if (p.status == PaymentStatus.PENDING) {
            transitions.move(p, PaymentStatus.PROCESSING, null);
        }
        transitions.move(p, outcome, desc);
        return p.status;
    }
}

package io.paygate.payment.service;

import io.paygate.kit.error.ApiException;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.provider.ProviderDecision;
import io.paygate.payment.repository.PaymentEntity;
import io.paygate.payment.repository.PaymentRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

/**
 * Applies a provider's verified decision (CONTRACT §2): PROCESSING → CAPTURED | FAILED. The same decision again is
 * acknowledged without a second change or event; a decision for a final payment that says otherwise, or for a charge
 * the payment does not know, is a conflict and changes nothing.
 */
@ApplicationScoped
public class ProviderDecisions {

    private final PaymentRepository payments;
    private final PaymentTransitions transitions;

    ProviderDecisions(PaymentRepository payments, PaymentTransitions transitions) {
        this.payments = payments;
        this.transitions = transitions;
    }

    @Transactional
    public void apply(ProviderDecision decision) {
        if (decision.status() != PaymentStatus.CAPTURED && decision.status() != PaymentStatus.FAILED) {
            throw ApiException.invalidFormat("status");
        }
        PaymentEntity p = payments.lockByCode(decision.paymentCode()).orElseThrow(ApiException::notFound);
        if (p.providerReference == null || !p.providerReference.equals(decision.reference())) {
            throw ApiException.conflict("unknown charge reference for this payment");
        }
        if (p.status == decision.status()) {
            return; // a repeated callback: already applied
        }
        if (p.status != PaymentStatus.PROCESSING) {
            throw ApiException.conflict("payment is " + p.status);
        }
        transitions.move(p, decision.status(),
                decision.status() == PaymentStatus.FAILED ? describe(decision.statusDesc()) : null);
    }

    private static String describe(String statusDesc) {
        if (statusDesc == null || statusDesc.isBlank()) {
            return "Payment failed";
        }
        return statusDesc.length() > 255 ? statusDesc.substring(0, 255) : statusDesc;
    }
}

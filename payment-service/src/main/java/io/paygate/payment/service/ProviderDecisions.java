package io.paygate.payment.service;

import io.paygate.kit.error.ApiException;
import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.model.json.Json;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.provider.ProviderDecision;
import io.paygate.payment.provider.SandboxPaymentChannel;
import io.paygate.payment.repository.PaymentEntity;
import io.paygate.payment.repository.PaymentRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

/**
 * Applies a provider's decision (CONTRACT §2): PROCESSING → CAPTURED | FAILED. The one code path for the verified
 * callback, a synchronous refusal and reconciliation, so each writes the same event. The same decision again is
 * acknowledged without a second change or event; a decision for a final payment that says otherwise, or for a charge
 * the payment does not know, is a conflict and changes nothing.
 */
@ApplicationScoped
public class ProviderDecisions {

    /** What applying a decision did. */
    public enum Applied { CHANGED, ALREADY_APPLIED, PAYMENT_FINAL, UNKNOWN_REFERENCE }

    private final PaymentRepository payments;
    private final PaymentTransitions transitions;

    ProviderDecisions(PaymentRepository payments, PaymentTransitions transitions) {
        this.payments = payments;
        this.transitions = transitions;
    }

    /**
     * The sandbox provider's callback: a conflict is {@code 409} (also for a payment another channel took), an
     * unknown payment {@code 404}.
     */
    @Transactional
    public void apply(ProviderDecision decision) {
        if (decision.status() != PaymentStatus.CAPTURED && decision.status() != PaymentStatus.FAILED) {
            throw ApiException.invalidFormat("status");
        }
        PaymentEntity p = payments.lockByCode(decision.paymentCode()).orElseThrow(ApiException::notFound);
        if (!SandboxPaymentChannel.NAME.equals(p.channel)) {
            // the sandbox provider's key decides only what the sandbox took, never a real acquirer's charge
            throw ApiException.conflict("not a charge of the sandbox provider");
        }
        switch (applyLocked(p, decision)) {
            case UNKNOWN_REFERENCE -> throw ApiException.conflict("unknown charge reference for this payment");
            case PAYMENT_FINAL -> throw ApiException.conflict("payment is " + p.status);
            case CHANGED, ALREADY_APPLIED -> {
            }
        }
    }

    /** Applies {@code decision} (CAPTURED or FAILED) to {@code p}, locked by the caller. */
    @Transactional(Transactional.TxType.MANDATORY)
    public Applied applyLocked(PaymentEntity p, ProviderDecision decision) {
        if (p.providerReference == null || !p.providerReference.equals(decision.reference())) {
            return Applied.UNKNOWN_REFERENCE;
        }
        if (p.status == decision.status()) {
            return Applied.ALREADY_APPLIED; // a repeated callback
        }
        if (p.status != PaymentStatus.PROCESSING) {
            return Applied.PAYMENT_FINAL;
        }
        if (p.method == PaymentMethod.CARD && p.cardInfo == null && decision.cardInfo() != null) {
            p.cardInfo = Json.write(decision.cardInfo()); // the decision came before the acceptance was recorded
        }
        transitions.move(p, decision.status(),
                decision.status() == PaymentStatus.FAILED ? describe(decision.statusDesc()) : null);
        return Applied.CHANGED;
    }

    private static String describe(String statusDesc) {
        if (statusDesc == null || statusDesc.isBlank()) {
            return "Payment failed";
        }
        return statusDesc.length() > 255 ? statusDesc.substring(0, 255) : statusDesc;
    }
}

package io.paygate.payment.provider;

import io.paygate.kit.error.ApiException;
import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.model.json.Json;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.payment.PaymentChargeEntity;
import io.paygate.payment.payment.PaymentChargeRepository;
import io.paygate.payment.payment.PaymentEntity;
import io.paygate.payment.payment.PaymentRepository;
import io.paygate.payment.payment.PaymentTransitions;
import io.paygate.payment.payment.Surpluses;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import java.util.EnumSet;
import java.util.Set;

/**
 * Applies a provider's decision on one charge (docs/contract.md §2, §2a): the one code path for the verified callback or
 * notification, a synchronous answer and reconciliation, so each writes the same event. The payment's current charge
 * moves it: PROCESSING → CAPTURED | FAILED (card, direct debit), PENDING → CAPTURED | FAILED | EXPIRED (an open
 * charge), CAPTURED → REVERSED. The same decision again is acknowledged without a second change or event; so is a
 * capture by the charge that paid the payment (CAPTURED, refunded since, reversed): that money is the payment's own.
 * Money that a superseded charge took, or that arrived after the payment ended unpaid, is recorded as a surplus, never
 * lost; any other decision for an ended payment changes nothing.
 */
@ApplicationScoped
public class ProviderDecisions {

    /** What applying a decision did. */
    public enum Applied { CHANGED, ALREADY_APPLIED, PAYMENT_FINAL, UNKNOWN_REFERENCE, SURPLUS, SUPERSEDED }

    private static final Set<PaymentStatus> CALLBACK_OUTCOMES = EnumSet.of(PaymentStatus.CAPTURED,
            PaymentStatus.FAILED, PaymentStatus.EXPIRED);

    private final PaymentRepository payments;
    private final PaymentChargeRepository charges;
    private final PaymentTransitions transitions;
    private final Surpluses surpluses;

    ProviderDecisions(PaymentRepository payments, PaymentChargeRepository charges, PaymentTransitions transitions,
                      Surpluses surpluses) {
        this.payments = payments;
        this.charges = charges;
        this.transitions = transitions;
        this.surpluses = surpluses;
    }

    /**
     * The sandbox provider's callback: a conflict is {@code 409} (also for a payment another channel took), an
     * unknown payment {@code 404}.
     */
    @Transactional
    public void apply(ProviderDecision decision) {
        if (!CALLBACK_OUTCOMES.contains(decision.status())) {
            throw ApiException.invalidFormat("status");
        }
        PaymentEntity p = payments.lockByCode(decision.paymentCode()).orElseThrow(ApiException::notFound);
        if (!PaymentChannel.SANDBOX.equals(channelOf(p, decision.reference()))) {
            // the sandbox provider's key decides only what the sandbox took, never a real acquirer's charge
            throw ApiException.conflict("not a charge of the sandbox provider");
        }
        switch (applyLocked(p, decision)) {
            case UNKNOWN_REFERENCE -> throw ApiException.conflict("unknown charge reference for this payment");
            case PAYMENT_FINAL -> throw ApiException.conflict("payment is " + p.status);
            case CHANGED, ALREADY_APPLIED, SURPLUS, SUPERSEDED -> {
            }
        }
    }

    /** Applies {@code decision} to {@code p}, locked by the caller. */
    @Transactional(Transactional.TxType.MANDATORY)
    public Applied applyLocked(PaymentEntity p, ProviderDecision decision) {
        if (decision.reference() == null) {
            return Applied.UNKNOWN_REFERENCE;
        }
        if (!decision.reference().equals(p.providerReference)) {
            return charges.findOf(p.id, decision.reference())
                    .map(superseded -> applyToSuperseded(p, superseded, decision))
                    .orElse(Applied.UNKNOWN_REFERENCE);
        }
        if (p.status == decision.status()) {
            return Applied.ALREADY_APPLIED; // a repeated callback
        }
        if (decision.status() == PaymentStatus.CANCELLED) {
            return Applied.SUPERSEDED; // the gateway cancels charges itself (switching, the merchant's cancel)
        }
        if (p.status == PaymentStatus.CAPTURED && decision.status() == PaymentStatus.REVERSED) {
            transitions.move(p, PaymentStatus.REVERSED, describe(decision.statusDesc(), "Reversed by the provider"));
            return Applied.CHANGED;
        }
        if (decision.status() == PaymentStatus.CAPTURED && p.status.isPaid()) {
            // this charge paid the payment: its money is the payment's own (refunds and reversals since are accounted
            // for), never a surplus, however often the provider says it again
            return Applied.ALREADY_APPLIED;
        }
        boolean undecided = p.status == PaymentStatus.PROCESSING
                || (p.status == PaymentStatus.PENDING && p.hasOpenCharge());
        if (!undecided || !p.status.canTransitionTo(decision.status())) {
            if (decision.status() == PaymentStatus.CAPTURED && p.status.isFinal()) {
                surpluses.record(p, decision.reference(), p.method, "the payment was already " + p.status);
                return Applied.SURPLUS;
            }
            return Applied.PAYMENT_FINAL;
        }
        if (p.method == PaymentMethod.CARD && p.cardInfo == null && decision.cardInfo() != null) {
            p.cardInfo = Json.write(decision.cardInfo()); // the decision came before the acceptance was recorded
        }
        charges.findOf(p.id, decision.reference()).ifPresent(c -> close(c, decision.status()));
        transitions.move(p, decision.status(), decision.status() == PaymentStatus.FAILED
                ? describe(decision.statusDesc(), "Payment failed") : null);
        return Applied.CHANGED;
    }

    /** A charge the payment no longer waits for: money it took is surplus; anything else about it changes nothing. */
    private Applied applyToSuperseded(PaymentEntity p, PaymentChargeEntity charge, ProviderDecision decision) {
        if (decision.status() != PaymentStatus.CAPTURED) {
            return Applied.SUPERSEDED;
        }
        surpluses.record(p, charge.reference, charge.method, charge.state == PaymentChargeEntity.State.CANCELLED
                ? "it was cancelled when another method was chosen" : "it was no longer the payment's charge");
        return Applied.SURPLUS;
    }

    private static void close(PaymentChargeEntity charge, PaymentStatus outcome) {
        charge.state = switch (outcome) {
            case CAPTURED -> PaymentChargeEntity.State.PAID;
            case EXPIRED -> PaymentChargeEntity.State.EXPIRED;
            case CANCELLED -> PaymentChargeEntity.State.CANCELLED;
            default -> PaymentChargeEntity.State.FAILED;
        };
        charge.updatedAt = java.time.Instant.now();
    }

    /** The channel that took charge {@code reference}: the payment's, or the superseded charge's own. */
    private String channelOf(PaymentEntity p, String reference) {
        if (reference != null && reference.equals(p.providerReference)) {
            return p.channel;
        }
        return charges.findOf(p.id, reference).map(c -> c.channel).orElse(p.channel);
    }

    private static String describe(String statusDesc, String fallback) {
        if (statusDesc == null || statusDesc.isBlank()) {
            return fallback;
        }
        return statusDesc.length() > 255 ? statusDesc.substring(0, 255) : statusDesc;
    }
}

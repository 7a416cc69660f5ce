package io.paygate.payment.credential;

import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.payment.GatewayTime;
import io.paygate.payment.payment.PaymentConfig;
import io.paygate.payment.payment.PaymentEntity;
import io.paygate.payment.payment.PaymentRepository;
import io.paygate.payment.payment.PaymentTransitions;
import io.paygate.payment.provider.ChargeAccepted;
import io.paygate.payment.provider.ChargeStatus;
import io.paygate.payment.provider.ProviderDecision;
import io.paygate.payment.provider.ProviderDecisions;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Optional;

/**
 * The short transactions around one charge of a binding ({@link BindingCharges}), each locking the payment row,
 * changing it and committing, so the provider call between them never holds the row:
 * <ol>
 *   <li>{@link #begin}: PENDING → PROCESSING under attempt k's own reference {@code <paymentCode>-<k>}, committed
 *   before the provider hears of it (a crash after this leaves a PROCESSING payment reconciliation asks about under
 *   that reference, never a second charge);</li>
 *   <li>the provider call;</li>
 *   <li>{@link #accepted} / {@link #refused}: its answer, when the payment still waits for that attempt.</li>
 * </ol>
 */
@ApplicationScoped
public class BindingAttempts {

    /** One attempt to charge, committed PROCESSING under {@code reference}. */
    public record Attempt(String merchantId, String paymentCode, String reference, int number, BigDecimal amount,
                          String currency, String bindingId, String channel) {
    }

    private final PaymentRepository payments;
    private final PaymentTransitions transitions;
    private final ProviderDecisions decisions;
    private final GatewayTime time;
    private final PaymentConfig config;

    BindingAttempts(PaymentRepository payments, PaymentTransitions transitions, ProviderDecisions decisions,
                    GatewayTime time, PaymentConfig config) {
        this.payments = payments;
        this.transitions = transitions;
        this.decisions = decisions;
        this.time = time;
        this.config = config;
    }

    /**
     * Opens the next attempt of a PENDING payment through {@code bindingId} on {@code channel}; empty when the payment
     * is not PENDING (an attempt is under way or it is decided): this transition is the guard against a second charge.
     */
    @Transactional
    public Optional<Attempt> begin(String paymentCode, String bindingId, String channel) {
        PaymentEntity p = payments.lockByCode(paymentCode).orElse(null);
        if (p == null || p.status != PaymentStatus.PENDING || p.hasOpenCharge()) {
            return Optional.empty();
        }
        Instant now = time.now();
        p.attempt++;
        p.method = PaymentMethod.DIRECT_DEBIT;
        p.bindingId = bindingId;
        p.channel = channel;
        p.providerReference = p.paymentCode + "-" + p.attempt;
        p.submittedAt = now;
        p.nextInquiryAt = now.plus(config.providerTimeout());
        p.otpHash = null;
        p.otpExpiresAt = null;
        transitions.move(p, PaymentStatus.PROCESSING, null);
        return Optional.of(new Attempt(p.merchantId, p.paymentCode, p.providerReference, p.attempt, p.amount,
                p.currency, bindingId, channel));
    }

    /** The provider took the attempt; a decision it made at once goes the callback's way. */
    @Transactional
    public void accepted(Attempt attempt, ChargeAccepted accepted) {
        PaymentEntity p = lockWaitingFor(attempt);
        if (p != null && accepted.decision() != null) {
            ChargeStatus d = accepted.decision();
            decisions.applyLocked(p, new ProviderDecision(attempt.reference(), attempt.paymentCode(), d.status(),
                    d.statusDesc(), d.cardInfo()));
        }
    }

    /** The provider definitely refused the attempt: declined, the callback's way. */
    @Transactional
    public void refused(Attempt attempt, String statusDesc) {
        PaymentEntity p = lockWaitingFor(attempt);
        if (p != null) {
            decisions.applyLocked(p, new ProviderDecision(attempt.reference(), attempt.paymentCode(),
                    PaymentStatus.FAILED, statusDesc, null));
        }
    }

    private PaymentEntity lockWaitingFor(Attempt attempt) {
        return payments.lockByCode(attempt.paymentCode())
                .filter(p -> p.status == PaymentStatus.PROCESSING && attempt.reference().equals(p.providerReference))
                .orElse(null);
    }
}

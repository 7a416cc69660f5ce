package io.paygate.payment.checkout;

import io.paygate.kit.error.ApiException;
import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.model.ids.RandomIds;
import io.paygate.model.json.Json;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.payment.CardStorable;
import io.paygate.payment.payment.ExpiryService;
import io.paygate.payment.payment.GatewayTime;
import io.paygate.payment.payment.PaymentCodes;
import io.paygate.payment.payment.PaymentConfig;
import io.paygate.payment.payment.PaymentEntity;
import io.paygate.payment.payment.PaymentRepository;
import io.paygate.payment.payment.PaymentTransitions;
import io.paygate.payment.provider.ChargeAccepted;
import io.paygate.payment.provider.ChargeStatus;
import io.paygate.payment.provider.OpenCharges;
import io.paygate.payment.provider.ProviderCardToken;
import io.paygate.payment.provider.ProviderDecision;
import io.paygate.payment.provider.ProviderDecisions;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.transaction.Transactional;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Optional;

/**
 * The short transactions around a provider call ({@link CheckoutService}): each locks the payment row, changes it and
 * commits before the provider is called or after it answered, so the call itself never holds the row.
 *
 * <ol>
 *   <li>{@link #submit}: PENDING → PROCESSING with the charge's reference, the channel and when reconciliation is
 *   due. This transition is the guard against a double submit: only one caller gets a {@link Submission}.</li>
 *   <li>the provider call (outside any transaction)</li>
 *   <li>{@link #accepted} / {@link #refused}: the answer, when the payment is still PROCESSING with that charge (a
 *   callback may have decided it already: then nothing changes).</li>
 * </ol>
 */
@ApplicationScoped
public class PaymentSubmissions {

    private final PaymentRepository payments;
    private final PaymentTransitions transitions;
    private final ProviderDecisions decisions;
    private final ExpiryService expiry;
    private final GatewayTime time;
    private final PaymentConfig config;
    private final Event<CardStorable> storable;

    PaymentSubmissions(PaymentRepository payments, PaymentTransitions transitions, ProviderDecisions decisions,
                       ExpiryService expiry, GatewayTime time, PaymentConfig config, Event<CardStorable> storable) {
        this.storable = storable;
        this.payments = payments;
        this.transitions = transitions;
        this.decisions = decisions;
        this.expiry = expiry;
        this.time = time;
        this.config = config;
    }

    /**
     * A charge to submit: the payment moved to PROCESSING under {@code reference}; {@code store}: the provider is to
     * keep the card (the customer saves it, docs/contract.md §1b).
     */
    public record Submission(String merchantId, String paymentCode, String reference, BigDecimal amount,
                             String currency, boolean store) {
    }

    /** The expiry of a card the customer asked to save (the only card data kept with it, docs/contract.md §1b). */
    public record CardToSave(int expiryMonth, int expiryYear) {
    }

    /**
     * Moves a payable payment to PROCESSING for {@code channel}; empty when it is not PENDING (already submitted,
     * final, or expired just now).
     *
     * @throws OpenCharges.AnotherCharge when a method's charge is open: it must be cancelled at its provider first
     */
    @Transactional
    public Optional<Submission> submit(String paymentCode, PaymentMethod method, String cardMask, String channel) {
        return submit(paymentCode, method, cardMask, channel, null, null);
    }

    /**
     * As {@link #submit(String, PaymentMethod, String, String)}, saving the card when the merchant offered it
     * ({@code card.storedOnFile}, or a subscription's first payment) and the customer kept "save this card"
     * ({@code save} not null), and recording the binding a direct debit charges ({@code bindingId}, else null).
     */
    @Transactional
    public Optional<Submission> submit(String paymentCode, PaymentMethod method, String cardMask, String channel,
                                       CardToSave save, String bindingId) {
        if (!PaymentCodes.isWellFormed(paymentCode)) {
            throw ApiException.notFound();
        }
        PaymentEntity p = payments.lockByCode(paymentCode).orElseThrow(ApiException::notFound);
        expiry.expireIfDue(p);
        if (p.status != PaymentStatus.PENDING) {
            return Optional.empty();
        }
        if (p.providerReference != null) {
            throw new OpenCharges.AnotherCharge(new OpenCharges.Current(p.paymentCode, p.merchantId,
                    p.providerReference, p.method, p.channel));
        }
        Instant now = time.now();
        p.method = method;
        p.cardMask = cardMask;
        p.bindingId = bindingId;
        p.channel = channel;
        p.providerReference = RandomIds.next("CHG", 24);
        p.submittedAt = now;
        p.nextInquiryAt = now.plus(config.providerTimeout());
        p.saveCard = save != null && p.storeOffered && p.customerId != null;
        p.cardExpiry = p.saveCard ? "%02d/%04d".formatted(save.expiryMonth(), save.expiryYear()) : null;
        transitions.move(p, PaymentStatus.PROCESSING, null);
        return Optional.of(new Submission(p.merchantId, p.paymentCode, p.providerReference, p.amount, p.currency,
                p.saveCard));
    }

    /**
     * Records the provider's acceptance: card.info, whether 3-D Secure waits (and on which provider page), or the
     * decision the provider made at once, through the same path as its callback.
     */
    @Transactional
    public void accepted(Submission submission, ChargeAccepted accepted) {
        if (accepted.storedCard() != null) {
            keepToken(submission, accepted.storedCard());
        }
        PaymentEntity p = lockStillProcessing(submission.paymentCode(), submission.reference());
        if (p == null) {
            return;
        }
        if (accepted.cardInfo() != null && p.cardInfo == null) {
            p.cardInfo = Json.write(accepted.cardInfo());
        }
        if (accepted.decision() != null) {
            ChargeStatus d = accepted.decision();
            decisions.applyLocked(p, new ProviderDecision(submission.reference(), submission.paymentCode(),
                    d.status(), d.statusDesc(), d.cardInfo()));
            return;
        }
        p.awaitingOtp = accepted.challengeRequired();
        p.challengeUrl = accepted.challengeRequired() ? accepted.challengeUrl() : null;
    }

    /** The provider definitely refused the charge: FAILED, through the same path as its callback. */
    @Transactional
    public void refused(Submission submission, String statusDesc) {
        PaymentEntity p = lockStillProcessing(submission.paymentCode(), submission.reference());
        if (p != null) {
            decisions.applyLocked(p, new ProviderDecision(submission.reference(), submission.paymentCode(),
                    PaymentStatus.FAILED, statusDesc, null));
        }
    }

    /** The provider took the 3-D Secure answer: the page stops asking for it. */
    @Transactional
    public void challengeAnswered(String paymentCode, String reference) {
        PaymentEntity p = lockStillProcessing(paymentCode, reference);
        if (p != null) {
            p.awaitingOtp = false;
        }
    }

    /**
     * The provider's token of a card the customer saves waits on the payment until the capture stores it; when the
     * decision came first (the payment is captured already), it is stored now.
     */
    private void keepToken(Submission submission, ProviderCardToken token) {
        payments.lockByCode(submission.paymentCode())
                .filter(p -> p.saveCard && p.cardToken == null && submission.reference().equals(p.providerReference))
                .ifPresent(p -> {
                    p.cardToken = token.token();
                    p.cardFingerprint = token.fingerprint();
                    if (p.status.isPaid()) {
                        storable.fire(new CardStorable(p));
                    }
                });
    }

    private PaymentEntity lockStillProcessing(String paymentCode, String reference) {
        return payments.lockByCode(paymentCode)
                .filter(p -> p.status == PaymentStatus.PROCESSING && reference.equals(p.providerReference))
                .orElse(null);
    }
}

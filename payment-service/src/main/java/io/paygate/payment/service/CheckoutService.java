package io.paygate.payment.service;

import io.paygate.kit.error.ApiException;
import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.model.json.Json;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.config.GatewayTime;
import io.paygate.payment.provider.CardCharge;
import io.paygate.payment.provider.CardDetails;
import io.paygate.payment.provider.ChargeAccepted;
import io.paygate.payment.provider.DirectDebitCharge;
import io.paygate.payment.provider.PaymentChannel;
import io.paygate.payment.repository.PaymentEntity;
import io.paygate.payment.repository.PaymentRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import java.util.List;
import java.util.Optional;

/**
 * What the customer does on the hosted page (CONTRACT §2): look at the payment, pay by card or direct debit, pass
 * 3-D Secure. A submission only charges a PENDING, unexpired payment, exactly once (the row is locked); anything
 * else leaves the payment as it is and the page shows its state.
 */
@ApplicationScoped
public class CheckoutService {

    private final PaymentRepository payments;
    private final PaymentTransitions transitions;
    private final ExpiryService expiry;
    private final PaymentChannel channel;
    private final BindingDirectory bindings;
    private final GatewayTime time;

    CheckoutService(PaymentRepository payments, PaymentTransitions transitions, ExpiryService expiry,
                    PaymentChannel channel, BindingDirectory bindings, GatewayTime time) {
        this.payments = payments;
        this.transitions = transitions;
        this.expiry = expiry;
        this.channel = channel;
        this.bindings = bindings;
        this.time = time;
    }

    /** The payment behind a hosted page link; one past its expiry is expired first. Empty when unknown. */
    public Optional<Checkout> find(String paymentCode) {
        if (!PaymentCodes.isWellFormed(paymentCode)) {
            return Optional.empty();
        }
        Optional<PaymentEntity> found = payments.findByCode(paymentCode);
        if (found.isPresent() && found.get().status == PaymentStatus.PENDING
                && found.get().isPastExpiry(time.now())) {
            expiry.expireIfDue(paymentCode);
            found = payments.findByCode(paymentCode);
        }
        return found.map(Checkout::of);
    }

    /** The customer's ACTIVE direct-debit bindings for this payment (none without a customer.id). */
    public List<BindingDirectory.ActiveBinding> bindingsFor(Checkout checkout) {
        if (checkout.customerId() == null) {
            return List.of();
        }
        return bindings.activeBindings(checkout.merchantId(), checkout.customerId());
    }

    /** Charges the card (already checked by {@link CardValidator}) when the payment is payable. */
    @Transactional
    public Checkout payByCard(String paymentCode, CardDetails card) {
        PaymentEntity p = lockPayable(paymentCode);
        if (p.status != PaymentStatus.PENDING) {
            return Checkout.of(p);
        }
        p.method = PaymentMethod.CARD;
        p.cardMask = card.mask();
        p.channel = channel.name();
        transitions.move(p, PaymentStatus.PROCESSING, null);
        ChargeAccepted accepted = channel.chargeCard(new CardCharge(p.paymentCode, p.amount, p.currency, card));
        p.providerReference = accepted.reference();
        p.cardInfo = accepted.cardInfo() == null ? null : Json.write(accepted.cardInfo());
        p.awaitingOtp = accepted.challengeRequired();
        return Checkout.of(p);
    }

    /** Debits through one of the customer's ACTIVE bindings when the payment is payable. */
    @Transactional
    public Checkout payByDirectDebit(String paymentCode, String bindingId) {
        PaymentEntity p = lockPayable(paymentCode);
        if (p.status != PaymentStatus.PENDING) {
            return Checkout.of(p);
        }
        boolean active = bindingId != null && bindingsFor(Checkout.of(p)).stream()
                .anyMatch(b -> b.bindingId().equals(bindingId));
        if (!active) {
            throw new CheckoutRefused("bindingId", "This direct debit account is not available. Choose another method.");
        }
        p.method = PaymentMethod.DIRECT_DEBIT;
        p.channel = channel.name();
        transitions.move(p, PaymentStatus.PROCESSING, null);
        ChargeAccepted accepted = channel.chargeDirectDebit(
                new DirectDebitCharge(p.paymentCode, p.amount, p.currency, bindingId));
        p.providerReference = accepted.reference();
        return Checkout.of(p);
    }

    /** Answers the 3-D Secure challenge; the provider decides and calls back. */
    @Transactional
    public Checkout answerChallenge(String paymentCode, String otp) {
        PaymentEntity p = payments.lockByCode(paymentCode).orElseThrow(ApiException::notFound);
        if (p.status != PaymentStatus.PROCESSING || !p.awaitingOtp) {
            return Checkout.of(p);
        }
        if (otp == null || !otp.strip().matches("[0-9]{4,8}")) {
            throw new CheckoutRefused("otp", "Enter the code from your bank: 4 to 8 digits.");
        }
        if (channel.completeChallenge(p.providerReference, otp.strip())) {
            p.awaitingOtp = false;
        }
        return Checkout.of(p);
    }

    /** The payment locked; expired first when it is PENDING past its expiry. */
    private PaymentEntity lockPayable(String paymentCode) {
        if (!PaymentCodes.isWellFormed(paymentCode)) {
            throw ApiException.notFound();
        }
        PaymentEntity p = payments.lockByCode(paymentCode).orElseThrow(ApiException::notFound);
        expiry.expireIfDue(p);
        return p;
    }
}

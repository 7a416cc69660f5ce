package io.paygate.payment.checkout;

import io.paygate.kit.auth.Merchant;
import io.paygate.kit.auth.Merchants;
import io.paygate.kit.error.ApiException;
import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.checkout.PaymentSubmissions.Submission;
import io.paygate.payment.initiation.InitiationService;
import io.paygate.payment.payment.ExpiryService;
import io.paygate.payment.payment.GatewayTime;
import io.paygate.payment.payment.PaymentChargeEntity;
import io.paygate.payment.payment.PaymentChargeRepository;
import io.paygate.payment.payment.PaymentCodes;
import io.paygate.payment.payment.PaymentEntity;
import io.paygate.payment.payment.PaymentRepository;
import io.paygate.payment.provider.CardCharge;
import io.paygate.payment.provider.CardDetails;
import io.paygate.payment.provider.ChargeAccepted;
import io.paygate.payment.provider.ChargeRefused;
import io.paygate.payment.provider.DirectDebitCharge;
import io.paygate.payment.provider.MethodCatalog;
import io.paygate.payment.provider.MethodCheckout;
import io.paygate.payment.provider.OpenCharges;
import io.paygate.payment.provider.PaymentChannel;
import io.paygate.payment.provider.PaymentChannels;
import io.paygate.payment.provider.ProviderUnavailable;
import io.paygate.payment.provider.Reconciliation;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * What the customer does on the hosted page (docs/contract.md §2): look at the payment, pay by card or direct debit, pass
 * 3-D Secure; none of it for a suspended merchant (§10, {@link ShopSuspended}). A submission only charges a PENDING,
 * unexpired payment, exactly once: {@link PaymentSubmissions#submit} moves it to PROCESSING under the row lock and
 * commits, then the provider is called outside any transaction, then its answer is recorded in a new one. A provider
 * call that fails without a definite refusal leaves the payment PROCESSING; reconciliation asks the provider later
 * ({@link Reconciliation}).
 */
@ApplicationScoped
public class CheckoutService {

    private static final Logger LOG = Logger.getLogger(CheckoutService.class);

    private final PaymentRepository payments;
    private final PaymentSubmissions submissions;
    private final ExpiryService expiry;
    private final PaymentChannels channels;
    private final BindingDirectory bindings;
    private final InitiationService initiation;
    private final GatewayTime time;
    private final MethodCatalog catalog;
    private final MethodCheckout methods;
    private final PaymentChargeRepository charges;
    private final Merchants merchants;

    CheckoutService(PaymentRepository payments, PaymentSubmissions submissions, ExpiryService expiry,
                    PaymentChannels channels, BindingDirectory bindings, InitiationService initiation,
                    GatewayTime time, MethodCatalog catalog, MethodCheckout methods, PaymentChargeRepository charges,
                    Merchants merchants) {
        this.charges = charges;
        this.merchants = merchants;
        this.catalog = catalog;
        this.methods = methods;
        this.payments = payments;
        this.submissions = submissions;
        this.expiry = expiry;
        this.channels = channels;
        this.bindings = bindings;
        this.initiation = initiation;
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
        return found.map(this::checkoutOf);
    }

    /**
     * The payment a form of its page posts to, its merchant active.
     *
     * @throws ApiException  {@code 404} for an unknown payment
     * @throws ShopSuspended its merchant is suspended (docs/contract.md §10): nothing of the form is read or changed
     */
    public Checkout formOf(String paymentCode) {
        Checkout c = find(paymentCode).orElseThrow(ApiException::notFound);
        if (merchants.find(c.merchantId()).map(Merchant::suspended).orElse(false)) {
            throw new ShopSuspended(c.merchantId());
        }
        return c;
    }

    private Checkout checkoutOf(PaymentEntity p) {
        PaymentChargeEntity charge = p.providerReference != null && p.method != null && p.method.kind().opensCharge()
                ? charges.findOf(p.id, p.providerReference).orElse(null) : null;
        return Checkout.of(p, charge);
    }

    /**
     * The customer's ACTIVE direct-debit bindings for this payment (none without a customer.id, and none when the
     * merchant's channel takes no direct debits: the bindings are the sandbox bank's).
     */
    public List<BindingDirectory.ActiveBinding> bindingsFor(Checkout checkout) {
        if (checkout.customerId() == null || !channels.forMerchant(checkout.merchantId()).takesDirectDebit()
                || !allows(checkout, PaymentMethod.DIRECT_DEBIT)) {
            return List.of();
        }
        return bindings.activeBindings(checkout.merchantId(), checkout.customerId());
    }

    /**
     * The customer chose a method on the page ({@code POST /pg/pay/{code}/method}): one that opens a charge is opened
     * now (a current charge of another method cancelled first); card and direct debit only close a current charge,
     * their forms charge later.
     *
     * @throws CheckoutRefused the method is not offered, or the provider refused or did not answer (try again)
     */
    public Checkout chooseMethod(String paymentCode, PaymentMethod method) {
        Checkout before = formOf(paymentCode);
        if (!before.payable(time.now())) {
            return before;
        }
        if (method == null || !allows(before, method)
                || (method == PaymentMethod.DIRECT_DEBIT && bindingsFor(before).isEmpty())) {
            throw new CheckoutRefused("type", Refusal.METHOD_UNAVAILABLE);
        }
        if (method.needsAccount() && before.accountId() == null) {
            throw new CheckoutRefused("type", Refusal.METHOD_NEEDS_ACCOUNT);
        }
        try {
            if (method.kind().opensCharge()) {
                methods.open(paymentCode, before.merchantId(), method, false);
            } else {
                closeCurrent(paymentCode);
            }
        } catch (ProviderUnavailable e) {
            throw new CheckoutRefused("type", e.refused()
                    ? Refusal.METHOD_REFUSED_BY_PROVIDER : Refusal.PROVIDER_DID_NOT_ANSWER);
        }
        return current(paymentCode);
    }

    /**
     * Whether {@code checkout} may be paid with {@code method}: its merchant's offer (its channel's methods, narrowed
     * to the merchant's own, docs/contract.md §10), and of those what the payment allows (a subscription's first
     * payment).
     */
    private boolean allows(Checkout checkout, PaymentMethod method) {
        return checkout.allowed(catalog.offered(checkout.merchantId())).contains(method);
    }

    /** Cancels a method's open charge at its provider, if the payment has one (before a form charges the payment). */
    private void closeCurrent(String paymentCode) {
        for (int attempt = 0; attempt < 3; attempt++) {
            Optional<OpenCharges.Current> current = openChargeOf(paymentCode);
            if (current.isEmpty() || !methods.closeCurrent(current.get())) {
                return;
            }
        }
    }

    private Optional<OpenCharges.Current> openChargeOf(String paymentCode) {
        return payments.findByCode(paymentCode).filter(PaymentEntity::hasOpenCharge)
                .map(p -> new OpenCharges.Current(p.paymentCode, p.merchantId, p.providerReference, p.method,
                        p.channel));
    }

    /** Charges the card (already checked by {@link CardValidator}) when the payment is payable. */
    public Checkout payByCard(String paymentCode, CardDetails card) {
        return payByCard(paymentCode, card, false);
    }

    /**
     * Charges the card when the payment is payable; {@code save}: the customer kept "save this card" ticked, so the
     * provider keeps it and the capture stores it when the merchant offered it (docs/contract.md §1b).
     *
     * @throws CheckoutRefused the merchant may not take cards; nothing charged
     */
    public Checkout payByCard(String paymentCode, CardDetails card, boolean save) {
        Checkout before = formOf(paymentCode);
        if (before.status() == PaymentStatus.PENDING && !allows(before, PaymentMethod.CARD)) {
            throw new CheckoutRefused("cardNumber", Refusal.METHOD_UNAVAILABLE);
        }
        PaymentChannel channel = channels.forMerchant(before.merchantId());
        // a subscription's first card is always kept: its cycles are charged to it (docs/contract.md §1b)
        boolean keep = save || before.subscription();
        Optional<Submission> submitted = submit(paymentCode, PaymentMethod.CARD, card.mask(), channel.name(),
                keep ? new PaymentSubmissions.CardToSave(card.expiryMonth(), card.expiryYear()) : null, null);
        submitted.ifPresent(s -> call(channel, s, () -> channel.chargeCard(new CardCharge(s.merchantId(),
                s.reference(), s.paymentCode(), s.amount(), s.currency(), card,
                initiation.redirectUrl(s.paymentCode()) + "/3ds-return", s.store()))));
        return current(paymentCode);
    }

    /**
     * Debits through one of the customer's ACTIVE bindings when the payment is payable.
     *
     * @throws CheckoutRefused the merchant may not take direct debits, or the binding is not one of the customer's
     *                         ACTIVE ones; nothing charged
     */
    public Checkout payByDirectDebit(String paymentCode, String bindingId) {
        Checkout before = formOf(paymentCode);
        if (before.status() != PaymentStatus.PENDING) {
            return before;
        }
        PaymentChannel channel = channels.forMerchant(before.merchantId());
        if (!channel.takesDirectDebit()) {
            throw new CheckoutRefused("bindingId", Refusal.DIRECT_DEBIT_UNAVAILABLE);
        }
        if (!allows(before, PaymentMethod.DIRECT_DEBIT)) {
            throw new CheckoutRefused("bindingId", Refusal.METHOD_UNAVAILABLE); // not among the merchant's methods
        }
        // binding-service is asked before the payment is locked: no remote call holds the row
        boolean active = bindingId != null && bindingsFor(before).stream()
                .anyMatch(b -> b.bindingId().equals(bindingId));
        if (!active) {
            throw new CheckoutRefused("bindingId", Refusal.BINDING_UNAVAILABLE);
        }
        Optional<Submission> submitted = submit(paymentCode, PaymentMethod.DIRECT_DEBIT, null, channel.name(), null,
                bindingId);
        submitted.ifPresent(s -> call(channel, s, () -> channel.chargeDirectDebit(new DirectDebitCharge(
                s.merchantId(), s.reference(), s.paymentCode(), s.amount(), s.currency(), bindingId))));
        return current(paymentCode);
    }

    /** Answers the 3-D Secure challenge; the provider decides and calls back. */
    public Checkout answerChallenge(String paymentCode, String otp) {
        Checkout c = formOf(paymentCode);
        if (c.status() != PaymentStatus.PROCESSING || !c.awaitingOtp() || c.challengeUrl() != null) {
            return c; // nothing to answer here (a provider's own 3-D Secure page takes its answer itself)
        }
        if (otp == null || !otp.strip().matches("[0-9]{4,8}")) {
            throw new CheckoutRefused("otp", Refusal.OTP_MALFORMED);
        }
        PaymentEntity p = payments.findByCode(paymentCode).orElseThrow();
        String reference = p.providerReference;
        try {
            PaymentChannel channel = channels.byName(p.channel).orElseThrow();
            if (channel.completeChallenge(reference, otp.strip())) {
                submissions.challengeAnswered(paymentCode, reference);
            }
        } catch (RuntimeException e) {
            LOG.warnf("payment %s: the provider did not take the 3-D Secure answer (%s); the page asks again",
                    paymentCode, e.getClass().getSimpleName());
        }
        return current(paymentCode);
    }

    /** The payment's page at the configured public address ({@code gateway.payment.public-base-url}). */
    public String pageUrl(String paymentCode) {
        return initiation.redirectUrl(paymentCode);
    }

    /** Submits the payment, cancelling a method's open charge at its provider first. */
    private Optional<Submission> submit(String paymentCode, PaymentMethod method, String cardMask, String channel,
                                        PaymentSubmissions.CardToSave save, String bindingId) {
        for (int attempt = 0; ; attempt++) {
            try {
                return submissions.submit(paymentCode, method, cardMask, channel, save, bindingId);
            } catch (OpenCharges.AnotherCharge another) {
                try {
                    if (attempt >= 2 || !methods.closeCurrent(another.current())) {
                        return Optional.empty(); // the open charge had been paid: nothing to charge
                    }
                } catch (ProviderUnavailable e) {
                    throw new CheckoutRefused("cardNumber", Refusal.PROVIDER_DID_NOT_ANSWER);
                }
            }
        }
    }

    /** Calls the provider for a submission and records its answer; an unknown outcome stays PROCESSING. */
    private void call(PaymentChannel channel, Submission s, Supplier<ChargeAccepted> charge) {
        ChargeAccepted accepted;
        try {
            accepted = charge.get();
        } catch (ChargeRefused refused) {
            submissions.refused(s, refused.statusDesc());
            return;
        } catch (RuntimeException e) {
            LOG.warnf("payment %s: the %s provider call for charge %s failed (%s); left PROCESSING for reconciliation",
                    s.paymentCode(), channel.name(), s.reference(), e.getClass().getSimpleName());
            return;
        }
        submissions.accepted(s, accepted);
    }

    /** The payment as committed now (a fresh transaction: this request may have read it before the change). */
    private Checkout current(String paymentCode) {
        return QuarkusTransaction.requiringNew().call(() -> payments.findByCode(paymentCode).map(this::checkoutOf))
                .orElseThrow(ApiException::notFound);
    }
}

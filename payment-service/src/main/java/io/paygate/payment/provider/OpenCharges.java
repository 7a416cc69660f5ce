package io.paygate.payment.provider;

import io.paygate.kit.error.ApiException;
import io.paygate.model.api.payment.MethodKind;
import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.model.ids.RandomIds;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.payment.ExpiryService;
import io.paygate.payment.payment.GatewayTime;
import io.paygate.payment.payment.PaymentChargeEntity;
import io.paygate.model.api.Customer;
import io.paygate.payment.payment.PaymentChargeRepository;
import io.paygate.payment.payment.PaymentConfig;
import io.paygate.payment.payment.PaymentEntity;
import io.paygate.payment.payment.PaymentMapper;
import io.paygate.payment.payment.PaymentRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import org.jboss.logging.Logger;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Optional;

/**
 * The short transactions around opening and closing a method's charge at a provider (docs/contract.md §2a), as
 * {@code checkout.PaymentSubmissions} does for cards: each locks the payment row, changes it and commits before the
 * provider is called or after it answered, so no provider call holds the row.
 *
 * <ol>
 *   <li>{@link #reserve}: the payment (PENDING, no other charge current) gets a new charge reference, recorded
 *   OPENING, so a second caller or a retry uses the same one: no second charge is ever opened for one choice.</li>
 *   <li>the provider opens it (outside any transaction)</li>
 *   <li>{@link #opened}: what to pay with, and the payment's expiry moves to the charge's.</li>
 * </ol>
 * Closing mirrors it: the provider cancels outside a transaction, then {@link #cancelled} or {@link #paidInstead}.
 */
@ApplicationScoped
public class OpenCharges {

    private static final Logger LOG = Logger.getLogger(OpenCharges.class);

    private final PaymentRepository payments;
    private final PaymentChargeRepository charges;
    private final ProviderDecisions decisions;
    private final ExpiryService expiry;
    private final MethodCatalog catalog;
    private final GatewayTime time;
    private final PaymentConfig config;

    OpenCharges(PaymentRepository payments, PaymentChargeRepository charges, ProviderDecisions decisions,
                ExpiryService expiry, MethodCatalog catalog, GatewayTime time, PaymentConfig config) {
        this.payments = payments;
        this.charges = charges;
        this.decisions = decisions;
        this.expiry = expiry;
        this.catalog = catalog;
        this.time = time;
        this.config = config;
    }

    /** A charge to open (or being opened): its reference, method and channel, and whether it is open already. */
    public record Reserved(String paymentCode, String merchantId, String reference, PaymentMethod method,
                           String channel, Instant expiresAt, boolean alreadyOpen, boolean preselected,
                           BigDecimal amount, String currency, String accountId, ChargeOpening.Payer payer,
                           String number) {

        /** What the provider is asked to open. */
        public ChargeOpening opening(String merchantName) {
            return new ChargeOpening(merchantId, reference, paymentCode, method, amount, currency, expiresAt, accountId,
                    payer, merchantName, number);
        }
    }

    /** The current charge of a payment that must be cancelled before another method can be chosen. */
    public record Current(String paymentCode, String merchantId, String reference, PaymentMethod method,
                          String channel) {
    }

    /**
     * Reserves a charge of {@code method} for a PENDING payment: the current one when it is of that method (open or
     * still opening), else a new reference recorded OPENING.
     *
     * @return empty when the payment is no longer PENDING (paid, expired, cancelled meanwhile)
     * @throws AnotherCharge when a charge of another method is current: cancel it first
     */
    @Transactional
    public Optional<Reserved> reserve(String paymentCode, PaymentMethod method, String channel, boolean preselected) {
        PaymentEntity p = payments.lockByCode(paymentCode).orElseThrow(ApiException::notFound);
        expiry.expireIfDue(p);
        if (p.status != PaymentStatus.PENDING) {
            return Optional.empty();
        }
        if (p.providerReference != null) {
            PaymentChargeEntity current = charges.findOf(p.id, p.providerReference).orElse(null);
            if (current != null && current.method == method) {
                return Optional.of(reserved(p, current, current.state == PaymentChargeEntity.State.OPEN));
            }
            throw new AnotherCharge(new Current(p.paymentCode, p.merchantId, p.providerReference, p.method,
                    p.channel));
        }
        Instant now = time.now();
        PaymentChargeEntity c = new PaymentChargeEntity();
        c.reference = RandomIds.next("CHG", 24);
        c.paymentId = p.id;
        c.channel = channel;
        c.method = method;
        c.state = PaymentChargeEntity.State.OPENING;
        c.preselected = preselected;
        c.expiresAt = catalog.chargeExpiry(method, now, p.linkExpiresAt);
        c.createdAt = now;
        c.updatedAt = now;
        charges.persist(c);
        p.providerReference = c.reference;
        p.method = method;
        p.channel = channel;
        p.payCode = null;
        p.cardMask = null;
        p.cardInfo = null;
        // if the provider's answer is lost, reconciliation asks about the charge after the provider timeout
        p.nextInquiryAt = earliest(now.plus(config.providerTimeout()), c.expiresAt);
        p.updatedAt = now;
        return Optional.of(reserved(p, c, false));
    }

    private static Reserved reserved(PaymentEntity p, PaymentChargeEntity c, boolean open) {
        Customer customer = PaymentMapper.customer(p);
        return new Reserved(p.paymentCode, p.merchantId, c.reference, c.method, c.channel, c.expiresAt, open,
                c.preselected, p.amount, p.currency, p.accountId, new ChargeOpening.Payer(customer.firstName(), customer.lastName(),
                customer.email(), customer.mobilePhone()), chosenNumber(p, c.method));
    }

    /** The number a SNAP virtual account is opened under (its {@code virtualAccountNo} without spaces), or null. */
    private static String chosenNumber(PaymentEntity p, PaymentMethod method) {
        return p.snapVirtualAccountNo == null || method.kind() != MethodKind.VIRTUAL_ACCOUNT ? null
                : p.snapVirtualAccountNo.replace(" ", "");
    }

    /**
     * Reserves the initiation's preselected charge: the one reserved before (a repeat, or a concurrent twin) while it
     * is still OPENING and current; empty when it was opened already or the payment moved on; a new one only when
     * none was reserved yet.
     */
    @Transactional
    public Optional<Reserved> reservePreselected(String paymentCode, PaymentMethod method, String channel) {
        PaymentEntity p = payments.lockByCode(paymentCode).orElseThrow(ApiException::notFound);
        Optional<PaymentChargeEntity> before = charges.preselectedOf(p.id);
        if (before.isPresent()) {
            PaymentChargeEntity c = before.get();
            boolean retry = c.state == PaymentChargeEntity.State.OPENING && c.reference.equals(p.providerReference)
                    && p.status == PaymentStatus.PENDING;
            return retry ? Optional.of(reserved(p, c, false)) : Optional.empty();
        }
        return reserve(paymentCode, method, channel, true);
    }

    /** Records what the provider opened, when the charge is still the payment's current one. */
    @Transactional
    public void opened(String paymentCode, String reference, OpenedCharge opened) {
        PaymentEntity p = payments.lockByCode(paymentCode).orElseThrow(ApiException::notFound);
        PaymentChargeEntity c = charges.findOf(p.id, reference).orElseThrow(ApiException::notFound);
        if (c.state != PaymentChargeEntity.State.OPENING) {
            return; // recorded by a concurrent twin, or decided meanwhile
        }
        Instant now = time.now();
        c.state = PaymentChargeEntity.State.OPEN;
        c.payCode = opened.payCode();
        c.billerCode = opened.billerCode();
        c.qrString = opened.qrString();
        c.appUrl = opened.appUrl();
        c.providerQrUrl = opened.providerQrUrl();
        if (opened.expiresAt() != null && opened.expiresAt().isBefore(c.expiresAt)) {
            c.expiresAt = opened.expiresAt();
        }
        c.updatedAt = now;
        if (reference.equals(p.providerReference) && p.status == PaymentStatus.PENDING) {
            p.payCode = c.payCode;
            p.expiresAt = c.expiresAt;
            p.nextInquiryAt = earliest(now.plus(config.providerTimeout()), c.expiresAt);
            p.updatedAt = now;
            LOG.infof("payment %s (merchant %s, order %s): %s charge %s open until %s", p.paymentCode, p.merchantId,
                    p.orderId, c.method, c.reference, c.expiresAt);
        }
    }

    /** The provider refused to open the charge: the payment has no current charge again. */
    @Transactional
    public void refused(String paymentCode, String reference, String why) {
        PaymentEntity p = payments.lockByCode(paymentCode).orElseThrow(ApiException::notFound);
        charges.findOf(p.id, reference).filter(c -> c.state == PaymentChargeEntity.State.OPENING).ifPresent(c -> {
            c.state = PaymentChargeEntity.State.FAILED;
            c.updatedAt = time.now();
            if (reference.equals(p.providerReference)) {
                clearCurrent(p);
            }
            LOG.infof("payment %s: the provider refused to open %s charge %s (%s)", paymentCode, c.method, reference,
                    why);
        });
    }

    /** The provider cancelled charge {@code reference} (or never had it): the payment has no current charge. */
    @Transactional
    public void cancelled(String paymentCode, String reference) {
        PaymentEntity p = payments.lockByCode(paymentCode).orElseThrow(ApiException::notFound);
        charges.findOf(p.id, reference).ifPresent(c -> {
            if (c.state == PaymentChargeEntity.State.OPEN || c.state == PaymentChargeEntity.State.OPENING) {
                c.state = PaymentChargeEntity.State.CANCELLED;
                c.updatedAt = time.now();
            }
        });
        if (reference.equals(p.providerReference) && p.status == PaymentStatus.PENDING) {
            clearCurrent(p);
            LOG.infof("payment %s (merchant %s, order %s): charge %s cancelled at the provider", p.paymentCode,
                    p.merchantId, p.orderId, reference);
        }
    }

    /** The provider said the charge was paid (or otherwise decided) when asked to cancel it: that decides. */
    @Transactional
    public void decidedInstead(String paymentCode, String reference, ChargeStatus status) {
        PaymentEntity p = payments.lockByCode(paymentCode).orElseThrow(ApiException::notFound);
        decisions.applyLocked(p, new ProviderDecision(reference, paymentCode, status.status(), status.statusDesc(),
                status.cardInfo()));
    }

    private void clearCurrent(PaymentEntity p) {
        p.providerReference = null;
        p.method = null;
        p.channel = null;
        p.payCode = null;
        p.nextInquiryAt = null;
        p.expiresAt = p.expiryWithoutCharge(time.now());
        p.updatedAt = time.now();
    }

    private static Instant earliest(Instant a, Instant b) {
        return a.isBefore(b) ? a : b;
    }

    /** A charge of another method is current: it must be cancelled at the provider first. */
    public static final class AnotherCharge extends RuntimeException {
        private final transient Current current;

        public AnotherCharge(Current current) {
            super("another charge is current", null, false, false);
            this.current = current;
        }

        public Current current() {
            return current;
        }
    }
}

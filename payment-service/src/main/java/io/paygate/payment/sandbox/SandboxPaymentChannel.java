package io.paygate.payment.sandbox;

import io.paygate.model.api.CardInfo;
import io.paygate.model.api.payment.MethodKind;
import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.model.ids.SecureRandoms;
import io.paygate.model.json.Json;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.payment.PaymentConfig;
import io.paygate.payment.payment.PublicUrls;
import io.paygate.payment.provider.CardCharge;
import io.paygate.payment.provider.ChargeAccepted;
import io.paygate.payment.provider.ChargeOpening;
import io.paygate.payment.provider.ChargeRefused;
import io.paygate.payment.provider.ChargeStatus;
import io.paygate.payment.provider.DirectDebitCharge;
import io.paygate.payment.provider.OpenedCharge;
import io.paygate.payment.provider.PaymentChannel;
import io.paygate.payment.provider.RefundOrder;
import io.paygate.payment.provider.RefundOutcome;
import io.paygate.payment.provider.StoredCardCharge;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.Transactional;
import jakarta.transaction.TransactionSynchronizationRegistry;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.Set;

/**
 * The sandbox payment channel provider (docs/contract.md §2): it accepts a charge, records its decision per the test-card
 * table in its own book ({@code sandbox_charge}) and tells payment-service later, over HTTP, through
 * {@link SandboxCallbackDispatcher}; it answers status inquiries from the same book. 4000 0000 0000 3220 waits for a
 * 3-D Secure OTP first. It opens every method of docs/contract.md §2a: virtual accounts, Mandiri bills, QRIS, wallets and store
 * codes, paid later through its bank app, QRIS app, wallet and cashier ({@link SandboxPayApps}). Each call is the
 * provider's own transaction, as at a real provider.
 */
@ApplicationScoped
public class SandboxPaymentChannel implements PaymentChannel {

    public static final String NAME = SANDBOX;

    /** The acquirer id the sandbox's QRIS payloads carry (tag 26). */
    static final String QRIS_ACQUIRER = "ID.PAYGATE.SANDBOX";
    private static final Set<PaymentMethod> METHODS = EnumSet.allOf(PaymentMethod.class);
    private static final Logger LOG = Logger.getLogger(SandboxPaymentChannel.class);

    private final EntityManager entityManager;
    private final SandboxChargeRepository charges;
    private final TransactionSynchronizationRegistry transactions;
    private final SandboxCallbackDispatcher dispatcher;
    private final PaymentConfig.Sandbox config;
    private final PaymentConfig.Qris qris;
    private final PublicUrls urls;
    private final SandboxVault vault;
    private final SandboxChargeControls controls;

    SandboxPaymentChannel(EntityManager entityManager, SandboxChargeRepository charges,
                          TransactionSynchronizationRegistry transactions, SandboxCallbackDispatcher dispatcher,
                          PaymentConfig config, PublicUrls urls, SandboxVault vault, SandboxChargeControls controls) {
        this.vault = vault;
        this.controls = controls;
        this.entityManager = entityManager;
        this.charges = charges;
        this.transactions = transactions;
        this.dispatcher = dispatcher;
        this.config = config.sandbox();
        this.qris = config.qris();
        this.urls = urls;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Set<PaymentMethod> methods() {
        return METHODS;
    }

    @Override
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public OpenedCharge openCharge(ChargeOpening opening) {
        SandboxChargeEntity known = entityManager.find(SandboxChargeEntity.class, opening.reference());
        if (known != null) {
            return openedOf(known); // the same charge opened again: the same number, never a second one
        }
        if (!"IDR".equals(opening.currency())) {
            throw new ChargeRefused(opening.method() + " takes rupiah only");
        }
        SandboxChargeEntity row = newCharge(opening.reference(), opening.paymentCode());
        row.state = SandboxChargeEntity.State.OPEN;
        row.merchantId = opening.merchantId();
        row.method = opening.method();
        row.amount = opening.amount();
        row.currency = opening.currency();
        row.accountId = opening.accountId();
        row.expiresAt = opening.expiresAt();
        row.payCode = opening.number() != null && opening.method().kind() == MethodKind.VIRTUAL_ACCOUNT
                ? chosenNumber(opening.number()) : newPayCode(opening.method());
        if (opening.method().hasQr()) {
            row.qrString = QrisPayload.dynamic(QRIS_ACQUIRER, "9360" + digits(15), qris.nmid(),
                    opening.merchantName(), qris.merchantCity(), opening.amount(), row.payCode);
        }
        entityManager.persist(row);
        return openedOf(row);
    }

    @Override
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public ChargeStatus cancelCharge(String merchantId, String reference) {
        SandboxChargeEntity row = entityManager.find(SandboxChargeEntity.class, reference,
                LockModeType.PESSIMISTIC_WRITE);
        if (row == null) {
            return ChargeStatus.unknown();
        }
        if (row.state == SandboxChargeEntity.State.OPEN) {
            row.state = isPast(row) ? SandboxChargeEntity.State.EXPIRED : SandboxChargeEntity.State.CANCELLED;
        }
        return statusOf(row);
    }

    /**
     * Refunds at once (docs/contract.md §3a): an amount ending in {@code .13} is refused, as is more than the charge took; the
     * same refund reference again answers what it answered before.
     */
    @Override
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public RefundOutcome refund(RefundOrder order) {
        SandboxRefundEntity known = entityManager.find(SandboxRefundEntity.class, order.refundReference());
        if (known != null) {
            return known.outcome();
        }
        SandboxChargeEntity charge = entityManager.find(SandboxChargeEntity.class, order.chargeReference(),
                LockModeType.PESSIMISTIC_WRITE);
        SandboxRefundEntity row = new SandboxRefundEntity();
        row.reference = order.refundReference();
        row.chargeReference = order.chargeReference();
        row.amount = order.amount();
        row.createdAt = Instant.now();
        if (charge == null || !PaymentStatus.CAPTURED.name().equals(charge.outcome)) {
            row.refuse("The payment provider has no captured charge to refund");
        } else if (order.amount().remainder(java.math.BigDecimal.ONE).compareTo(new java.math.BigDecimal("0.13"))
                == 0) {
            row.refuse(SandboxRefundEntity.REFUSED);
        } else if (charge.amount != null && charges.refundedOf(charge.reference).add(order.amount())
                .compareTo(charge.amount) > 0) {
            row.refuse("More than the charge took");
        } else {
            row.succeeded = true;
        }
        entityManager.persist(row);
        return row.outcome();
    }

    @Override
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public RefundOutcome inquireRefund(String merchantId, String chargeReference, String refundReference) {
        SandboxRefundEntity row = entityManager.find(SandboxRefundEntity.class, refundReference);
        return row == null || !row.chargeReference.equals(chargeReference) ? RefundOutcome.unknown() : row.outcome();
    }

    /**
     * The QA shortcut decided open charge {@code reference}: the book agrees (no callback: payment-service applied the
     * decision itself, in the caller's transaction).
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public void decideNow(String reference, PaymentStatus outcome, String statusDesc) {
        SandboxChargeEntity row = entityManager.find(SandboxChargeEntity.class, reference,
                LockModeType.PESSIMISTIC_WRITE);
        if (row != null && row.state == SandboxChargeEntity.State.OPEN) {
            row.state = SandboxChargeEntity.State.NOTIFIED;
            row.outcome = outcome.name();
            row.statusDesc = statusDesc;
            row.paidAt = outcome == PaymentStatus.CAPTURED ? Instant.now() : null;
        }
    }

    /** What the customer pays an open charge with, as the provider gives it out. */
    OpenedCharge openedOf(SandboxChargeEntity row) {
        PaymentMethod method = row.method;
        return new OpenedCharge(method.kind().paidWithCode() ? row.payCode : null,
                method == PaymentMethod.VA_MANDIRI ? SandboxPayApps.MANDIRI_BILLER_CODE : null,
                row.qrString, method.hasAppLink() ? urls.base() + "/pg/sandbox/wallet/" + row.reference : null,
                null, row.expiresAt);
    }

    @Override
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public ChargeAccepted chargeCard(CardCharge charge) {
        SandboxChargeEntity known = entityManager.find(SandboxChargeEntity.class, charge.reference());
        if (known != null) {
            return acceptanceOf(known); // the same charge submitted again: one charge, the same answer
        }
        SandboxCards.Behaviour behaviour = SandboxCards.behaviourOf(charge.card().number());
        SandboxChargeEntity row = newCharge(charge.reference(), charge.paymentCode());
        row.merchantId = charge.merchantId();
        row.amount = charge.amount();
        row.currency = charge.currency();
        row.cardInfo = behaviour.info() == null ? null : Json.write(behaviour.info());
        if (behaviour.challenge()) {
            row.state = SandboxChargeEntity.State.AWAITING_OTP;
        } else {
            decide(row, behaviour.outcome(), behaviour.statusDesc());
        }
        if (charge.store()) {
            row.cardToken = vault.keep(charge.merchantId(), charge.card().number(), row.cardInfo).token;
        }
        entityManager.persist(row);
        return acceptanceOf(row);
    }

    /**
     * A later charge of a card the sandbox keeps (docs/contract.md §1b): it behaves as its test card paid, except
     * {@code 4000 0000 0000 0341}, declined after its first payment; a merchant-initiated charge of the 3-D Secure card
     * is declined ({@code 3-D Secure required}). A token the sandbox does not keep for this merchant is refused.
     */
    @Override
    public ChargeAccepted chargeStoredCard(StoredCardCharge charge) {
        return QuarkusTransaction.requiringNew().call(() -> recordStoredCardCharge(charge)).answer();
    }

    private Answer recordStoredCardCharge(StoredCardCharge charge) {
        SandboxChargeEntity known = entityManager.find(SandboxChargeEntity.class, charge.reference());
        if (known != null) {
            return Answer.now(acceptanceOf(known));
        }
        SandboxCardEntity card = vault.find(charge.merchantId(), charge.providerToken())
                .orElseThrow(() -> new ChargeRefused("Card token not valid"));
        SandboxCards.Behaviour behaviour = SandboxCards.laterCharge(card.behaviour,
                charge.initiator() == StoredCardCharge.Initiator.CUSTOMER);
        SandboxDueControl control = charge.initiator() == StoredCardCharge.Initiator.MERCHANT
                ? controls.take(charge.merchantId(), card.token).orElse(SandboxDueControl.NONE)
                : SandboxDueControl.NONE;
        SandboxChargeEntity row = newCharge(charge.reference(), charge.paymentCode());
        row.merchantId = charge.merchantId();
        row.amount = charge.amount();
        row.currency = charge.currency();
        row.cardInfo = card.cardInfo;
        row.cardToken = card.token;
        if (control.decline()) {
            decide(row, PaymentStatus.FAILED, SandboxCards.DECLINED, control);
        } else if (behaviour.challenge()) {
            row.state = SandboxChargeEntity.State.AWAITING_OTP;
        } else {
            decide(row, behaviour.outcome(), behaviour.statusDesc(), control);
        }
        entityManager.persist(row);
        return new Answer(new ChargeAccepted(cardInfoOf(row), row.state == SandboxChargeEntity.State.AWAITING_OTP),
                control.answerDelaySeconds());
    }

    @Override
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public void forgetCard(String merchantId, String providerToken) {
        vault.forget(merchantId, providerToken);
    }

    @Override
    public ChargeAccepted chargeDirectDebit(DirectDebitCharge charge) {
        return QuarkusTransaction.requiringNew().call(() -> recordDirectDebit(charge)).answer();
    }

    private Answer recordDirectDebit(DirectDebitCharge charge) {
        SandboxChargeEntity known = entityManager.find(SandboxChargeEntity.class, charge.reference());
        if (known != null) {
            return Answer.now(acceptanceOf(known));
        }
        SandboxDueControl control = controls.take(charge.merchantId(), charge.bindingId())
                .orElse(SandboxDueControl.NONE);
        SandboxChargeEntity row = newCharge(charge.reference(), charge.paymentCode());
        row.amount = charge.amount();
        row.currency = charge.currency();
        if (control.decline() || SandboxDirectDebits.insufficientFunds(charge.amount())) {
            decide(row, PaymentStatus.FAILED, SandboxDirectDebits.INSUFFICIENT_FUNDS, control);
        } else {
            decide(row, PaymentStatus.CAPTURED, null, control);
        }
        entityManager.persist(row);
        return new Answer(new ChargeAccepted(null, false), control.answerDelaySeconds());
    }

    /**
     * What the provider answers a charge call, once the transaction that recorded its decision committed: at once, or
     * {@code delaySeconds} later (a QA control: a slow provider whose decision is already inquirable).
     */
    private record Answer(ChargeAccepted accepted, int delaySeconds) {

        static Answer now(ChargeAccepted accepted) {
            return new Answer(accepted, 0);
        }

        ChargeAccepted answer() {
            if (delaySeconds > 0) {
                LOG.infof("sandbox provider: answering the charge call %d s late (QA control)", delaySeconds);
                try {
                    Thread.sleep(Duration.ofSeconds(delaySeconds));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return accepted;
        }
    }

    @Override
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public boolean completeChallenge(String reference, String otp) {
        SandboxChargeEntity row = entityManager.find(SandboxChargeEntity.class, reference,
                LockModeType.PESSIMISTIC_WRITE);
        if (row == null || row.state != SandboxChargeEntity.State.AWAITING_OTP) {
            return false;
        }
        SandboxCards.Behaviour behaviour = SandboxCards.afterChallenge(otp);
        decide(row, behaviour.outcome(), behaviour.statusDesc());
        return true;
    }

    /**
     * From the provider's own book: decided → its decision, waiting for 3-D Secure or an open charge not paid yet →
     * pending (an open one past its expiry is expired now), cancelled or expired → so, never seen → unknown.
     */
    @Override
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public ChargeStatus inquire(String merchantId, String reference) {
        SandboxChargeEntity row = reference == null ? null
                : entityManager.find(SandboxChargeEntity.class, reference, LockModeType.PESSIMISTIC_WRITE);
        if (row == null) {
            return ChargeStatus.unknown();
        }
        if (row.state == SandboxChargeEntity.State.OPEN && isPast(row)) {
            row.state = SandboxChargeEntity.State.EXPIRED;
        }
        return statusOf(row);
    }

    private static ChargeStatus statusOf(SandboxChargeEntity row) {
        return switch (row.state) {
            case AWAITING_OTP, OPEN -> ChargeStatus.pending();
            case CANCELLED -> ChargeStatus.decided(PaymentStatus.CANCELLED, null, null);
            case EXPIRED -> ChargeStatus.decided(PaymentStatus.EXPIRED, null, null);
            case DECIDED, NOTIFIED, GAVE_UP ->
                    ChargeStatus.decided(PaymentStatus.valueOf(row.outcome), row.statusDesc, cardInfoOf(row));
        };
    }

    static boolean isPast(SandboxChargeEntity row) {
        return row.expiresAt != null && !Instant.now().isBefore(row.expiresAt);
    }

    /**
     * The number a merchant chose for its virtual account (SNAP, docs/contract.md §9): refused while an open account has
     * it; an ended one that had it gives it up (a customer's fixed number serves one bill after another).
     */
    private String chosenNumber(String number) {
        charges.findMethodCharge(number, true).filter(r -> number.equals(r.payCode)).ifPresent(earlier -> {
            if (earlier.state == SandboxChargeEntity.State.OPEN && !isPast(earlier)) {
                throw new ChargeRefused("The virtual account number " + number + " is in use");
            }
            earlier.payCode = null;
            entityManager.flush();
        });
        return number;
    }

    /** A new number or code for an open charge of {@code method}, unique in the book. */
    private String newPayCode(PaymentMethod method) {
        for (int attempt = 0; ; attempt++) {
            String code = switch (method.kind()) {
                case VIRTUAL_ACCOUNT -> SandboxPayApps.vaPrefix(method) + digits(16 - SandboxPayApps.vaPrefix(method)
                        .length());
                case BILL_PAYMENT -> digits(12);
                case CONVENIENCE_STORE -> (method == PaymentMethod.ALFAMART ? "ALF" : "IDM") + digits(12);
                default -> "SBX" + digits(20);
            };
            if (!charges.payCodeTaken(code) || attempt > 5) {
                return code;
            }
        }
    }

    private static String digits(int n) {
        StringBuilder out = new StringBuilder(n);
        for (int i = 0; i < n; i++) {
            out.append((char) ('0' + SecureRandoms.get().nextInt(10)));
        }
        return out.toString();
    }

    static CardInfo cardInfoOf(SandboxChargeEntity row) {
        return row.cardInfo == null ? null : Json.read(row.cardInfo, CardInfo.class);
    }

    private ChargeAccepted acceptanceOf(SandboxChargeEntity row) {
        ChargeAccepted accepted = new ChargeAccepted(cardInfoOf(row),
                row.state == SandboxChargeEntity.State.AWAITING_OTP);
        return row.cardToken == null ? accepted
                : vault.tokenOf(row.merchantId, row.cardToken).map(accepted::withStoredCard).orElse(accepted);
    }

    private static SandboxChargeEntity newCharge(String reference, String paymentCode) {
        SandboxChargeEntity row = new SandboxChargeEntity();
        row.reference = reference;
        row.paymentCode = paymentCode;
        row.createdAt = Instant.now();
        return row;
    }

    /** Records the decision; the callback leaves after the decision delay, once this transaction committed. */
    void decide(SandboxChargeEntity row, PaymentStatus outcome, String statusDesc) {
        decide(row, outcome, statusDesc, SandboxDueControl.NONE);
    }

    /**
     * Records the decision; with a QA control's answer delay the callback leaves that much later too (after the
     * answer, as without one), and the decision is logged: the charge's reference, payment and outcome.
     */
    private void decide(SandboxChargeEntity row, PaymentStatus outcome, String statusDesc, SandboxDueControl control) {
        Duration delay = config.decisionDelay().plusSeconds(control.answerDelaySeconds());
        if (control.any()) {
            LOG.infof("sandbox provider: charge %s of payment %s decided %s (QA control: %s, answered %d s late)",
                    row.reference, row.paymentCode, outcome, control.decline() ? "declined" : "as usual",
                    control.answerDelaySeconds());
        }
        row.state = SandboxChargeEntity.State.DECIDED;
        row.outcome = outcome.name();
        row.statusDesc = statusDesc;
        row.notifyAt = Instant.now().plus(delay);
        transactions.registerInterposedSynchronization(new Synchronization() {
            @Override
            public void beforeCompletion() {
            }

            @Override
            public void afterCompletion(int status) {
                if (status == Status.STATUS_COMMITTED) {
                    dispatcher.dispatchAfter(delay);
                }
            }
        });
    }
}

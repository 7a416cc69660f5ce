package io.paygate.payment.provider;

import io.paygate.model.api.CardInfo;
import io.paygate.model.json.Json;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.config.PaymentConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.Transactional;
import jakarta.transaction.TransactionSynchronizationRegistry;

import java.time.Instant;

/**
 * The sandbox payment channel provider (CONTRACT §2): it accepts a charge, records its decision per the test-card
 * table in its own book ({@code sandbox_charge}) and tells payment-service later, over HTTP, through
 * {@link SandboxCallbackDispatcher}; it answers status inquiries from the same book. 4000 0000 0000 3220 waits for a
 * 3-D Secure OTP first. Each call is the provider's own transaction, as at a real provider.
 */
@ApplicationScoped
public class SandboxPaymentChannel implements PaymentChannel {

    public static final String NAME = "sandbox";

    private final EntityManager entityManager;
    private final TransactionSynchronizationRegistry transactions;
    private final SandboxCallbackDispatcher dispatcher;
    private final PaymentConfig.Sandbox config;

    SandboxPaymentChannel(EntityManager entityManager, TransactionSynchronizationRegistry transactions,
                          SandboxCallbackDispatcher dispatcher, PaymentConfig config) {
        this.entityManager = entityManager;
        this.transactions = transactions;
        this.dispatcher = dispatcher;
        this.config = config.sandbox();
    }

    @Override
    public String name() {
        return NAME;
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
        row.cardInfo = behaviour.info() == null ? null : Json.write(behaviour.info());
        if (behaviour.challenge()) {
            row.state = SandboxChargeEntity.State.AWAITING_OTP;
        } else {
            decide(row, behaviour.outcome(), behaviour.statusDesc());
        }
        entityManager.persist(row);
        return new ChargeAccepted(behaviour.info(), behaviour.challenge());
    }

    @Override
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public ChargeAccepted chargeDirectDebit(DirectDebitCharge charge) {
        SandboxChargeEntity known = entityManager.find(SandboxChargeEntity.class, charge.reference());
        if (known != null) {
            return acceptanceOf(known);
        }
        SandboxChargeEntity row = newCharge(charge.reference(), charge.paymentCode());
        decide(row, PaymentStatus.CAPTURED, null);
        entityManager.persist(row);
        return new ChargeAccepted(null, false);
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

    /** From the provider's own book: decided → its decision, waiting for 3-D Secure → pending, never seen → unknown. */
    @Override
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public ChargeStatus inquire(String merchantId, String reference) {
        SandboxChargeEntity row = reference == null ? null : entityManager.find(SandboxChargeEntity.class, reference);
        if (row == null) {
            return ChargeStatus.unknown();
        }
        if (row.state == SandboxChargeEntity.State.AWAITING_OTP) {
            return ChargeStatus.pending();
        }
        return ChargeStatus.decided(PaymentStatus.valueOf(row.outcome), row.statusDesc, cardInfoOf(row));
    }

    static CardInfo cardInfoOf(SandboxChargeEntity row) {
        return row.cardInfo == null ? null : Json.read(row.cardInfo, CardInfo.class);
    }

    private static ChargeAccepted acceptanceOf(SandboxChargeEntity row) {
        return new ChargeAccepted(cardInfoOf(row), row.state == SandboxChargeEntity.State.AWAITING_OTP);
    }

    private static SandboxChargeEntity newCharge(String reference, String paymentCode) {
        SandboxChargeEntity row = new SandboxChargeEntity();
        row.reference = reference;
        row.paymentCode = paymentCode;
        row.createdAt = Instant.now();
        return row;
    }

    /** Records the decision; the callback leaves after the decision delay, once this transaction committed. */
    private void decide(SandboxChargeEntity row, PaymentStatus outcome, String statusDesc) {
        row.state = SandboxChargeEntity.State.DECIDED;
        row.outcome = outcome.name();
        row.statusDesc = statusDesc;
        row.notifyAt = Instant.now().plus(config.decisionDelay());
        transactions.registerInterposedSynchronization(new Synchronization() {
            @Override
            public void beforeCompletion() {
            }

            @Override
            public void afterCompletion(int status) {
                if (status == Status.STATUS_COMMITTED) {
                    dispatcher.dispatchAfter(config.decisionDelay());
                }
            }
        });
    }
}

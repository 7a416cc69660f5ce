package io.paygate.payment.provider;

import io.paygate.model.ids.RandomIds;
import io.paygate.payment.config.PaymentConfig;
import io.paygate.model.status.PaymentStatus;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.Transactional;
import jakarta.transaction.TransactionSynchronizationRegistry;

import java.time.Instant;

/**
 * The sandbox payment channel provider (CONTRACT §2): it accepts a charge, records its decision per the test-card
 * table in its own book ({@code sandbox_charge}) and tells payment-service later, over HTTP, through
 * {@link SandboxCallbackDispatcher}. 4000 0000 0000 3220 waits for a 3-D Secure OTP first.
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
    @Transactional(Transactional.TxType.MANDATORY)
    public ChargeAccepted chargeCard(CardCharge charge) {
        SandboxCards.Behaviour behaviour = SandboxCards.behaviourOf(charge.card().number());
        SandboxChargeEntity row = newCharge(charge.paymentCode());
        if (behaviour.challenge()) {
            row.state = SandboxChargeEntity.State.AWAITING_OTP;
        } else {
            decide(row, behaviour.outcome(), behaviour.statusDesc());
        }
        entityManager.persist(row);
        return new ChargeAccepted(row.reference, behaviour.info(), behaviour.challenge());
    }

    @Override
    @Transactional(Transactional.TxType.MANDATORY)
    public ChargeAccepted chargeDirectDebit(DirectDebitCharge charge) {
        SandboxChargeEntity row = newCharge(charge.paymentCode());
        decide(row, PaymentStatus.CAPTURED, null);
        entityManager.persist(row);
        return new ChargeAccepted(row.reference, null, false);
    }

    @Override
    @Transactional(Transactional.TxType.MANDATORY)
    public boolean completeChallenge(String reference, String otp) {
        SandboxChargeEntity row = entityManager.find(SandboxChargeEntity.class, reference,
                jakarta.persistence.LockModeType.PESSIMISTIC_WRITE);
        if (row == null || row.state != SandboxChargeEntity.State.AWAITING_OTP) {
            return false;
        }
        SandboxCards.Behaviour behaviour = SandboxCards.afterChallenge(otp);
        decide(row, behaviour.outcome(), behaviour.statusDesc());
        return true;
    }

    private SandboxChargeEntity newCharge(String paymentCode) {
        SandboxChargeEntity row = new SandboxChargeEntity();
        row.reference = RandomIds.next("SBX", 20);
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

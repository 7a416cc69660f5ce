package io.paygate.payment.payment;

import io.paygate.model.status.PaymentStatus;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.transaction.Transactional;

import java.util.List;

/**
 * PENDING → EXPIRED when the link lifetime passes (docs/contract.md §2): a job every
 * {@code gateway.payment.expiry-sweep-interval} claims due payments {@code FOR UPDATE SKIP LOCKED} (safe with any
 * number of replicas), and a payment that is touched after its expiry (page, card form, status) expires on the
 * spot, so nobody ever sees a payable link past its time. A payment with a method's open charge (a VA, a QR …) expires
 * through {@code provider.Reconciliation} instead: the provider is asked, and the charge cancelled, before it is
 * EXPIRED.
 */
@ApplicationScoped
public class ExpiryService {

    static final int BATCH = 200;

    private final PaymentRepository payments;
    private final PaymentTransitions transitions;
    private final GatewayTime time;
    private final ExpirySweeps sweeps;

    ExpiryService(PaymentRepository payments, PaymentTransitions transitions, GatewayTime time, ExpirySweeps sweeps) {
        this.payments = payments;
        this.transitions = transitions;
        this.time = time;
        this.sweeps = sweeps;
    }

    void start(@Observes StartupEvent event) {
        sweeps.schedule("payment-expiry", this::sweep);
    }

    /** Expires every due PENDING payment, in batches of {@value #BATCH}. @return how many expired */
    public int sweep() {
        return ExpirySweeps.drain(BATCH, this::sweepBatch);
    }

    private int sweepBatch() {
        List<PaymentEntity> due = payments.claimExpired(time.now(), BATCH);
        due.forEach(p -> transitions.move(p, PaymentStatus.EXPIRED, null));
        return due.size();
    }

    /**
     * Expires {@code payment} (locked by the caller) when it is PENDING past its expiry. A payment with a method's open
     * charge is left to {@code provider.Reconciliation}, which asks the provider first: the charge may have been paid.
     *
     * @return whether it did
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public boolean expireIfDue(PaymentEntity payment) {
        if (payment.status == PaymentStatus.PENDING && payment.providerReference == null
                && payment.isPastExpiry(time.now())) {
            transitions.move(payment, PaymentStatus.EXPIRED, null);
            return true;
        }
        return false;
    }

    /** Expires the payment with {@code paymentCode} when it is PENDING past its expiry, in its own transaction. */
    public void expireIfDue(String paymentCode) {
        QuarkusTransaction.requiringNew().run(() -> payments.lockByCode(paymentCode).ifPresent(this::expireIfDue));
    }
}

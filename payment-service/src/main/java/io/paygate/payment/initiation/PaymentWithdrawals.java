package io.paygate.payment.initiation;

import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.payment.PaymentChargeRepository;
import io.paygate.payment.payment.PaymentEntity;
import io.paygate.payment.payment.PaymentRepository;
import io.paygate.payment.provider.MethodCheckout;
import io.paygate.payment.provider.OpenCharges;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

/**
 * Takes back a payment an initiation inserted but could not finish, so that its failure means nothing was made
 * (docs/contract.md §9, a SNAP virtual account): its charge cancelled at the provider, then its rows deleted. Only a
 * payment nothing else has touched yet is taken back: still PENDING, never announced (PENDING is not notified), no
 * refund or surplus; one the provider may still hold open (it did not answer the cancel) or that was paid meanwhile is
 * left as it is, to reconciliation.
 */
@ApplicationScoped
public class PaymentWithdrawals {

    private static final Logger LOG = Logger.getLogger(PaymentWithdrawals.class);

    private final PaymentRepository payments;
    private final PaymentChargeRepository charges;
    private final MethodCheckout methods;

    PaymentWithdrawals(PaymentRepository payments, PaymentChargeRepository charges, MethodCheckout methods) {
        this.payments = payments;
        this.charges = charges;
        this.methods = methods;
    }

    /** Withdraws payment {@code paymentCode}; whether nothing of it is left. Never throws. */
    public boolean withdraw(String paymentCode) {
        try {
            PaymentEntity p = QuarkusTransaction.requiringNew().call(() -> payments.findByCode(paymentCode))
                    .orElse(null);
            if (p == null) {
                return true;
            }
            if (p.status == PaymentStatus.PENDING && p.providerReference != null && !methods.closeCurrent(
                    new OpenCharges.Current(p.paymentCode, p.merchantId, p.providerReference, p.method, p.channel))) {
                LOG.warnf("payment %s (merchant %s, order %s): decided at the provider meanwhile; not withdrawn",
                        p.paymentCode, p.merchantId, p.orderId);
                return false;
            }
            boolean deleted = QuarkusTransaction.requiringNew().call(() -> delete(paymentCode));
            if (deleted) {
                LOG.infof("payment %s (merchant %s, order %s): withdrawn, as its initiation failed", p.paymentCode,
                        p.merchantId, p.orderId);
            } else {
                LOG.warnf("payment %s (merchant %s, order %s): changed meanwhile; not withdrawn", p.paymentCode,
                        p.merchantId, p.orderId);
            }
            return deleted;
        } catch (RuntimeException e) { // the provider did not answer the cancel, or the database is away
            LOG.warnf("payment %s: its initiation failed and it could not be withdrawn (%s: %s); reconciliation "
                    + "follows its charge", paymentCode, e.getClass().getSimpleName(), e.getMessage());
            return false;
        }
    }

    /** Deletes the payment and its charges, when it is still PENDING without a current charge. */
    private boolean delete(String paymentCode) {
        PaymentEntity p = payments.lockByCode(paymentCode).orElse(null);
        if (p == null) {
            return true;
        }
        if (p.status != PaymentStatus.PENDING || p.providerReference != null) {
            return false;
        }
        charges.delete("paymentId", p.id);
        payments.delete(p);
        return true;
    }
}

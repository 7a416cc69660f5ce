package io.paygate.payment.ledger;

import io.paygate.model.api.payment.PaymentMethod;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * The ledger of money movements (table {@code money_movement}), the source of the daily transactions report
 * (CONTRACT §3b). Each movement is written in the transaction of the change that moved the money, so the ledger never
 * disagrees with the payments, refunds and transfers it reports.
 */
@ApplicationScoped
public class MoneyMovements {

    /** What moved money. */
    public enum Kind { PAYMENT_CAPTURED, REFUND_SUCCEEDED, PAYMENT_REVERSED, DISBURSEMENT_PAID, DISBURSEMENT_REFUNDED }

    private final EntityManager entityManager;

    MoneyMovements(EntityManager entityManager) {
        this.entityManager = entityManager;
    }

    /**
     * Records one movement.
     *
     * @param orderId   the order id, or a transfer's partnerReferenceNo
     * @param reference the paymentCode, the refundId, or a transfer's referenceNo
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public void record(String merchantId, Instant at, Kind kind, String orderId, String reference,
                       PaymentMethod method, BigDecimal amount, String currency, String status) {
        recordRaw(merchantId, at, kind, orderId, reference, method == null ? null : method.name(), amount, currency,
                status);
    }

    /** As {@link #record}, with the method as text (a transfer's is its beneficiary bank). */
    @Transactional(Transactional.TxType.MANDATORY)
    public void recordRaw(String merchantId, Instant at, Kind kind, String orderId, String reference, String method,
                          BigDecimal amount, String currency, String status) {
        entityManager.createNativeQuery("""
                        INSERT INTO money_movement (merchant_id, occurred_at, kind, order_id, reference, method, amount,
                            currency, status)
                        VALUES (?1, ?2, ?3, ?4, ?5, CAST(?6 AS varchar), ?7, ?8, ?9)""")
                .setParameter(1, merchantId).setParameter(2, at).setParameter(3, kind.name())
                .setParameter(4, orderId).setParameter(5, reference).setParameter(6, method)
                .setParameter(7, amount).setParameter(8, currency).setParameter(9, status)
                .executeUpdate();
    }
}

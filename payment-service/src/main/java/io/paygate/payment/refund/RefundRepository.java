package io.paygate.payment.refund;

import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;

import java.math.BigDecimal;
import java.util.Optional;
import java.util.UUID;

/** Reads, locks and inserts {@link RefundEntity} rows. */
@ApplicationScoped
public class RefundRepository implements PanacheRepositoryBase<RefundEntity, UUID> {

    public Optional<RefundEntity> findByRefundId(String merchantId, String refundId) {
        return find("merchantId = ?1 and refundId = ?2", merchantId, refundId).firstResultOptional();
    }

    public Optional<RefundEntity> lock(UUID id) {
        return find("id", id).withLock(LockModeType.PESSIMISTIC_WRITE).firstResultOptional();
    }

    /** What the payment's refunds that may still succeed hold back: the PENDING ones. */
    public BigDecimal pendingOf(UUID paymentId) {
        BigDecimal sum = getEntityManager().createQuery("select sum(r.amount) from RefundEntity r "
                + "where r.paymentId = ?1 and r.status = ?2", BigDecimal.class)
                .setParameter(1, paymentId).setParameter(2, RefundEntity.Status.PENDING).getSingleResult();
        return sum == null ? BigDecimal.ZERO : sum;
    }

    /** The PENDING refunds of payment {@code paymentId} sent back through its charge {@code chargeReference}. */
    public java.util.List<RefundEntity> pendingOfCharge(UUID paymentId, String chargeReference) {
        return list("paymentId = ?1 and chargeReference = ?2 and status = ?3 order by createdAt", paymentId,
                chargeReference, RefundEntity.Status.PENDING);
    }

    /**
     * Leases up to {@code limit} PENDING refunds whose inquiry is due, moving their next inquiry a {@code lease} ahead
     * ({@code FOR UPDATE SKIP LOCKED}: one replica per refund); committed by the caller's transaction.
     */
    @SuppressWarnings("unchecked")
    public java.util.List<UUID> claimDue(java.time.Instant now, java.time.Instant leaseUntil, int limit) {
        return getEntityManager().createNativeQuery("""
                        UPDATE refund SET next_inquiry_at = ?1, inquiries = inquiries + 1
                        WHERE id IN (SELECT id FROM refund WHERE status = 'PENDING' AND next_inquiry_at <= ?2
                                     ORDER BY next_inquiry_at LIMIT ?3 FOR UPDATE SKIP LOCKED)
                        RETURNING id""", UUID.class)
                .setParameter(1, leaseUntil).setParameter(2, now).setParameter(3, limit)
                .getResultList();
    }

    /**
     * Inserts the refund unless the merchant has one with its refundId already.
     *
     * @return whether it was inserted (never throws on the duplicate, so a concurrent twin is simply not inserted)
     */
    public boolean insertIfAbsent(RefundEntity r) {
        return getEntityManager().createNativeQuery("""
                        INSERT INTO refund (id, merchant_id, refund_id, payment_id, order_id, payment_code, amount,
                            currency, reason, content_hash, status, channel, method, charge_reference,
                            provider_reference, next_inquiry_at, inquiries, created_at, updated_at)
                        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, CAST(?9 AS varchar), ?10, ?11, ?12,
                            CAST(?13 AS varchar), ?14, ?15, ?16, 0, ?17, ?17)
                        ON CONFLICT (merchant_id, refund_id) DO NOTHING""")
                .setParameter(1, r.id).setParameter(2, r.merchantId).setParameter(3, r.refundId)
                .setParameter(4, r.paymentId).setParameter(5, r.orderId).setParameter(6, r.paymentCode)
                .setParameter(7, r.amount).setParameter(8, r.currency).setParameter(9, r.reason)
                .setParameter(10, r.contentHash).setParameter(11, r.status.name()).setParameter(12, r.channel)
                .setParameter(13, r.method == null ? null : r.method.name()).setParameter(14, r.chargeReference)
                .setParameter(15, r.providerReference).setParameter(16, r.nextInquiryAt)
                .setParameter(17, r.createdAt)
                .executeUpdate() == 1;
    }
}

package io.paygate.payment.payment;

import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;
import java.util.UUID;

/** Reads and records {@link SurplusEntity} rows. */
@ApplicationScoped
public class SurplusRepository implements PanacheRepositoryBase<SurplusEntity, UUID> {

    /**
     * Records {@code s} unless its charge already has a surplus row.
     *
     * @return whether it was new
     */
    public boolean insertIfAbsent(SurplusEntity s) {
        return getEntityManager().createNativeQuery("""
                        INSERT INTO payment_surplus (id, payment_id, merchant_id, charge_reference, method, amount,
                            currency, reason, state, created_at, updated_at, next_attempt_at)
                        VALUES (?1, ?2, ?3, ?4, CAST(?5 AS varchar), ?6, ?7, ?8, ?9, ?10, ?10,
                            CAST(?11 AS timestamptz))
                        ON CONFLICT (charge_reference) DO NOTHING""")
                .setParameter(1, s.id).setParameter(2, s.paymentId).setParameter(3, s.merchantId)
                .setParameter(4, s.chargeReference).setParameter(5, s.method == null ? null : s.method.name())
                .setParameter(6, s.amount).setParameter(7, s.currency).setParameter(8, s.reason)
                .setParameter(9, s.state.name()).setParameter(10, s.createdAt)
                .setParameter(11, s.state == SurplusEntity.State.REFUND_PENDING ? s.createdAt : null)
                .executeUpdate() == 1;
    }

    /**
     * Leases up to {@code limit} surpluses whose refund is due ({@code FOR UPDATE SKIP LOCKED}: one replica each),
     * moving their next attempt a {@code lease} ahead.
     */
    @SuppressWarnings("unchecked")
    public List<UUID> claimRefundsDue(java.time.Instant now, java.time.Instant leaseUntil, int limit) {
        return getEntityManager().createNativeQuery("""
                        UPDATE payment_surplus SET next_attempt_at = ?1
                        WHERE id IN (SELECT id FROM payment_surplus WHERE state = 'REFUND_PENDING'
                                         AND next_attempt_at <= ?2
                                     ORDER BY next_attempt_at LIMIT ?3 FOR UPDATE SKIP LOCKED)
                        RETURNING id""", UUID.class)
                .setParameter(1, leaseUntil).setParameter(2, now).setParameter(3, limit).getResultList();
    }

    /** Whether money charge {@code chargeReference} took is recorded as a surplus already. */
    public boolean recordedFor(String chargeReference) {
        return count("chargeReference", chargeReference) > 0;
    }

    /** The newest {@code limit} surpluses, newest first. */
    public List<SurplusEntity> newest(int limit) {
        return find("order by createdAt desc, id").page(0, limit).list();
    }
}

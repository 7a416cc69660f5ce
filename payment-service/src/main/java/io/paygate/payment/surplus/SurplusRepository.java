package io.paygate.payment.surplus;

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
                            currency, reason, state, created_at, updated_at)
                        VALUES (?1, ?2, ?3, ?4, CAST(?5 AS varchar), ?6, ?7, ?8, ?9, ?10, ?10)
                        ON CONFLICT (charge_reference) DO NOTHING""")
                .setParameter(1, s.id).setParameter(2, s.paymentId).setParameter(3, s.merchantId)
                .setParameter(4, s.chargeReference).setParameter(5, s.method == null ? null : s.method.name())
                .setParameter(6, s.amount).setParameter(7, s.currency).setParameter(8, s.reason)
                .setParameter(9, s.state.name()).setParameter(10, s.createdAt)
                .executeUpdate() == 1;
    }

    /** The newest {@code limit} surpluses, newest first. */
    public List<SurplusEntity> newest(int limit) {
        return find("order by createdAt desc, id").page(0, limit).list();
    }
}

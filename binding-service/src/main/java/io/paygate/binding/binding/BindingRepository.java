package io.paygate.binding.binding;

import io.paygate.model.status.BindingStatus;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

@ApplicationScoped
public class BindingRepository implements PanacheRepositoryBase<Binding, String> {

    /** Hibernate's "skip locked" lock timeout: rows another replica holds are left to it. */
    private static final int SKIP_LOCKED = -2;
    private static final List<BindingStatus> LIVE = List.of(BindingStatus.PENDING, BindingStatus.ACTIVE);

    /** The merchant's binding; another merchant's is answered exactly like an unknown one. */
    public Optional<Binding> findOwned(String merchantId, String bindingId) {
        return findByIdOptional(bindingId).filter(b -> b.merchantId.equals(merchantId));
    }

    public Optional<Binding> findLocked(String bindingId) {
        return findByIdOptional(bindingId, LockModeType.PESSIMISTIC_WRITE);
    }

    /** The PENDING or ACTIVE binding of this customer and source (at most one, by a unique index). */
    public Optional<Binding> findLive(String merchantId, String customerId, String sourceType) {
        return find("merchantId = ?1 and customerId = ?2 and sourceType = ?3 and status in ?4",
                merchantId, customerId, sourceType, LIVE).withLock(LockModeType.PESSIMISTIC_WRITE).firstResultOptional();
    }

    public List<Binding> findActive(String merchantId, String customerId) {
        return list("merchantId = ?1 and customerId = ?2 and status = ?3 order by createdAt",
                merchantId, customerId, BindingStatus.ACTIVE);
    }

    /** PENDING bindings past their approval deadline, locked; rows locked by another replica are skipped. */
    public List<Binding> claimOverdue(Instant now, int limit) {
        return find("status = ?1 and expiresAt <= ?2 order by expiresAt", BindingStatus.PENDING, now)
                .withLock(LockModeType.PESSIMISTIC_WRITE)
                .withHint("jakarta.persistence.lock.timeout", SKIP_LOCKED)
                .page(0, limit).list();
    }
}

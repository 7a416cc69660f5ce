package io.paygate.payment.recurring;

import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;

import java.util.Optional;
import java.util.UUID;

/** Reads and locks {@link SubscriptionEntity} rows. */
@ApplicationScoped
public class SubscriptionRepository implements PanacheRepositoryBase<SubscriptionEntity, UUID> {

    public Optional<SubscriptionEntity> findByRecurringId(String merchantId, String recurringId) {
        return find("merchantId = ?1 and recurringId = ?2", merchantId, recurringId).firstResultOptional();
    }

    /** The merchant's subscription, locked for update until the transaction ends. */
    public Optional<SubscriptionEntity> lockByRecurringId(String merchantId, String recurringId) {
        return find("merchantId = ?1 and recurringId = ?2", merchantId, recurringId)
                .withLock(LockModeType.PESSIMISTIC_WRITE).firstResultOptional();
    }

    public Optional<SubscriptionEntity> lock(UUID id) {
        return Optional.ofNullable(findById(id, LockModeType.PESSIMISTIC_WRITE));
    }
}

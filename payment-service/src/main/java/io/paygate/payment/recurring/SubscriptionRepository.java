package io.paygate.payment.recurring;

import io.paygate.model.status.SubscriptionStatus;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;

import java.util.List;
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

    /** The merchant's subscriptions charged by stored card {@code storedCardId} that are ACTIVE, locked. */
    public List<SubscriptionEntity> lockActiveByStoredCard(String merchantId, String storedCardId) {
        return find("merchantId = ?1 and storedCardId = ?2 and status = ?3", merchantId, storedCardId,
                SubscriptionStatus.ACTIVE).withLock(LockModeType.PESSIMISTIC_WRITE).list();
    }
}

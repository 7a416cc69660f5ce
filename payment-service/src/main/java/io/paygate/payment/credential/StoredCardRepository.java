package io.paygate.payment.credential;

import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Reads and locks {@link StoredCardEntity} rows; a merchant only ever reaches its own live cards. */
@ApplicationScoped
public class StoredCardRepository implements PanacheRepositoryBase<StoredCardEntity, UUID> {

    /** The merchant's live card {@code tokenId}; empty when unknown, deleted or another merchant's. */
    public Optional<StoredCardEntity> findLive(String merchantId, String tokenId) {
        return find("merchantId = ?1 and tokenId = ?2 and deletedAt is null", merchantId, tokenId)
                .firstResultOptional();
    }

    /**
     * Locks every live card of {@code merchantId} that holds {@code providerToken} at {@code channel} (two customers
     * who stored one card number share the provider's token), in id order so that two deletes never deadlock, and
     * answers their ids. A card deleted by a transaction this one waited for is no longer among them (PostgreSQL
     * re-reads a row it waited for), so whoever deletes the last of them knows it.
     */
    @SuppressWarnings("unchecked")
    public List<UUID> lockSharing(String merchantId, String channel, String providerToken) {
        return getEntityManager().createNativeQuery("SELECT id FROM stored_card WHERE merchant_id = ?1 "
                        + "AND channel = ?2 AND provider_token = ?3 AND deleted_at IS NULL ORDER BY id FOR UPDATE",
                        UUID.class)
                .setParameter(1, merchantId).setParameter(2, channel).setParameter(3, providerToken)
                .getResultList();
    }

    /** The customer's live card with this provider fingerprint, if stored before. */
    public Optional<StoredCardEntity> findSame(String merchantId, String customerId, String channel,
                                               String fingerprint) {
        return find("merchantId = ?1 and customerId = ?2 and channel = ?3 and fingerprint = ?4 and deletedAt is null",
                merchantId, customerId, channel, fingerprint).firstResultOptional();
    }

    /** The customer's live cards, newest first (index {@code stored_card_customer}). */
    public List<StoredCardEntity> listLive(String merchantId, String customerId, int limit) {
        return find("merchantId = ?1 and customerId = ?2 and deletedAt is null order by createdAt desc, id desc",
                merchantId, customerId).page(0, limit).list();
    }
}

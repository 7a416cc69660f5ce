package io.paygate.payment.credential;

import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;

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

    /** As {@link #findLive}, locked until the transaction ends. */
    public Optional<StoredCardEntity> lockLive(String merchantId, String tokenId) {
        return find("merchantId = ?1 and tokenId = ?2 and deletedAt is null", merchantId, tokenId)
                .withLock(LockModeType.PESSIMISTIC_WRITE).firstResultOptional();
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

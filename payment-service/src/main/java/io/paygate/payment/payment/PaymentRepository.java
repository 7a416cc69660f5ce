package io.paygate.payment.payment;

import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Reads and locks {@link PaymentEntity} rows. */
@ApplicationScoped
public class PaymentRepository implements PanacheRepositoryBase<PaymentEntity, UUID> {

    public Optional<PaymentEntity> findByCode(String paymentCode) {
        return find("paymentCode", paymentCode).firstResultOptional();
    }

    /** The payment, locked for update until the transaction ends. */
    public Optional<PaymentEntity> lockByCode(String paymentCode) {
        return find("paymentCode", paymentCode).withLock(LockModeType.PESSIMISTIC_WRITE).firstResultOptional();
    }

    /** The payment whose charge is {@code reference} on {@code channel} (a provider notification's id). */
    public Optional<PaymentEntity> findByReference(String channel, String reference) {
        return find("channel = ?1 and providerReference = ?2", channel, reference).firstResultOptional();
    }

    /**
     * The payment charge {@code reference} belongs to: its current charge (card or method) or any charge a method
     * opened for it before (payment_charge).
     */
    public Optional<PaymentEntity> findByCharge(String reference) {
        Optional<PaymentEntity> current = find("providerReference", reference).firstResultOptional();
        if (current.isPresent()) {
            return current;
        }
        return find("id = (select c.paymentId from PaymentChargeEntity c where c.reference = ?1)", reference)
                .firstResultOptional();
    }

    /** The channel that opened charge {@code reference}, when a method opened it (payment_charge). */
    public Optional<String> channelOfCharge(String reference) {
        return getEntityManager().createQuery("select c.channel from PaymentChargeEntity c where c.reference = ?1",
                String.class).setParameter(1, reference).getResultStream().findFirst();
    }

    /** The merchant's payment for {@code orderId}, locked for update until the transaction ends. */
    public Optional<PaymentEntity> lockByOrder(String merchantId, String orderId) {
        return find("merchantId = ?1 and orderId = ?2", merchantId, orderId).withLock(LockModeType.PESSIMISTIC_WRITE)
                .firstResultOptional();
    }

    public Optional<PaymentEntity> findByOrder(String merchantId, String orderId) {
        return find("merchantId = ?1 and orderId = ?2", merchantId, orderId).firstResultOptional();
    }

    /**
     * The merchant's latest virtual account made through SNAP with this number ({@code virtualAccountNo} with the spaces
     * removed), docs/contract.md §9.
     */
    public Optional<PaymentEntity> findSnapVirtualAccount(String merchantId, String number) {
        return find("merchantId = ?1 and replace(snapVirtualAccountNo, ' ', '') = ?2 order by createdAt desc",
                merchantId, number).firstResultOptional();
    }

    /**
     * Claims up to {@code limit} PENDING payments whose link lifetime has passed and that have no method's charge open
     * (those expire through reconciliation), locked; rows another replica holds are skipped
     * ({@code FOR UPDATE SKIP LOCKED}), so any number of replicas can run the expiry job.
     */
    @SuppressWarnings("unchecked")
    public List<PaymentEntity> claimExpired(Instant now, int limit) {
        return getEntityManager().createNativeQuery("""
                        SELECT * FROM payment WHERE status = 'PENDING' AND expires_at <= ?1
                            AND provider_reference IS NULL
                        ORDER BY expires_at LIMIT ?2 FOR UPDATE SKIP LOCKED""", PaymentEntity.class)
                .setParameter(1, now).setParameter(2, limit)
                .getResultList();
    }
}

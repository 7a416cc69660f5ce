package io.paygate.payment.snap;

import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;

import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The {@code X-EXTERNAL-ID}s that name a SNAP payment, for {@code originalExternalId} (docs/contract.md §9;
 * {@code snap_payment_external_id}, V21): the id of the payment request that made the payment and of every replay of
 * it answered with the payment. An {@code X-EXTERNAL-ID} is unique per merchant per day only, so one id may name
 * several payments (sent on several days); alone it names the one it named last.
 */
@ApplicationScoped
class SnapExternalIdNames {

    static final String NAME = """
            INSERT INTO snap_payment_external_id (merchant_id, external_id, payment_id, named_at)
            SELECT p.merchant_id, ?1, p.id, clock_timestamp() FROM payment p
            WHERE p.merchant_id = ?2 AND p.order_id = ?3 AND p.snap_service IS NOT NULL
            ON CONFLICT (merchant_id, external_id, payment_id) DO UPDATE SET named_at = EXCLUDED.named_at""";
    static final String LATEST = """
            SELECT p.payment_code FROM snap_payment_external_id e JOIN payment p ON p.id = e.payment_id
            WHERE e.merchant_id = ?1 AND e.external_id = ?2 AND p.snap_service = ?3
            ORDER BY e.named_at DESC LIMIT 1""";
    static final String NAMES = """
            SELECT count(*) FROM snap_payment_external_id
            WHERE merchant_id = ?1 AND external_id = ?2 AND payment_id = ?3""";

    private final EntityManager entityManager;

    SnapExternalIdNames(EntityManager entityManager) {
        this.entityManager = entityManager;
    }

    /** Keeps {@code externalId} as a name of the merchant's SNAP payment {@code orderId}. */
    void name(String merchantId, String orderId, String externalId) {
        QuarkusTransaction.requiringNew().run(() -> entityManager.createNativeQuery(NAME)
                .setParameter(1, externalId).setParameter(2, merchantId).setParameter(3, orderId).executeUpdate());
    }

    /** The code of the merchant's payment of SNAP service {@code service} that {@code externalId} named last. */
    Optional<String> latest(String merchantId, String externalId, String service) {
        List<?> codes = QuarkusTransaction.requiringNew().call(() -> entityManager.createNativeQuery(LATEST)
                .setParameter(1, merchantId).setParameter(2, externalId).setParameter(3, service).getResultList());
        return codes.stream().findFirst().map(String.class::cast);
    }

    /** Whether {@code externalId} is a name of the merchant's payment {@code paymentId}. */
    boolean names(String merchantId, String externalId, UUID paymentId) {
        return QuarkusTransaction.requiringNew().call(() -> ((Number) entityManager.createNativeQuery(NAMES)
                .setParameter(1, merchantId).setParameter(2, externalId).setParameter(3, paymentId)
                .getSingleResult()).longValue() > 0);
    }
}

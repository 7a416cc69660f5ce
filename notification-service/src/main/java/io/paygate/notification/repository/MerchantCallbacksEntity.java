package io.paygate.notification.repository;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/** A merchant's registered addresses for disbursement and binding notifications (docs/contract.md §6). */
@Entity
@Table(name = "merchant_callbacks")
public class MerchantCallbacksEntity extends PanacheEntityBase {

    private static final String UPSERT = """
            INSERT INTO merchant_callbacks (merchant_id, disbursement_callback_url, binding_callback_url, updated_at)
            VALUES (?1, ?2, ?3, ?4)
            ON CONFLICT (merchant_id) DO UPDATE SET disbursement_callback_url = EXCLUDED.disbursement_callback_url,
                binding_callback_url = EXCLUDED.binding_callback_url, updated_at = EXCLUDED.updated_at""";

    @Id
    @Column(name = "merchant_id")
    public String merchantId;

    @Column(name = "disbursement_callback_url")
    public String disbursementCallbackUrl;

    @Column(name = "binding_callback_url")
    public String bindingCallbackUrl;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;

    /**
     * Replaces the merchant's registration in one statement, so two first registrations racing each other cannot both
     * insert (the loser's unique violation would be a 500); the last one wins, as for any two PUTs.
     */
    public static void upsert(String merchantId, String disbursementUrl, String bindingUrl, Instant at) {
        getEntityManager().createNativeQuery(UPSERT)
                .setParameter(1, merchantId)
                .setParameter(2, disbursementUrl)
                .setParameter(3, bindingUrl)
                .setParameter(4, at)
                .executeUpdate();
    }
}

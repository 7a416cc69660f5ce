package io.paygate.binding.snap;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;

import java.util.List;
import java.util.Optional;

/**
 * Which binding a SNAP binding request's {@code partnerReferenceNo} named ({@code snap_binding_reference}), per
 * merchant: written once the binding is started or found, read by the inquiry and the unbinding.
 */
@ApplicationScoped
public class SnapBindingReferences {

    private final EntityManager entities;

    SnapBindingReferences(EntityManager entities) {
        this.entities = entities;
    }

    /** Remembers that {@code partnerReferenceNo} names {@code bindingId}; the first answer for a reference stays. */
    @Transactional
    public void remember(String merchantId, String partnerReferenceNo, String bindingId) {
        entities.createNativeQuery("""
                        INSERT INTO snap_binding_reference (merchant_id, partner_reference_no, binding_id, created_at)
                        VALUES (?1, ?2, ?3, now()) ON CONFLICT (merchant_id, partner_reference_no) DO NOTHING""")
                .setParameter(1, merchantId).setParameter(2, partnerReferenceNo).setParameter(3, bindingId)
                .executeUpdate();
    }

    /** The binding the merchant's reference names, if any. */
    @Transactional
    public Optional<String> bindingOf(String merchantId, String partnerReferenceNo) {
        List<?> ids = entities.createNativeQuery("""
                        SELECT binding_id FROM snap_binding_reference
                        WHERE merchant_id = ?1 AND partner_reference_no = ?2""")
                .setParameter(1, merchantId).setParameter(2, partnerReferenceNo).getResultList();
        return ids.stream().findFirst().map(Object::toString);
    }
}

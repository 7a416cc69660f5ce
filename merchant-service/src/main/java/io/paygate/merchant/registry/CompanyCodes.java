package io.paygate.merchant.registry;

import io.paygate.kit.error.ApiException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;

import java.util.List;

/**
 * The company codes each merchant holds (docs/contract.md §9, §10): table {@code merchant_company_code}, one row per
 * code, so the database decides that no two merchants hold one. A code may not begin another merchant's either (every
 * number under {@code 123456} is a number under {@code 12345} too, and the services following merchant-config refuse
 * such a pair, service-kit's {@code PartnerServiceIds}): that check runs under a transaction-level advisory lock, so
 * two changes of codes are decided one after the other.
 */
@ApplicationScoped
public class CompanyCodes {

    /** The advisory lock's key: one for every change of company codes. */
    private static final String LOCK = "SELECT pg_advisory_xact_lock(hashtext('merchant_company_code'))";

    private final EntityManager entityManager;

    CompanyCodes(EntityManager entityManager) {
        this.entityManager = entityManager;
    }

    /**
     * Makes {@code codes} the merchant's (as sent: 8 characters, digits right-aligned with spaces).
     *
     * @throws ApiException {@code 400SS01 snap.partnerServiceIds[i]} for a code another merchant holds or overlaps
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public void assign(String merchantId, List<String> codes) {
        entityManager.createNativeQuery(LOCK).getSingleResult();
        @SuppressWarnings("unchecked")
        List<String> others = entityManager.createNativeQuery(
                        "SELECT code FROM merchant_company_code WHERE merchant_id <> ?1")
                .setParameter(1, merchantId).getResultList();
        for (int i = 0; i < codes.size(); i++) {
            String digits = codes.get(i).strip();
            for (String other : others) {
                String otherDigits = other.strip();
                if (otherDigits.startsWith(digits) || digits.startsWith(otherDigits)) {
                    throw ApiException.invalidFormat("snap.partnerServiceIds[" + i + "]");
                }
            }
        }
        entityManager.createNativeQuery("DELETE FROM merchant_company_code WHERE merchant_id = ?1")
                .setParameter(1, merchantId).executeUpdate();
        for (String code : codes) {
            entityManager.createNativeQuery("INSERT INTO merchant_company_code (code, merchant_id) VALUES (?1, ?2)")
                    .setParameter(1, code).setParameter(2, merchantId).executeUpdate();
        }
    }
}

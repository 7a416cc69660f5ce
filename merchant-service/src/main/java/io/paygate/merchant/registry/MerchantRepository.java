package io.paygate.merchant.registry;

import io.paygate.model.merchant.MerchantStatus;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

@ApplicationScoped
public class MerchantRepository implements PanacheRepositoryBase<MerchantRecord, String> {

    /** The merchant, its row locked ({@code FOR UPDATE}) until the transaction ends. */
    public Optional<MerchantRecord> findLocked(String id) {
        return findByIdOptional(id, LockModeType.PESSIMISTIC_WRITE);
    }

    /** Merchants by id after {@code afterId} (null: from the first), of {@code status} when given; limit + 1 rows. */
    public List<MerchantRecord> page(MerchantStatus status, String afterId, int limit) {
        StringBuilder where = new StringBuilder("1 = 1");
        Map<String, Object> params = new HashMap<>();
        if (status != null) {
            where.append(" and status = :status");
            params.put("status", status);
        }
        if (afterId != null) {
            where.append(" and id > :after");
            params.put("after", afterId);
        }
        return find(where + " order by id", params).page(0, limit + 1).list();
    }

    /** Whether another merchant than {@code merchantId} has SNAP client key {@code clientKey}. */
    public boolean snapClientKeyTaken(String clientKey, String merchantId) {
        return count("snapClientKey = ?1 and id <> ?2", clientKey, merchantId) > 0;
    }

    /**
     * Every merchant id (the registry is small: the key rotation walks it), selected as a column: a projection onto a
     * class would need its constructor by reflection, which a native image lacks (test-support's NativeImage rules).
     */
    public List<String> ids() {
        return getEntityManager().createQuery("select m.id from MerchantRecord m order by m.id", String.class)
                .getResultList();
    }
}

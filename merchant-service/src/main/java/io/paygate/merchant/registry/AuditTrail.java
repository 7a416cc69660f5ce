package io.paygate.merchant.registry;

import io.paygate.model.api.merchant.AuditEntry;
import io.quarkus.hibernate.orm.panache.PanacheQuery;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes and reads the audit trail (docs/contract.md §10). {@link #record} only inside the change's transaction
 * ({@code MANDATORY}): an entry never exists without its change, nor a change without its entry.
 */
@ApplicationScoped
public class AuditTrail {

    /** Which entries to read: each filter null for any. */
    public record Filter(String merchantId, String actor, Instant from, Instant to) {
    }

    @Transactional(Transactional.TxType.MANDATORY)
    public void record(Actor actor, String action, String merchantId, List<String> changed, Instant at) {
        AuditRecord entry = new AuditRecord();
        entry.at = at;
        entry.actor = actor.name();
        entry.action = action;
        entry.merchantId = merchantId;
        entry.requestId = actor.requestId();
        entry.sourceAddress = actor.sourceAddress();
        entry.changed = changed.toArray(String[]::new);
        entry.persist();
    }

    /**
     * One page, newest first (by the entries' order of writing, which is their commit order for one merchant: each
     * is written under the merchant's row lock), after the entry {@code afterId} when given; {@code limit + 1} rows, so
     * the caller knows whether there is a next page.
     */
    @Transactional
    public List<AuditRecord> page(Filter filter, Long afterId, int limit) {
        StringBuilder where = new StringBuilder("1 = 1");
        Map<String, Object> params = new HashMap<>();
        if (filter.merchantId() != null) {
            where.append(" and merchantId = :merchant");
            params.put("merchant", filter.merchantId());
        }
        if (filter.actor() != null) {
            where.append(" and actor = :actor");
            params.put("actor", filter.actor());
        }
        if (filter.from() != null) {
            where.append(" and at >= :from");
            params.put("from", filter.from());
        }
        if (filter.to() != null) {
            where.append(" and at < :to");
            params.put("to", filter.to());
        }
        if (afterId != null) {
            where.append(" and id < :after");
            params.put("after", afterId);
        }
        PanacheQuery<AuditRecord> query = AuditRecord.find(where + " order by id desc", params);
        return query.page(0, limit + 1).list();
    }

    public static AuditEntry entry(AuditRecord r) {
        return new AuditEntry(r.at, r.actor, r.action, r.merchantId, r.requestId, r.sourceAddress,
                List.of(r.changed));
    }
}

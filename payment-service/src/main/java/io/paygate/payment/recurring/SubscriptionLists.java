package io.paygate.payment.recurring;

import io.paygate.kit.error.ApiException;
import io.paygate.model.api.recurring.SubscriptionList;
import io.paygate.model.api.recurring.SubscriptionListItem;
import io.paygate.model.status.SubscriptionStatus;
import io.paygate.payment.reporting.Cursors;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.TypedQuery;
import jakarta.transaction.Transactional;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;

/**
 * {@code GET /pg/subscriptions} (docs/contract.md §1b): the merchant's own, newest created first, filtered by status
 * and customer, {@code limit} 1–200 (default 50), a signed keyset {@code nextCursor} as the lists of §3b.
 */
@ApplicationScoped
public class SubscriptionLists {

    static final String LIST = "subscriptions";
    private static final int DEFAULT_LIMIT = 50;
    private static final int MAX_LIMIT = 200;

    private final EntityManager entityManager;
    private final Cursors cursors;
    private final SubscriptionCommands commands;

    SubscriptionLists(EntityManager entityManager, Cursors cursors, SubscriptionCommands commands) {
        this.entityManager = entityManager;
        this.cursors = cursors;
        this.commands = commands;
    }

    @Transactional
    public SubscriptionList list(String merchantId, String status, String customerId, String limit, String cursor) {
        SubscriptionStatus wanted = status == null || status.isEmpty() ? null : status(status);
        if (customerId != null && (customerId.isEmpty() || customerId.length() > 64)) {
            throw ApiException.invalidFormat("customerId");
        }
        int size = limit(limit);
        Optional<Cursors.Position> after = cursors.read(LIST, merchantId, cursor);
        StringBuilder jpql = new StringBuilder("from SubscriptionEntity s where s.merchantId = :merchant");
        if (wanted != null) {
            jpql.append(" and s.status = :status");
        }
        if (customerId != null) {
            jpql.append(" and s.customerId = :customer");
        }
        if (after.isPresent()) {
            jpql.append(" and (s.createdAt < :at or (s.createdAt = :at and s.id < :id))");
        }
        jpql.append(" order by s.createdAt desc, s.id desc");
        TypedQuery<SubscriptionEntity> query = entityManager.createQuery(jpql.toString(), SubscriptionEntity.class)
                .setParameter("merchant", merchantId).setMaxResults(size + 1);
        if (wanted != null) {
            query.setParameter("status", wanted);
        }
        if (customerId != null) {
            query.setParameter("customer", customerId);
        }
        if (after.isPresent()) {
            query.setParameter("at", after.get().at()).setParameter("id", parseId(after.get().id()));
        }
        List<SubscriptionEntity> rows = query.getResultList();
        List<SubscriptionListItem> items = new ArrayList<>();
        for (int i = 0; i < Math.min(size, rows.size()); i++) {
            items.add(commands.item(rows.get(i)));
        }
        String next = null;
        if (rows.size() > size) {
            SubscriptionEntity last = rows.get(size - 1);
            next = cursors.issue(LIST, merchantId, new Cursors.Position(last.createdAt, last.id.toString()));
        }
        return SubscriptionList.of(items, next);
    }

    private static SubscriptionStatus status(String value) {
        try {
            return SubscriptionStatus.valueOf(value.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw ApiException.invalidFormat("status");
        }
    }

    private static int limit(String limit) {
        if (limit == null) {
            return DEFAULT_LIMIT;
        }
        if (!limit.matches("[1-9][0-9]{0,2}") || Integer.parseInt(limit) > MAX_LIMIT) {
            throw ApiException.invalidFormat("limit");
        }
        return Integer.parseInt(limit);
    }

    private static UUID parseId(String id) {
        try {
            return UUID.fromString(id);
        } catch (IllegalArgumentException e) {
            throw ApiException.invalidFormat("cursor");
        }
    }
}

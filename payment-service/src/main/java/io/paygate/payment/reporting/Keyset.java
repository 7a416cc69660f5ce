package io.paygate.payment.reporting;

import io.paygate.kit.rest.ListQuery;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Query;

import java.util.ArrayList;
import java.util.List;

/**
 * One page of a merchant's rows, newest first, by keyset (docs/contract.md §3b: never OFFSET): {@code merchant_id = ?}, the
 * filters, the time range, {@code (time, id) < (cursor)}, ordered by {@code time DESC, id DESC} so that an index on
 * {@code (merchant_id, time DESC, id DESC)} (or one with a filtered column between) serves it directly.
 */
public final class Keyset {

    private final String table;
    private final String timeColumn;
    private final String idColumn;
    private final String idType;
    private final StringBuilder where = new StringBuilder();
    private final List<Object> params = new ArrayList<>();

    private Keyset(String table, String timeColumn, String idColumn, String idType, String merchantId) {
        this.table = table;
        this.timeColumn = timeColumn;
        this.idColumn = idColumn;
        this.idType = idType;
        condition("merchant_id = ?", merchantId);
    }

    /** @param idType the SQL type the cursor's id is cast to ({@code uuid}, {@code varchar}) */
    public static Keyset of(String table, String timeColumn, String idColumn, String idType, String merchantId) {
        return new Keyset(table, timeColumn, idColumn, idType, merchantId);
    }

    /** Adds {@code sql} (one {@code ?}) when {@code value} is not null. */
    public Keyset condition(String sql, Object value) {
        if (value != null) {
            where.append(where.isEmpty() ? "" : " AND ").append(sql);
            params.add(value);
        }
        return this;
    }

    public Keyset range(ListQuery query) {
        condition(timeColumn + " >= ?", query.from());
        return condition(timeColumn + " < ?", query.to());
    }

    public Keyset after(Cursors.Position position) {
        if (position != null) {
            where.append(" AND (").append(timeColumn).append(", ").append(idColumn).append(") < (?, CAST(? AS ")
                    .append(idType).append("))");
            params.add(position.at());
            params.add(position.id());
        }
        return this;
    }

    /** The SQL of the page: {@code limit + 1} rows, so the caller knows whether a next page exists. */
    public String sql(int limit) {
        return "SELECT * FROM " + table + " WHERE " + where + " ORDER BY " + timeColumn + " DESC, " + idColumn
                + " DESC LIMIT " + (limit + 1);
    }

    /** The query, its parameters bound, mapping rows to {@code entity}. */
    public Query query(EntityManager entityManager, Class<?> entity, int limit) {
        Query query = entityManager.createNativeQuery(sql(limit), entity);
        for (int i = 0; i < params.size(); i++) {
            query.setParameter(i + 1, params.get(i));
        }
        return query;
    }

    /** The parameters in order (for EXPLAIN in tests). */
    public List<Object> params() {
        return List.copyOf(params);
    }
}

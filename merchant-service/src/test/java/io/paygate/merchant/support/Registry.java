package io.paygate.merchant.support;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** What the registry's database holds, read straight from it: to prove what a request wrote, or that it wrote nothing. */
public final class Registry {

    private final DataSource dataSource;

    public Registry(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** Rows of the registry's tables and the outbox: a change writes one of each (audit, event), a refusal none. */
    public record Counts(long merchants, long audit, long events, long codes) {
    }

    public Counts counts() {
        return new Counts(count("merchant"), count("merchant_audit"), count("outbox_event"),
                count("merchant_company_code"));
    }

    /** Asserts that {@code action} wrote nothing to the registry, its audit trail or its outbox. */
    public <T> T writesNothing(Supplier<T> action) {
        Counts before = counts();
        T result = action.get();
        assertEquals(before, counts(), "a refused request wrote nothing");
        return result;
    }

    public long count(String table) {
        return longValue("SELECT count(*) FROM " + table);
    }

    /** The merchant's version, or -1 when there is none. */
    public long version(String merchantId) {
        List<String> rows = strings("SELECT version::text FROM merchant WHERE id = ?", merchantId);
        return rows.isEmpty() ? -1 : Long.parseLong(rows.get(0));
    }

    public long longValue(String sql) {
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The first column of each row of {@code sql} with its parameters, as text. */
    public List<String> strings(String sql, Object... params) {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                s.setObject(i + 1, params[i]);
            }
            List<String> out = new ArrayList<>();
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
            return out;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    public void execute(String sql) {
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            s.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Every value of every text-like column of every table of the database, as text (a dump, for secret hunts). */
    public List<String> dump() {
        List<String> values = new ArrayList<>();
        for (String table : strings("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' "
                + "AND table_type = 'BASE TABLE'")) {
            values.addAll(strings("SELECT t::text FROM " + table + " t"));
        }
        return values;
    }
}

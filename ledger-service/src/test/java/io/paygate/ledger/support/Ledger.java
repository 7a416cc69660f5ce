package io.paygate.ledger.support;

import javax.sql.DataSource;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;

/** Reads the ledger's database as an auditor would. */
public record Ledger(DataSource dataSource) {

    public BigDecimal balance(String merchantId, String account) {
        BigDecimal value = scalar("SELECT balance FROM account WHERE merchant_id = ? AND name = ?", merchantId, account);
        return value == null ? new BigDecimal("0.00") : value;
    }

    public long count(String sql, Object... args) {
        BigDecimal value = scalar(sql, args);
        return value == null ? 0 : value.longValue();
    }

    /** The rows of a query of two columns: a key and an amount. */
    public Map<String, BigDecimal> sums(String sql, Object... args) {
        Map<String, BigDecimal> sums = new HashMap<>();
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            bind(ps, args);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    sums.put(rs.getString(1), rs.getBigDecimal(2));
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException(sql, e);
        }
        return sums;
    }

    public BigDecimal scalar(String sql, Object... args) {
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            bind(ps, args);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getBigDecimal(1) : null;
            }
        } catch (SQLException e) {
            throw new IllegalStateException(sql, e);
        }
    }

    private static void bind(PreparedStatement ps, Object... args) throws SQLException {
        for (int i = 0; i < args.length; i++) {
            ps.setObject(i + 1, args[i]);
        }
    }
}

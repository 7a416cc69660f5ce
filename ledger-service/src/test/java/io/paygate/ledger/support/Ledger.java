package io.paygate.ledger.support;

import javax.sql.DataSource;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

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

    public BigDecimal scalar(String sql, Object... args) {
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                ps.setObject(i + 1, args[i]);
            }
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getBigDecimal(1) : null;
            }
        } catch (SQLException e) {
            throw new IllegalStateException(sql, e);
        }
    }
}

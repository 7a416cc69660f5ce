package io.paygate.payment.support;

import io.agroal.api.AgroalDataSource;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** Direct SQL on the service's database, for arranging states the API cannot reach quickly and for checks. */
public final class Db {

    private final AgroalDataSource dataSource;

    public Db(AgroalDataSource dataSource) {
        this.dataSource = dataSource;
    }

    public int update(String sql, Object... args) {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            bind(s, args);
            return s.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The first column of the first row, as a string (null when no row). */
    public String value(String sql, Object... args) {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            bind(s, args);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The first column of every row, as strings. */
    public java.util.List<String> values(String sql, Object... args) {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            bind(s, args);
            java.util.List<String> out = new java.util.ArrayList<>();
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

    public int count(String sql, Object... args) {
        return Integer.parseInt(value(sql, args));
    }

    /** Moves the payment's link expiry into the past. */
    public void expireLink(String paymentCode) {
        update("UPDATE payment SET expires_at = now() - interval '1 second' WHERE payment_code = ?", paymentCode);
    }

    public String statusOf(String paymentCode) {
        return value("SELECT status FROM payment WHERE payment_code = ?", paymentCode);
    }

    public int chargesOf(String paymentCode) {
        return count("SELECT count(*) FROM sandbox_charge WHERE payment_code = ?", paymentCode);
    }

    private static void bind(PreparedStatement s, Object... args) throws SQLException {
        for (int i = 0; i < args.length; i++) {
            s.setObject(i + 1, args[i]);
        }
    }
}

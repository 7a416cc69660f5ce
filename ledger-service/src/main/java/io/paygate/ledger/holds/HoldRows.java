package io.paygate.ledger.holds;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/** The hold table, inside the caller's transaction (its merchant's accounts already locked). */
final class HoldRows {

    private HoldRows() {
    }

    static Optional<Hold> find(Connection c, String merchantId, String partnerReferenceNo, boolean lock)
            throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("""
                SELECT id, merchant_id, partner_reference_no, reference_no, amount, fee, currency, status, created_at
                FROM hold WHERE merchant_id = ? AND partner_reference_no = ?""" + (lock ? " FOR UPDATE" : ""))) {
            ps.setString(1, merchantId);
            ps.setString(2, partnerReferenceNo);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return Optional.empty();
                }
                return Optional.of(new Hold(rs.getObject(1, UUID.class), rs.getString(2), rs.getString(3),
                        rs.getString(4), rs.getBigDecimal(5), rs.getBigDecimal(6), rs.getString(7), rs.getString(8),
                        rs.getTimestamp(9).toInstant()));
            }
        }
    }

    static Hold insert(Connection c, String merchantId, String partnerReferenceNo, String referenceNo,
                       BigDecimal amount, BigDecimal fee, String currency, String status, Instant now,
                       Instant reconcileAt) throws SQLException {
        UUID id = UUID.randomUUID();
        try (PreparedStatement ps = c.prepareStatement("""
                INSERT INTO hold (id, merchant_id, partner_reference_no, reference_no, amount, fee, currency, status,
                                  created_at, updated_at, reconcile_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""")) {
            ps.setObject(1, id);
            ps.setString(2, merchantId);
            ps.setString(3, partnerReferenceNo);
            ps.setString(4, referenceNo);
            ps.setBigDecimal(5, amount);
            ps.setBigDecimal(6, fee);
            ps.setString(7, currency);
            ps.setString(8, status);
            ps.setTimestamp(9, Timestamp.from(now));
            ps.setTimestamp(10, Timestamp.from(now));
            ps.setTimestamp(11, Timestamp.from(reconcileAt));
            ps.executeUpdate();
        }
        return new Hold(id, merchantId, partnerReferenceNo, referenceNo, amount, fee, currency, status, now);
    }

    static void status(Connection c, UUID id, String status, Instant now) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "UPDATE hold SET status = ?, updated_at = ? WHERE id = ?")) {
            ps.setString(1, status);
            ps.setTimestamp(2, Timestamp.from(now));
            ps.setObject(3, id);
            ps.executeUpdate();
        }
    }
}

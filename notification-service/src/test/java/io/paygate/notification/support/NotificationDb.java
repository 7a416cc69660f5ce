package io.paygate.notification.support;

import io.agroal.api.AgroalDataSource;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Reads the service's tables directly, for what the merchant API does not show (e.g. the row of an eventId). */
public final class NotificationDb {

    public record Row(UUID id, String status, int attempts, Instant nextAttemptAt, String lastError, UUID leaseToken) {
    }

    private final AgroalDataSource dataSource;

    public NotificationDb(AgroalDataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** The event's §6 notification (not its SNAP one). */
    public Optional<Row> byEvent(UUID eventId) {
        return query("SELECT id, status, attempts, next_attempt_at, last_error, lease_token FROM notification "
                + "WHERE event_id = ? AND type NOT LIKE 'snap-%'", eventId).stream().findFirst();
    }

    /** The event's notification of {@code type} ({@code snap-va} …). */
    public Optional<Row> byEvent(UUID eventId, String type) {
        return query("SELECT id, status, attempts, next_attempt_at, last_error, lease_token FROM notification "
                + "WHERE event_id = ? AND type = ?", eventId, type).stream().findFirst();
    }

    public List<Row> byResource(String merchantId, String resourceId) {
        return query("""
                SELECT id, status, attempts, next_attempt_at, last_error, lease_token FROM notification
                WHERE merchant_id = ? AND resource_id = ? ORDER BY sequence""", merchantId, resourceId);
    }

    /**
     * Inserts a notification row as a store would have written it (for tests of the log and of bulk redelivery that
     * need many rows, or rows of a chosen creation time); {@code status} PENDING rows are due now. Returns its id.
     */
    public UUID insert(String merchantId, String type, String resourceId, long sequence, String status,
                       String orderId, Instant createdAt, String callbackUrl) {
        UUID id = UUID.randomUUID();
        var at = createdAt.atOffset(java.time.ZoneOffset.UTC);
        execute("""
                INSERT INTO notification (id, event_id, merchant_id, type, resource_id, sequence, status, callback_url,
                                          payload, next_attempt_at, occurred_at, created_at, order_id)
                VALUES (?, gen_random_uuid(), ?, ?, ?, ?, ?, ?, ?, CASE WHEN ? = 'PENDING' THEN now() END, ?, ?, ?)""",
                id, merchantId, type, resourceId, sequence, status, callbackUrl,
                "{\"order\":{\"id\":\"" + orderId + "\"},\"result\":{\"payment\":{\"status\":\"CAPTURED\"}}}",
                status, at, at, orderId);
        return id;
    }

    public int count(String sql, Object... args) {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            bind(s, args);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    public void execute(String sql, Object... args) {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            bind(s, args);
            s.execute();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private List<Row> query(String sql, Object... args) {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            bind(s, args);
            List<Row> rows = new ArrayList<>();
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    var next = rs.getTimestamp(4);
                    rows.add(new Row(rs.getObject(1, UUID.class), rs.getString(2), rs.getInt(3),
                            next == null ? null : next.toInstant(), rs.getString(5), rs.getObject(6, UUID.class)));
                }
            }
            return rows;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void bind(PreparedStatement s, Object... args) throws SQLException {
        for (int i = 0; i < args.length; i++) {
            s.setObject(i + 1, args[i]);
        }
    }
}

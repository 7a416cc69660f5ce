package io.paygate.notification.repository;

import io.agroal.api.AgroalDataSource;
import jakarta.enterprise.context.ApplicationScoped;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.UUID;

/**
 * Logs a test notification (docs/contract.md §6 "Test notification") after its one attempt: its row, of type
 * {@code test}, already DELIVERED or FAILED (never PENDING, so no dispatcher ever claims it), created when the attempt
 * started, and its attempt row with what was sent; one statement. No event made it: its {@code event_id} is new, its
 * {@code sequence} 0, its resource and order id the test's {@code TEST-…} id.
 */
@ApplicationScoped
public class TestNotificationRecords {

    static final String INSERT = """
            WITH stored AS (
                INSERT INTO notification (id, event_id, merchant_id, type, resource_id, order_id, sequence, status,
                                          callback_url, payload, attempts, last_attempt_at, last_http_status,
                                          last_error, occurred_at, created_at, delivered_at)
                VALUES (?, ?, ?, 'test', ?, ?, 0, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?)
                RETURNING id)
            INSERT INTO notification_attempt (notification_id, number, attempted_at, duration_ms, http_status, error,
                                              reply, request_body, request_headers)
            SELECT id, 1, ?, ?, ?, ?, ?, ?, ? FROM stored""";

    private final AgroalDataSource dataSource;

    TestNotificationRecords(AgroalDataSource dataSource) {
        this.dataSource = dataSource;
    }

    /**
     * @param orderId the test's {@code TEST-…} id (its resource id too)
     * @param url     where it was sent
     * @param payload the body without signature
     * @param attempt the attempt, its {@code nextStatus} DELIVERED or FAILED
     */
    public void record(UUID id, String merchantId, String orderId, String url, String payload, AttemptRecord attempt)
            throws SQLException {
        OffsetDateTime at = utc(attempt.attemptedAt());
        try (Connection c = dataSource.getConnection(); PreparedStatement insert = c.prepareStatement(INSERT)) {
            c.setAutoCommit(true);
            int i = 0;
            insert.setObject(++i, id);
            insert.setObject(++i, UUID.randomUUID());
            insert.setString(++i, merchantId);
            insert.setString(++i, orderId);
            insert.setString(++i, orderId);
            insert.setString(++i, attempt.nextStatus().name());
            insert.setString(++i, url);
            insert.setString(++i, payload);
            insert.setObject(++i, at);
            setInteger(insert, ++i, attempt.httpStatus());
            insert.setString(++i, attempt.error());
            insert.setObject(++i, at);
            insert.setObject(++i, at);
            insert.setObject(++i, attempt.acknowledged() ? at : null, Types.TIMESTAMP_WITH_TIMEZONE);
            insert.setObject(++i, at);
            insert.setInt(++i, attempt.durationMs());
            setInteger(insert, ++i, attempt.httpStatus());
            insert.setString(++i, attempt.error());
            insert.setString(++i, attempt.reply());
            insert.setString(++i, attempt.request() == null ? null : attempt.request().body());
            insert.setString(++i, attempt.request() == null ? null : attempt.request().headersJson());
            insert.executeUpdate();
        }
    }

    private static void setInteger(PreparedStatement s, int index, Integer value) throws SQLException {
        if (value == null) {
            s.setNull(index, Types.INTEGER);
        } else {
            s.setInt(index, value);
        }
    }

    private static OffsetDateTime utc(Instant instant) {
        return instant.atOffset(ZoneOffset.UTC);
    }
}

package io.paygate.notification.repository;

import io.agroal.api.AgroalDataSource;
import jakarta.enterprise.context.ApplicationScoped;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;

/**
 * The retry queue is the notification table itself (CONVENTIONS 7): due rows are claimed with
 * {@code FOR UPDATE SKIP LOCKED} and leased with a fresh {@code lease_token} until {@code lease_until} (columns no
 * index covers, so the row keeps its place in {@code notification_due}), never two of one resource at once
 * ({@link DeliveryClaim}); a store may lease what it has just stored ({@link NotificationStore}); the holder renews
 * its leases ({@link #renew}) until it records the results. Any number of instances share the rows without sending one twice;
 * an instance that dies mid-attempt leaves leases that simply run out, and the notification is due again. Times are
 * the database's.
 */
@ApplicationScoped
public class DeliveryQueue {

    /**
     * For the claim's and the record's transactions: their statements reach their rows through indexes, never by
     * scanning the table. A cached plan is made with the statistics of the moment, and the table grows by thousands
     * of rows between two ANALYZEs: a sequential scan chosen while it was small would cost more with every row.
     */
    static final String ROWS_BY_KEY = "SET LOCAL enable_seqscan = off";
    /**
     * For the record's transaction too: its question "is the newest other row of the resource PENDING?" must be one
     * probe of {@code notification_resource}, which yields the rows in sequence order; with a young table's statistics
     * PostgreSQL may pick {@code notification_merchant_position} and a sort, reading every row of the merchant. No
     * statement of the record needs a sort, so sorting is priced out.
     */
    static final String NO_SORT = "SET LOCAL enable_sort = off";
    /** Both settings of the record's transaction, in one round trip. */
    static final String RECORD_SETTINGS = ROWS_BY_KEY + "; " + NO_SORT;
    /**
     * The lease holders' results and their attempt log rows, in one statement; an OBSOLETE row (a newer event arrived
     * meanwhile) stays so unless delivered. Reaches each row by its primary key (id and token: the lease is this
     * instance's). Also returns whether the newest other row of the resource is PENDING (it may have waited for this
     * attempt). That is asked without a condition on {@code status} in the scan, so it is one probe of
     * {@code notification_resource}: with {@code status = 'PENDING'} there the planner may walk
     * {@code notification_due} (every PENDING row) instead.
     */
    static final String RECORD = """
            WITH recorded AS (
                UPDATE notification n SET attempts = n.attempts + 1, last_attempt_at = r.at,
                    last_http_status = r.http_status, last_error = r.error,
                    status = CASE WHEN n.status = 'OBSOLETE' AND r.next <> 'DELIVERED' THEN 'OBSOLETE' ELSE r.next END,
                    next_attempt_at = CASE WHEN n.status <> 'OBSOLETE' AND r.next = 'PENDING'
                                           THEN now() + make_interval(secs => r.retry_secs) END,
                    delivered_at = CASE WHEN r.acknowledged THEN r.at ELSE n.delivered_at END,
                    redelivery_of = NULL, lease_token = NULL, lease_until = NULL
                FROM unnest(?::uuid[], ?::uuid[], ?::timestamptz[], ?::int[], ?::text[], ?::text[], ?::float8[],
                            ?::bool[], ?::int[], ?::text[], ?::text[], ?::text[])
                     AS r(id, token, at, http_status, error, next, retry_secs, acknowledged, duration_ms, reply,
                          request_body, request_headers)
                WHERE n.id = r.id AND n.lease_token = r.token
                RETURNING n.id, n.attempts, r.at, r.duration_ms, r.http_status, r.error, r.reply, r.request_body,
                          r.request_headers, (
                    SELECT s.status = 'PENDING' FROM notification s
                    WHERE s.merchant_id = n.merchant_id AND s.type = n.type AND s.resource_id = n.resource_id
                      AND s.id <> n.id
                    ORDER BY s.sequence DESC LIMIT 1) IS TRUE AS successor),
            logged AS (
                INSERT INTO notification_attempt (notification_id, number, attempted_at, duration_ms, http_status,
                                                  error, reply, request_body, request_headers)
                SELECT id, attempts, at, duration_ms, http_status, error, reply, request_body, request_headers
                FROM recorded)
            SELECT id, attempts, successor FROM recorded""";
    /**
     * Leases that ran out (another instance holds the row now): count the attempt and log it, leave the state to the
     * holder. Parameters as {@link #RECORD}'s.
     */
    static final String RECORD_LOST_LEASE = """
            WITH recorded AS (
                UPDATE notification n SET attempts = n.attempts + 1, last_attempt_at = r.at,
                    last_http_status = r.http_status, last_error = r.error
                FROM unnest(?::uuid[], ?::uuid[], ?::timestamptz[], ?::int[], ?::text[], ?::text[], ?::float8[],
                            ?::bool[], ?::int[], ?::text[], ?::text[], ?::text[])
                     AS r(id, token, at, http_status, error, next, retry_secs, acknowledged, duration_ms, reply,
                          request_body, request_headers)
                WHERE n.id = r.id
                RETURNING n.id, n.attempts, r.at, r.duration_ms, r.http_status, r.error, r.reply, r.request_body,
                          r.request_headers),
            logged AS (
                INSERT INTO notification_attempt (notification_id, number, attempted_at, duration_ms, http_status,
                                                  error, reply, request_body, request_headers)
                SELECT id, attempts, at, duration_ms, http_status, error, reply, request_body, request_headers
                FROM recorded)
            SELECT id, attempts, false FROM recorded""";
    /**
     * Due now, for one attempt; refused for OBSOLETE rows, test notifications (never sent again) and while an attempt
     * of it is in flight (a live lease, whatever the status: a redelivery made DELIVERED again by a newer event keeps
     * its lease while on the wire).
     */
    private static final String REDELIVER = """
            UPDATE notification SET
                redelivery_of = CASE WHEN status = 'PENDING' THEN redelivery_of ELSE status END,
                status = 'PENDING', next_attempt_at = now(), lease_token = NULL, lease_until = NULL
            WHERE id = ? AND merchant_id = ? AND status <> 'OBSOLETE' AND type <> 'test'
              AND NOT (lease_token IS NOT NULL AND lease_until > now())""";
    /**
     * The heartbeat: the leases of these (id, token) pairs end {@code lease} from now. Only a token still there is
     * renewed (one cleared by a record, a redelivery or a claim after the lease ran out stays cleared), and rows
     * locked at this moment are skipped (renewed at the next beat), so a renewal never waits for anyone's lock. Writes
     * only {@code lease_until}, which no index covers.
     */
    static final String RENEW = """
            UPDATE notification n SET lease_until = now() + make_interval(secs => ?)
            FROM (SELECT x.id FROM notification x JOIN unnest(?::uuid[], ?::uuid[]) AS r(id, token)
                      ON x.id = r.id AND x.lease_token = r.token
                  FOR UPDATE OF x SKIP LOCKED) h
            WHERE n.id = h.id
            RETURNING n.id""";
    /** Gives leases back unused (a hand-off that found the dispatcher stopping): due again at once. */
    static final String UNLEASE = """
            UPDATE notification n SET lease_token = NULL, lease_until = NULL
            FROM unnest(?::uuid[], ?::uuid[]) AS r(id, token)
            WHERE n.id = r.id AND n.lease_token = r.token""";

    private final AgroalDataSource dataSource;

    DeliveryQueue(AgroalDataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** Claims up to {@code limit} due notifications for {@code lease}, oldest due first, whoever's they are. */
    public List<ClaimedNotification> claimDue(int limit, Duration lease) throws SQLException {
        return claimDue(limit, lease, Map.of(), limit);
    }

    /**
     * Claims up to {@code limit} due notifications for {@code lease}, oldest due first, and of each merchant at most
     * its {@code room} ({@code defaultRoom} for the merchants not in it; none of a merchant whose room is 0).
     */
    public List<ClaimedNotification> claimDue(int limit, Duration lease, Map<String, Integer> room, int defaultRoom)
            throws SQLException {
        return claim(limit, lease, room, defaultRoom).claimed();
    }

    /** As {@link #claimDue(int, Duration, Map, int)}, with what the scan saw ({@link DeliveryClaim}). */
    public Claim claim(int limit, Duration lease, Map<String, Integer> room, int defaultRoom) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            c.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED); // a snapshot per statement
            try (Statement settings = c.createStatement()) {
                settings.execute(ROWS_BY_KEY);
                Claim claim = DeliveryClaim.run(c, limit, lease, room, defaultRoom);
                c.commit();
                return claim;
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        }
    }

    /**
     * Renews the leases of these claims (the heartbeat of the instance that holds them).
     *
     * @return the ids renewed; a claim not among them was locked at that moment or is no longer this instance's
     */
    public Set<UUID> renew(Collection<ClaimedNotification> held, Duration lease) throws SQLException {
        Set<UUID> renewed = new HashSet<>();
        if (held.isEmpty()) {
            return renewed;
        }
        List<ClaimedNotification> rows = List.copyOf(held);
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try (Statement settings = c.createStatement(); PreparedStatement update = c.prepareStatement(RENEW)) {
                settings.execute(ROWS_BY_KEY);
                update.setDouble(1, lease.toMillis() / 1000.0);
                update.setArray(2, c.createArrayOf("uuid", rows.stream().map(ClaimedNotification::id).toArray()));
                update.setArray(3, c.createArrayOf("uuid",
                        rows.stream().map(ClaimedNotification::claimToken).toArray()));
                try (ResultSet rs = update.executeQuery()) {
                    while (rs.next()) {
                        renewed.add(rs.getObject(1, UUID.class));
                    }
                }
                c.commit();
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        }
        return renewed;
    }

    /**
     * Records attempts, their log rows and each notification's next state, in one transaction: one statement, and a
     * second only for leases that ran out meanwhile.
     *
     * @return per notification id what was written
     */
    public Map<UUID, Written> record(List<Recorded> results) throws SQLException {
        Map<UUID, Written> numbers = new HashMap<>();
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                try (Statement settings = c.createStatement()) {
                    settings.execute(RECORD_SETTINGS);
                }
                record(c, RECORD, results, numbers, 1);
                List<Recorded> lost = results.stream().filter(r -> !numbers.containsKey(r.claimed().id())).toList();
                if (!lost.isEmpty()) {
                    record(c, RECORD_LOST_LEASE, lost, numbers, -1);
                }
                c.commit();
                return numbers;
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        }
    }

    private static void record(Connection c, String sql, List<Recorded> results, Map<UUID, Written> numbers, int sign)
            throws SQLException {
        try (PreparedStatement update = c.prepareStatement(sql)) {
            update.setArray(1, array(c, results, r -> r.claimed().id()));
            update.setArray(2, array(c, results, r -> r.claimed().claimToken()));
            update.setArray(3, array(c, results, r -> r.attempt().attemptedAt()));
            update.setArray(4, array(c, results, r -> r.attempt().httpStatus()));
            update.setArray(5, array(c, results, r -> r.attempt().error()));
            update.setArray(6, array(c, results, r -> r.attempt().nextStatus().name()));
            update.setArray(7, array(c, results, r -> r.attempt().retryIn() == null ? 0
                    : r.attempt().retryIn().toMillis() / 1000.0));
            update.setArray(8, array(c, results, r -> r.attempt().acknowledged()));
            update.setArray(9, array(c, results, r -> r.attempt().durationMs()));
            update.setArray(10, array(c, results, r -> r.attempt().reply()));
            update.setArray(11, array(c, results, r -> r.attempt().request() == null ? null
                    : r.attempt().request().body()));
            update.setArray(12, array(c, results, r -> r.attempt().request() == null ? null
                    : r.attempt().request().headersJson()));
            collect(update, numbers, sign);
        }
    }

    /**
     * Gives unused leases back (best effort: one that stays runs out within its lease).
     */
    public void unlease(Collection<ClaimedNotification> claims) {
        if (claims.isEmpty()) {
            return;
        }
        List<ClaimedNotification> rows = List.copyOf(claims);
        try (Connection c = dataSource.getConnection(); PreparedStatement update = c.prepareStatement(UNLEASE)) {
            c.setAutoCommit(true);
            update.setArray(1, c.createArrayOf("uuid", rows.stream().map(ClaimedNotification::id).toArray()));
            update.setArray(2, c.createArrayOf("uuid", rows.stream().map(ClaimedNotification::claimToken).toArray()));
            update.executeUpdate();
        } catch (SQLException e) {
            // Left to the lease.
        }
    }

    /** One attempt's result for {@link #record(List)}. */
    public record Recorded(ClaimedNotification claimed, AttemptRecord attempt) {
    }

    /**
     * What {@link #record(List)} wrote for one attempt: its number, negated when the lease had been lost (state left
     * to the instance that holds it now); and whether another row of the resource is PENDING (it may have waited
     * for this attempt, and can be claimed now).
     */
    public record Written(int number, boolean successorPending) {
    }

    /**
     * Makes the merchant's notification due now for one attempt.
     *
     * @return false when it is unknown, foreign, OBSOLETE, a test notification or has an attempt in flight (the caller
     * tells which)
     */
    public boolean requestRedelivery(UUID id, String merchantId) throws SQLException {
        try (Connection c = dataSource.getConnection(); PreparedStatement update = c.prepareStatement(REDELIVER)) {
            c.setAutoCommit(true);
            update.setObject(1, id);
            update.setString(2, merchantId);
            return update.executeUpdate() == 1;
        }
    }

    /** A text array of the values (nulls kept); the statements cast it to the column's type. */
    private static java.sql.Array array(Connection c, List<Recorded> rows, Function<Recorded, Object> value)
            throws SQLException {
        String[] texts = new String[rows.size()];
        for (int i = 0; i < texts.length; i++) {
            Object v = value.apply(rows.get(i));
            texts[i] = v == null ? null : v.toString();
        }
        return c.createArrayOf("text", texts);
    }

    private static void collect(PreparedStatement statement, Map<UUID, Written> numbers, int sign) throws SQLException {
        try (ResultSet rs = statement.executeQuery()) {
            while (rs.next()) {
                numbers.put(rs.getObject(1, UUID.class), new Written(sign * rs.getInt(2), rs.getBoolean(3)));
            }
        }
    }
}

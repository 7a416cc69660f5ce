package io.paygate.notification.repository;

import io.paygate.notification.BodySignature;
import io.paygate.notification.NotificationStatus;
import io.paygate.notification.NotificationType;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * The dispatcher's claim: due rows, oldest due first, no merchant beyond its room, and <b>never two attempts in
 * flight for one resource</b> (merchant, type, resource id; docs/contract.md §7), across any number of instances. A row
 * "holds" its resource while it has a {@code lease_token}: from its claim (or its hand-off by the store,
 * {@link NotificationStore}) until its result is recorded, whatever its status meanwhile (a row made OBSOLETE or
 * DELIVERED by a newer event while its attempt is on the wire keeps its token and its {@code lease_until}). The lease
 * is kept in columns no index covers, so taking and renewing it are HOT updates, and a leased row keeps its due time
 * in {@code notification_due}: the scan passes over the rows leased now. One transaction (READ COMMITTED), three
 * statements:
 * <ol>
 *   <li>{@link #CANDIDATES}: locks the first {@code limit} due rows that are not leased now and whose resource no
 *       other row holds with a live lease ({@code FOR UPDATE SKIP LOCKED}, one index scan of {@code notification_due},
 *       one probe of {@code notification_resource} per row: the held resources are left out of the scan itself, so rows
 *       waiting for a sibling never fill the claim and hide the others); keeps one row per resource (the lowest
 *       sequence) and each merchant's room; and takes, for each row it keeps, the resource's transaction-scoped
 *       advisory lock with {@code pg_try_advisory_xact_lock} under the very key {@link NotificationStore} locks while
 *       storing ({@code hashtextextended(merchant || 0x1F || type || 0x1F || resource, 0)}). A row whose lock is taken
 *       (another claim or a store of that resource is under way) is left for a later claim: try-lock never waits, so
 *       neither the claim nor the store can deadlock on these locks.</li>
 *   <li>{@link #REVOKE}, only when the first statement saw one: clears the token of a sibling whose lease ran out
 *       (its holder stopped renewing: it died), skipping rows locked by anyone ({@code SKIP LOCKED}: never waits).</li>
 *   <li>{@link #LEASE}: leases the rows it holds the lock of, except those with a sibling that still has a token.</li>
 * </ol>
 * <b>Why two claims cannot both lease a row of one resource.</b> A token is only ever set by statement 3 or by the
 * store's insert, by a transaction that holds the resource's advisory lock, and it holds that lock until it commits.
 * PostgreSQL releases a transaction's locks only after its commit is visible to new snapshots, and statement 3 takes
 * its snapshot after statement 1 took the lock (READ COMMITTED: a snapshot per statement). So whoever set a token on a
 * sibling earlier has committed and statement 3 sees that token (and does not lease), or it is still running and then
 * holds the lock we got (impossible). A check in a single statement would not do: two claims whose snapshots were taken
 * before either committed each miss the other's token. One row per resource per claim keeps a claim from racing itself.
 * Hence at most one row of a resource has a token at any time. A token goes only when its result is recorded, when a
 * redelivery or statement 2 clears it after its lease ran out, or when a claim re-leases that same row after its lease
 * ran out. Renewing a lease ({@link DeliveryQueue#renew}) only extends a token that is still there (by id and token,
 * skipping locked rows, so it never waits): against statement 2 the row lock decides, and a renewal that comes second
 * finds the token gone. So a live instance, which renews every third of the lease, keeps its resource until it has
 * recorded; only an instance that could not renew for a whole lease loses it (its late result is counted and leaves the
 * state to the new holder).
 * <p>
 * Cost: one index scan that stops at {@code limit}, passing over the rows leased right now (at most the attempts in
 * flight of all instances; their due time stays in the index), plus one probe per row scanned and per row kept; it
 * does not grow with the backlog ({@code bench/README.md}).
 */
final class DeliveryClaim {

    /** Rows with a live lease: they hold their resource. */
    static final String HELD = "s.lease_token IS NOT NULL AND s.lease_until > now()";
    /** A sibling of the row {@code x}: same merchant, type and resource, another row. */
    private static final String SIBLING_OF = """
            s.merchant_id = %1$s.merchant_id AND s.type = %1$s.type AND s.resource_id = %1$s.resource_id \
            AND s.id <> %1$s.id""";

    /**
     * Whether a resource is held is asked of each row's siblings with a correlated {@code NOT EXISTS (… OFFSET 0)}:
     * the {@code OFFSET} keeps PostgreSQL from turning it into an anti join, which, with no index telling which rows
     * hold a lease (the lease columns are left out of every index so that leasing is a HOT update), it planned as a
     * scan of the whole table for the few leased rows; as a sub-plan it is one probe of {@code notification_resource}
     * per row, the resource's few rows.
     * <p>
     * Merchants without room are left out of the index scan with {@code NOT IN} (a hashed sub-plan, estimated at half
     * the rows) and not with {@code <> ALL(array)}, which the planner estimates from {@code merchant_id}'s statistics:
     * when one merchant has nearly every due row that estimate is a single row, and each claim becomes a sequential
     * scan and a sort of the whole backlog.
     * Parameters: merchants, their rooms, limit, default room (twice). One row per kept candidate: id, merchant,
     * whether the merchant's room is now full, rows scanned, whether a sibling has a token whose lease ran out, and
     * whether this transaction got the resource's advisory lock.
     */
    static final String CANDIDATES = """
            WITH room AS (
                SELECT * FROM unnest(?::text[], ?::int[]) AS r(merchant_id, room)),
            locked AS (
                SELECT n.id, n.merchant_id, n.type, n.resource_id, n.sequence, n.next_attempt_at FROM notification n
                WHERE n.status = 'PENDING' AND n.next_attempt_at <= now()
                  AND NOT (n.lease_token IS NOT NULL AND n.lease_until > now())
                  AND n.merchant_id NOT IN (SELECT merchant_id FROM room WHERE room.room <= 0)
                  AND NOT EXISTS (SELECT 1 FROM notification s WHERE %s AND %s OFFSET 0)
                ORDER BY n.next_attempt_at
                LIMIT ?
                FOR UPDATE OF n SKIP LOCKED),
            first AS (
                SELECT DISTINCT ON (merchant_id, type, resource_id) * FROM locked
                ORDER BY merchant_id, type, resource_id, sequence),
            due AS MATERIALIZED (
                SELECT f.id, f.merchant_id, f.type, f.resource_id, f.place, coalesce(r.room, ?) AS room FROM (
                    SELECT *, row_number() OVER (PARTITION BY merchant_id ORDER BY next_attempt_at, id) AS place
                    FROM first) f
                LEFT JOIN room r ON r.merchant_id = f.merchant_id
                WHERE f.place <= coalesce(r.room, ?))
            SELECT d.id, d.merchant_id, d.place >= d.room, (SELECT count(*) FROM locked),
                   EXISTS (SELECT 1 FROM notification s WHERE %s AND s.lease_token IS NOT NULL
                                                          AND NOT (s.lease_until > now())),
                   pg_try_advisory_xact_lock(hashtextextended(
                       d.merchant_id || chr(31) || d.type || chr(31) || d.resource_id, 0))
            FROM due d""".formatted(SIBLING_OF.formatted("n"), HELD, SIBLING_OF.formatted("d"));
    /** Parameter: the candidates' ids. Tokens of siblings whose lease ran out (or has no end). */
    static final String REVOKE = """
            UPDATE notification n SET lease_token = NULL, lease_until = NULL
            FROM (SELECT s.id FROM notification c JOIN notification s ON %s
                  WHERE c.id = ANY (?::uuid[]) AND s.lease_token IS NOT NULL AND NOT (s.lease_until > now())
                  FOR UPDATE OF s SKIP LOCKED) stale
            WHERE n.id = stale.id""".formatted(SIBLING_OF.formatted("c"));
    /**
     * Parameters: lease seconds, token, the candidates' ids (locked by this transaction since statement 1, so still
     * PENDING and due). No condition on {@code status}: it would let the planner reach the rows through
     * {@code notification_due} (every PENDING row) instead of the primary key, at a cost that grows with the backlog
     * (it does so with a young table's statistics). Writes only the lease columns (no index covers them): a HOT
     * update where the page has room.
     */
    static final String LEASE = """
            UPDATE notification n
            SET lease_until = now() + make_interval(secs => ?), lease_token = ?
            WHERE n.id = ANY (?::uuid[])
              AND NOT EXISTS (SELECT 1 FROM notification s WHERE %s AND s.lease_token IS NOT NULL OFFSET 0)
            RETURNING n.id, n.merchant_id, n.type, n.resource_id, n.payload, n.attempts, n.redelivery_of,
                      CASE WHEN n.type IN (%s)
                           THEN (SELECT %s
                                 FROM merchant_callbacks c WHERE c.merchant_id = n.merchant_id)
                           ELSE n.callback_url END,
                      n.body_signature, n.signed_with, n.request_id"""
            .formatted(SIBLING_OF.formatted("n"), NotificationType.registeredTypesSql(),
                    NotificationType.registeredUrlSql("n", "c"));

    private DeliveryClaim() {
    }

    /** Runs the three statements on {@code c} (in a transaction the caller commits). */
    static Claim run(Connection c, int limit, Duration lease, Map<String, Integer> room, int defaultRoom)
            throws SQLException {
        UUID token = UUID.randomUUID();
        List<String> candidates = new ArrayList<>();
        Set<String> full = new HashSet<>();
        int scanned = 0;
        boolean stale = false;
        try (PreparedStatement select = c.prepareStatement(CANDIDATES)) {
            String[] merchants = new String[room.size()];
            Integer[] rooms = new Integer[room.size()];
            int i = 0;
            for (Map.Entry<String, Integer> entry : room.entrySet()) {
                merchants[i] = entry.getKey();
                rooms[i++] = entry.getValue();
            }
            select.setArray(1, c.createArrayOf("text", merchants));
            select.setArray(2, c.createArrayOf("int4", rooms));
            select.setInt(3, limit);
            select.setInt(4, defaultRoom);
            select.setInt(5, defaultRoom);
            try (ResultSet rs = select.executeQuery()) {
                while (rs.next()) {
                    if (rs.getBoolean(3)) {
                        full.add(rs.getString(2));
                    }
                    scanned = rs.getInt(4);
                    if (rs.getBoolean(6)) {
                        candidates.add(rs.getString(1));
                        stale |= rs.getBoolean(5);
                    }
                }
            }
        }
        List<ClaimedNotification> claimed = new ArrayList<>();
        if (candidates.isEmpty()) {
            return new Claim(claimed, scanned, full);
        }
        java.sql.Array ids = c.createArrayOf("uuid", candidates.toArray());
        if (stale) {
            try (PreparedStatement revoke = c.prepareStatement(REVOKE)) {
                revoke.setArray(1, ids);
                revoke.executeUpdate();
            }
        }
        try (PreparedStatement update = c.prepareStatement(LEASE)) {
            update.setDouble(1, lease.toMillis() / 1000.0);
            update.setObject(2, token);
            update.setArray(3, ids);
            try (ResultSet rs = update.executeQuery()) {
                while (rs.next()) {
                    String redeliveryOf = rs.getString(7);
                    claimed.add(new ClaimedNotification(rs.getObject(1, UUID.class), token, rs.getString(2),
                            NotificationType.fromValue(rs.getString(3)).orElseThrow(), rs.getString(4),
                            rs.getString(8), rs.getString(5), rs.getInt(6),
                            redeliveryOf == null ? null : NotificationStatus.valueOf(redeliveryOf),
                            BodySignature.of(rs.getString(9), rs.getString(10)), rs.getString(11)));
                }
            }
        }
        return new Claim(claimed, scanned, full);
    }
}

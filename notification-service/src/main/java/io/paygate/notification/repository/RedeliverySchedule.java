package io.paygate.notification.repository;

import io.agroal.api.AgroalDataSource;
import io.paygate.notification.NotificationStatus;
import io.paygate.notification.NotificationType;
import jakarta.enterprise.context.ApplicationScoped;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.UUID;

/**
 * A bulk redelivery (docs/contract.md §6) in one transaction: it locks the merchant's pace row
 * ({@code notification_redelivery_pace}, V11), so bulk redeliveries of one merchant take turns at any number of
 * replicas; selects the notifications (oldest first), skipping any that is not its resource's newest (a newer one
 * made it obsolete: the merchant keeps the latest state), any with an attempt in flight (a live lease) and any row
 * another transaction holds at that moment (a claim, a record: it is being attempted anyway); makes each due at its
 * own slot, {@code interval} after the one before, from where the merchant's earlier bulk redeliveries end (or now);
 * and moves the pace row to the end of this schedule. The dispatchers claim the rows as they become due, like any
 * retry: the schedule in the database is what paces them, so it holds across replicas without any of them counting.
 * A failed attempt returns a FAILED notification to FAILED (as a single redelivery does), a PENDING one keeps its
 * retries.
 */
@ApplicationScoped
public class RedeliverySchedule {

    /** Locks (creating it when missing) the merchant's pace row; returns where its next schedule may start. */
    static final String PACE = """
            INSERT INTO notification_redelivery_pace AS p (merchant_id, paced_until) VALUES (?, now())
            ON CONFLICT (merchant_id) DO UPDATE SET paced_until = p.paced_until
            RETURNING greatest(p.paced_until, now())""";
    /**
     * The notifications a bulk redelivery takes. Parameters: merchant, status, types, from, to.
     * {@code position IS NOT NULL} (always true) lets the planner walk the merchant's log index
     * ({@code notification_merchant_position}, V4).
     */
    static final String MATCHING = """
            n.merchant_id = ? AND n.status = ? AND n.type = ANY (?::text[])
              AND n.created_at >= ? AND n.created_at < ? AND n.position IS NOT NULL
              AND NOT (n.lease_token IS NOT NULL AND n.lease_until > now())
              AND NOT EXISTS (SELECT 1 FROM notification s
                              WHERE s.merchant_id = n.merchant_id AND s.type = n.type
                                AND s.resource_id = n.resource_id AND s.sequence > n.sequence)""";
    /** The matching rows, oldest first, locked; at most the limit (the sixth parameter). */
    static final String SELECT = "SELECT n.id FROM notification n WHERE " + MATCHING
            + " ORDER BY n.position LIMIT ? FOR UPDATE OF n SKIP LOCKED";
    /** How many match without the limit (for the refusal's message; nothing locked). */
    static final String COUNT = "SELECT count(*) FROM notification n WHERE " + MATCHING;
    /**
     * Each row due at its slot: start + (ordinal - 1) × interval. A FAILED (or DELIVERED) row remembers what to
     * return to if the attempt fails, as {@code DeliveryQueue}'s single redelivery does.
     */
    static final String SCHEDULE = """
            UPDATE notification n SET
                redelivery_of = CASE WHEN n.status = 'PENDING' THEN n.redelivery_of ELSE n.status END,
                status = 'PENDING', lease_token = NULL, lease_until = NULL,
                next_attempt_at = ?::timestamptz + (s.slot - 1) * make_interval(secs => ?)
            FROM unnest(?::uuid[]) WITH ORDINALITY AS s(id, slot)
            WHERE n.id = s.id""";
    static final String PACED_UNTIL = "UPDATE notification_redelivery_pace SET paced_until = ? WHERE merchant_id = ?";

    private final AgroalDataSource dataSource;

    RedeliverySchedule(AgroalDataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** What one bulk redelivery did: how many rows it made due, from when, until when (exclusive). */
    public record Scheduled(int count, Instant start, Instant end) {
    }

    /** The call matched more than it may take; {@code matching} is how many (nothing was changed). */
    public static final class TooMany extends Exception {
        private final long matching;

        TooMany(long matching) {
            super(null, null, false, false);
            this.matching = matching;
        }

        public long matching() {
            return matching;
        }
    }

    /**
     * Schedules one attempt for each selected notification, in one transaction.
     *
     * @param types    the types to take (one, or every type events make)
     * @param max      the most one call takes
     * @param interval the time between two slots
     * @throws TooMany when more than {@code max} match; nothing is changed then
     */
    public Scheduled schedule(String merchantId, NotificationStatus status, Collection<NotificationType> types,
                              Instant from, Instant to, int max, Duration interval) throws SQLException, TooMany {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                Instant start = pace(c, merchantId);
                List<UUID> ids = select(c, merchantId, status, types, from, to, max + 1);
                if (ids.size() > max) {
                    long matching = count(c, merchantId, status, types, from, to);
                    c.rollback();
                    throw new TooMany(Math.max(matching, ids.size()));
                }
                double seconds = interval.toNanos() / 1e9;
                try (PreparedStatement update = c.prepareStatement(SCHEDULE)) {
                    update.setObject(1, utc(start));
                    update.setDouble(2, seconds);
                    update.setArray(3, c.createArrayOf("uuid", ids.toArray()));
                    update.executeUpdate();
                }
                Instant end = start.plus(interval.multipliedBy(ids.size()));
                try (PreparedStatement paced = c.prepareStatement(PACED_UNTIL)) {
                    paced.setObject(1, utc(end));
                    paced.setString(2, merchantId);
                    paced.executeUpdate();
                }
                c.commit();
                return new Scheduled(ids.size(), start, end);
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        }
    }

    private static Instant pace(Connection c, String merchantId) throws SQLException {
        try (PreparedStatement lock = c.prepareStatement(PACE)) {
            lock.setString(1, merchantId);
            try (ResultSet rs = lock.executeQuery()) {
                rs.next();
                return rs.getObject(1, OffsetDateTime.class).toInstant();
            }
        }
    }

    private static List<UUID> select(Connection c, String merchantId, NotificationStatus status,
                                     Collection<NotificationType> types, Instant from, Instant to, int limit)
            throws SQLException {
        try (PreparedStatement select = c.prepareStatement(SELECT)) {
            bind(c, select, merchantId, status, types, from, to);
            select.setInt(6, limit);
            List<UUID> ids = new ArrayList<>();
            try (ResultSet rs = select.executeQuery()) {
                while (rs.next()) {
                    ids.add(rs.getObject(1, UUID.class));
                }
            }
            return ids;
        }
    }

    private static long count(Connection c, String merchantId, NotificationStatus status,
                              Collection<NotificationType> types, Instant from, Instant to) throws SQLException {
        try (PreparedStatement count = c.prepareStatement(COUNT)) {
            bind(c, count, merchantId, status, types, from, to);
            try (ResultSet rs = count.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    private static void bind(Connection c, PreparedStatement s, String merchantId, NotificationStatus status,
                             Collection<NotificationType> types, Instant from, Instant to) throws SQLException {
        s.setString(1, merchantId);
        s.setString(2, status.name());
        s.setArray(3, c.createArrayOf("text", types.stream().map(NotificationType::value).toArray()));
        s.setObject(4, utc(from));
        s.setObject(5, utc(to));
    }

    private static OffsetDateTime utc(Instant instant) {
        return instant.atOffset(ZoneOffset.UTC);
    }
}

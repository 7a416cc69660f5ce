package io.paygate.kit.outbox;

import io.agroal.api.AgroalDataSource;
import io.paygate.kit.error.ApiException;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The parked events, for operators ({@code /pg/ops/outbox/parked}). A parked event stays unpublished, and so does
 * every later event of its key (parked "held behind" it), until an operator retries it: the event and the later
 * parked ones of its key go back to the relay, in their order, with their attempts counted from zero.
 */
@ApplicationScoped
public class OutboxParking {

    private static final Logger LOG = Logger.getLogger(OutboxParking.class);
    private static final String LIST = """
            SELECT id, position, topic, msg_key, publish_attempts, last_error, created_at, parked_at
            FROM outbox_event WHERE parked_at IS NOT NULL AND published_at IS NULL AND position > ?
            ORDER BY position LIMIT ?""";
    private static final String FIND = """
            SELECT topic, msg_key, position,
                   EXISTS (SELECT 1 FROM outbox_event e WHERE e.topic = o.topic AND e.msg_key = o.msg_key
                           AND e.position < o.position AND e.published_at IS NULL AND e.parked_at IS NOT NULL)
            FROM outbox_event o WHERE id = ? AND parked_at IS NOT NULL AND published_at IS NULL FOR UPDATE""";
    private static final String REQUEUE = """
            UPDATE outbox_event SET parked_at = NULL, next_attempt_at = NULL, publish_attempts = 0
            WHERE topic = ? AND msg_key = ? AND position >= ? AND published_at IS NULL AND parked_at IS NOT NULL
            RETURNING id, position""";

    /** One parked event as operators see it (the payload stays in the database: it may be what is wrong). */
    public record ParkedEvent(UUID id, long position, String topic, String key, int attempts, String lastError,
                              Instant createdAt, Instant parkedAt) {
    }

    private final AgroalDataSource dataSource;
    private final OutboxRelay relay;

    OutboxParking(AgroalDataSource dataSource, OutboxRelay relay) {
        this.dataSource = dataSource;
        this.relay = relay;
    }

    /** Up to {@code limit} parked events after position {@code after}, oldest first. */
    public List<ParkedEvent> list(long after, int limit) throws SQLException {
        List<ParkedEvent> parked = new ArrayList<>();
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(LIST)) {
            s.setLong(1, after);
            s.setInt(2, limit);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    parked.add(new ParkedEvent(rs.getObject(1, UUID.class), rs.getLong(2), rs.getString(3),
                            rs.getString(4), rs.getInt(5), rs.getString(6), rs.getTimestamp(7).toInstant(),
                            rs.getTimestamp(8).toInstant()));
                }
            }
        }
        return parked;
    }

    /**
     * Hands parked event {@code id} and the later parked events of its key back to the relay.
     *
     * @return the ids requeued, in order
     * @throws ApiException 404 when no such event is parked; 409 when an earlier event of its key is parked (retry
     *                      that one: this one would only be held behind it again)
     */
    public List<UUID> retry(UUID id) throws SQLException {
        List<UUID> requeued = new ArrayList<>();
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                String topic;
                String key;
                long position;
                try (PreparedStatement find = c.prepareStatement(FIND)) {
                    find.setObject(1, id);
                    try (ResultSet rs = find.executeQuery()) {
                        if (!rs.next()) {
                            throw ApiException.notFound();
                        }
                        if (rs.getBoolean(4)) {
                            throw ApiException.conflict("an earlier event of the same key is parked; retry that one");
                        }
                        topic = rs.getString(1);
                        key = rs.getString(2);
                        position = rs.getLong(3);
                    }
                }
                try (PreparedStatement requeue = c.prepareStatement(REQUEUE)) {
                    requeue.setString(1, topic);
                    requeue.setString(2, key);
                    requeue.setLong(3, position);
                    java.util.TreeMap<Long, UUID> byPosition = new java.util.TreeMap<>();
                    try (ResultSet rs = requeue.executeQuery()) {
                        while (rs.next()) {
                            byPosition.put(rs.getLong(2), rs.getObject(1, UUID.class));
                        }
                    }
                    requeued.addAll(byPosition.values());
                }
                try (PreparedStatement wake = c.prepareStatement("SELECT pg_notify(?, '')")) {
                    wake.setString(1, OutboxLeadership.CHANNEL);
                    wake.execute();
                }
                c.commit();
                LOG.infof("outbox: an operator requeued parked event %s (topic %s, key %s) and %d later event(s)",
                        id, topic, key, requeued.size() - 1);
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        }
        relay.wake();
        return requeued;
    }
}

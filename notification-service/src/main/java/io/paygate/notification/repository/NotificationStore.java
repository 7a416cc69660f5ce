package io.paygate.notification.repository;

import io.agroal.api.AgroalDataSource;
import io.paygate.notification.NotificationDraft;
import io.paygate.notification.NotificationStatus;
import jakarta.enterprise.context.ApplicationScoped;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * Stores notifications from a batch of events in one transaction of three statements, whatever the batch size
 * (CONTRACT §6/§7):
 * <ol>
 *   <li>the batch's resources (merchant, type, resource id) are locked with transaction-scoped advisory locks, in
 *       one order, so events of one resource are stored one batch at a time whichever consumer has them (the claim
 *       tries the same locks without waiting, {@link DeliveryClaim}: it skips a resource being stored);</li>
 *   <li>the notifications are inserted, idempotently by {@code eventId} (a unique constraint: a duplicate event
 *       changes nothing); one whose resource already has a newer event is stored OBSOLETE (never sent); a
 *       disbursement or binding notification without a registered address is stored FAILED, with the reason;</li>
 *   <li>latest state wins: older PENDING notifications of the same resources become OBSOLETE (this also covers an
 *       older and a newer event in the same batch); a pending redelivery of a DELIVERED one just goes back to
 *       DELIVERED. One whose attempt is in flight keeps its claim token and lease end: it holds its resource until
 *       its result is recorded, so the newer one is not sent before it has ended ({@link DeliveryClaim}).</li>
 * </ol>
 */
@ApplicationScoped
public class NotificationStore {

    private static final String LOCK = """
            SELECT pg_advisory_xact_lock(hashtextextended(k, 0))
            FROM (SELECT DISTINCT k FROM unnest(?::text[]) AS k ORDER BY k) keys""";
    /** The reasons name the registration fields of NotificationType.registeredUrlField(). */
    private static final String INSERT = """
            INSERT INTO notification (id, event_id, merchant_id, type, resource_id, sequence, status, callback_url,
                                      payload, next_attempt_at, last_error, occurred_at, created_at, request_id)
            SELECT u.id, u.event_id, u.merchant_id, u.type, u.resource_id, u.sequence, d.status, u.callback_url,
                   u.payload, CASE WHEN d.status = 'PENDING' THEN now() END, d.reason, u.occurred_at, now(), u.request_id
            FROM unnest(?::uuid[], ?::uuid[], ?::text[], ?::text[], ?::text[], ?::bigint[], ?::text[], ?::text[],
                        ?::timestamptz[], ?::text[])
                 WITH ORDINALITY AS u(id, event_id, merchant_id, type, resource_id, sequence, callback_url, payload,
                                      occurred_at, request_id, ord)
            CROSS JOIN LATERAL (
                SELECT CASE WHEN newest.sequence > u.sequence THEN 'OBSOLETE'
                            WHEN u.type = 'disbursement' AND c.disbursement_callback_url IS NULL THEN 'FAILED'
                            WHEN u.type = 'binding' AND c.binding_callback_url IS NULL THEN 'FAILED'
                            ELSE 'PENDING' END AS status,
                       CASE WHEN newest.sequence > u.sequence
                                 THEN 'superseded by a newer event (sequence ' || newest.sequence || ')'
                            WHEN u.type = 'disbursement' AND c.disbursement_callback_url IS NULL
                                 THEN 'no disbursementCallbackUrl registered'
                            WHEN u.type = 'binding' AND c.binding_callback_url IS NULL
                                 THEN 'no bindingCallbackUrl registered' END AS reason
                FROM (SELECT max(n.sequence) AS sequence FROM notification n
                      WHERE n.merchant_id = u.merchant_id AND n.type = u.type AND n.resource_id = u.resource_id) newest
                LEFT JOIN merchant_callbacks c ON c.merchant_id = u.merchant_id) d
            ORDER BY u.ord
            ON CONFLICT (event_id) DO NOTHING
            RETURNING id, event_id, status, last_error""";
    private static final String OBSOLETE_OLDER = """
            UPDATE notification o
            SET status = CASE WHEN o.redelivery_of = 'DELIVERED' THEN 'DELIVERED' ELSE 'OBSOLETE' END,
                next_attempt_at = CASE WHEN o.claim_token IS NOT NULL THEN o.next_attempt_at END, redelivery_of = NULL,
                last_error = 'superseded by a newer event (sequence ' || b.sequence || ')'
            FROM (SELECT merchant_id, type, resource_id, max(sequence) AS sequence FROM notification
                  WHERE id = ANY (?::uuid[]) AND status <> 'OBSOLETE'
                  GROUP BY merchant_id, type, resource_id) b
            WHERE o.merchant_id = b.merchant_id AND o.type = b.type AND o.resource_id = b.resource_id
              AND o.sequence < b.sequence AND o.status = 'PENDING'
            RETURNING o.id""";

    private final AgroalDataSource dataSource;

    NotificationStore(AgroalDataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** Stores the drafts in one transaction, all or nothing (the caller retries the whole batch). */
    public StoredBatch store(List<NotificationDraft> drafts) throws SQLException {
        Map<UUID, NotificationDraft> byEvent = new LinkedHashMap<>();
        drafts.forEach(draft -> byEvent.putIfAbsent(draft.eventId(), draft));
        List<NotificationDraft> unique = List.copyOf(byEvent.values());
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                lock(c, unique);
                List<StoredNotification> stored = insert(c, unique);
                List<UUID> obsoleted = obsoleteOlder(c, stored);
                c.commit();
                Set<UUID> inserted = new HashSet<>();
                stored.forEach(n -> inserted.add(n.eventId()));
                List<UUID> duplicates = drafts.stream().map(NotificationDraft::eventId)
                        .filter(id -> !inserted.contains(id)).toList();
                return new StoredBatch(stored, duplicates, obsoleted);
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        }
    }

    private static void lock(Connection c, List<NotificationDraft> drafts) throws SQLException {
        try (PreparedStatement lock = c.prepareStatement(LOCK)) {
            lock.setArray(1, c.createArrayOf("text",
                    drafts.stream().map(NotificationDraft::resourceKey).toArray(String[]::new)));
            try (ResultSet rs = lock.executeQuery()) {
                while (rs.next()) {
                    // one row per lock taken
                }
            }
        }
    }

    private static List<StoredNotification> insert(Connection c, List<NotificationDraft> drafts) throws SQLException {
        int n = drafts.size();
        String[] ids = new String[n];
        String[] eventIds = new String[n];
        String[] merchants = new String[n];
        String[] types = new String[n];
        String[] resources = new String[n];
        String[] sequences = new String[n];
        String[] urls = new String[n];
        String[] payloads = new String[n];
        String[] occurred = new String[n];
        String[] requestIds = new String[n];
        for (int i = 0; i < n; i++) {
            NotificationDraft d = drafts.get(i);
            ids[i] = UUID.randomUUID().toString();
            eventIds[i] = d.eventId().toString();
            merchants[i] = d.merchantId();
            types[i] = d.type().value();
            resources[i] = d.resourceId();
            sequences[i] = Long.toString(d.sequence());
            urls[i] = d.callbackUrl();
            payloads[i] = d.payload();
            occurred[i] = d.occurredAt().toString();
            requestIds[i] = d.requestId();
        }
        List<StoredNotification> stored = new ArrayList<>(n);
        try (PreparedStatement insert = c.prepareStatement(INSERT)) {
            String[][] columns = {ids, eventIds, merchants, types, resources, sequences, urls, payloads, occurred,
                    requestIds};
            for (int i = 0; i < columns.length; i++) {
                insert.setArray(i + 1, c.createArrayOf("text", columns[i]));
            }
            try (ResultSet rs = insert.executeQuery()) {
                while (rs.next()) {
                    stored.add(new StoredNotification(rs.getObject(1, UUID.class), rs.getObject(2, UUID.class),
                            NotificationStatus.valueOf(rs.getString(3)), rs.getString(4)));
                }
            }
        }
        return stored;
    }

    private static List<UUID> obsoleteOlder(Connection c, List<StoredNotification> stored) throws SQLException {
        if (stored.isEmpty()) {
            return List.of();
        }
        List<UUID> obsoleted = new ArrayList<>();
        try (PreparedStatement update = c.prepareStatement(OBSOLETE_OLDER)) {
            update.setArray(1, c.createArrayOf("text",
                    stored.stream().map(n -> n.id().toString()).toArray(String[]::new)));
            try (ResultSet rs = update.executeQuery()) {
                while (rs.next()) {
                    obsoleted.add(rs.getObject(1, UUID.class));
                }
            }
        }
        return obsoleted;
    }
}

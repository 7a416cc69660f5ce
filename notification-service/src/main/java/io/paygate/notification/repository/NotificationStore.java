package io.paygate.notification.repository;

import io.agroal.api.AgroalDataSource;
import io.paygate.notification.NotificationDraft;
import io.paygate.notification.NotificationStatus;
import io.paygate.notification.NotificationType;
import jakarta.enterprise.context.ApplicationScoped;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * Stores notifications from a batch of events in one transaction of two statements, whatever the batch size
 * (docs/contract.md §6/§7):
 * <ol>
 *   <li>{@link #LOCK}: the batch's resources (merchant, type, resource id) are locked with transaction-scoped advisory
 *       locks, in one order, so events of one resource are stored one batch at a time whichever consumer has them
 *       (the claim tries the same locks without waiting, {@link DeliveryClaim}: it skips a resource being stored);</li>
 *   <li>{@link #STORE}: the notifications are inserted, idempotently by {@code eventId} (a unique constraint: a
 *       duplicate event changes nothing); one whose resource already has a newer event, stored or in this batch, is
 *       stored OBSOLETE (never sent); a disbursement or binding notification without a registered address is stored
 *       FAILED, with the reason. Latest state wins: in the same statement, older PENDING notifications of the
 *       resources stored are made OBSOLETE (a pending redelivery of a DELIVERED one just goes back to DELIVERED). One
 *       whose attempt is in flight keeps its lease token and lease end: it holds its resource until its result is
 *       recorded, so the newer one is not sent before it has ended ({@link DeliveryClaim}).</li>
 * </ol>
 * <b>Hand-off</b> ({@link LeaseOffer}): the dispatcher of this instance may offer room for attempts. The newest
 * notification of each resource of the batch, while its merchant has room, is then inserted already leased to this
 * instance (a {@code lease_token} and {@code lease_until}, as a claim would lease it) when no row of its resource holds
 * a token, and comes back in {@link StoredBatch#leased()}: the dispatcher starts its attempt after the commit, without a
 * claim transaction. That is safe for the same reason the claim is: the token is set by a transaction that holds the
 * resource's advisory lock, in a statement whose snapshot was taken after it got the lock, so it sees every token a
 * claim or another store of the resource committed before, and none can be set while it runs.
 * <p>
 * Both statements reach the rows of a resource through {@code notification_resource} (the newest event, the tokens,
 * the older PENDING ones), never through {@code notification_due}, the index of every PENDING row
 * ({@code DeliveryQueueClaimTest} checks the plans).
 */
@ApplicationScoped
public class NotificationStore {

    /**
     * Also prices sequential scans out for the rest of the transaction (as {@code SET LOCAL}, without a round trip of
     * its own): a plan cached while the table was small must not scan it once it has grown.
     */
    static final String LOCK = """
            WITH settings AS MATERIALIZED (SELECT set_config('enable_seqscan', 'off', true))
            SELECT pg_advisory_xact_lock(hashtextextended(k, 0))
            FROM settings, (SELECT DISTINCT k FROM unnest(?::text[]) AS k ORDER BY k) keys""";
    /**
     * Parameters: the drafts' columns (id, event id, merchant, type, resource, sequence, callback URL, payload, body
     * signature, its key id, occurred at, whether to lease it if it can, the request id, the order id), the lease token
     * and the lease in seconds.
     * The older PENDING rows are picked out by {@code status NOT IN (the three others)}: the same rows (the column's
     * check allows four values), but a condition the planner cannot match to {@code notification_due}'s predicate, so
     * it reaches them per resource; with {@code status = 'PENDING'} it bitmap-scanned every PENDING row of the queue.
     * The update sees the rows of before this statement only: the older ones of this batch are inserted OBSOLETE.
     * Returns the rows inserted (id, event id, status, reason, whether leased, the registered address of a leased
     * disbursement or binding notification; payment and subscription notifications carry theirs) and then those made
     * OBSOLETE (id, the rest null).
     */
    static final String STORE = """
            WITH u AS (
                SELECT u.*, max(u.sequence) OVER (PARTITION BY u.merchant_id, u.type, u.resource_id) AS batch_newest
                FROM unnest(?::uuid[], ?::uuid[], ?::text[], ?::text[], ?::text[], ?::bigint[], ?::text[], ?::text[],
                            ?::text[], ?::text[], ?::timestamptz[], ?::bool[], ?::text[], ?::text[])
                     WITH ORDINALITY AS u(id, event_id, merchant_id, type, resource_id, sequence, callback_url, payload,
                                          body_signature, signed_with, occurred_at, lease, request_id, order_id, ord)),
            stored AS (
                INSERT INTO notification AS n (id, event_id, merchant_id, type, resource_id, sequence, status,
                                               callback_url, payload, body_signature, signed_with, next_attempt_at,
                                               lease_token, lease_until, last_error, occurred_at, created_at,
                                               request_id, order_id)
                SELECT u.id, u.event_id, u.merchant_id, u.type, u.resource_id, u.sequence, d.status, u.callback_url,
                       u.payload, u.body_signature, u.signed_with, CASE WHEN d.status = 'PENDING' THEN now() END,
                       CASE WHEN d.leased THEN ?::uuid END,
                       CASE WHEN d.leased THEN clock_timestamp() + make_interval(secs => ?) END,
                       d.reason, u.occurred_at, now(), u.request_id, u.order_id
                FROM u CROSS JOIN LATERAL (
                    SELECT s.status, s.reason, s.status = 'PENDING' AND u.lease AND NOT r.held AS leased
                    FROM (SELECT greatest(max(x.sequence), u.batch_newest) AS newest,
                                 coalesce(bool_or(x.lease_token IS NOT NULL), false) AS held
                          FROM notification x
                          WHERE x.merchant_id = u.merchant_id AND x.type = u.type AND x.resource_id = u.resource_id) r
                    LEFT JOIN merchant_callbacks c ON c.merchant_id = u.merchant_id
                    CROSS JOIN LATERAL (SELECT u.type IN (%2$s) AND (%1$s) IS NULL AS unregistered,
                                               %3$s AS field) g
                    CROSS JOIN LATERAL (
                        SELECT CASE WHEN r.newest > u.sequence THEN 'OBSOLETE'
                                    WHEN g.unregistered THEN 'FAILED'
                                    ELSE 'PENDING' END AS status,
                               CASE WHEN r.newest > u.sequence
                                         THEN 'superseded by a newer event (sequence ' || r.newest || ')'
                                    WHEN g.unregistered THEN 'no ' || g.field || ' registered' END AS reason) s) d
                ORDER BY u.ord
                ON CONFLICT (event_id, type) DO NOTHING
                RETURNING n.id, n.event_id, n.merchant_id, n.type, n.resource_id, n.sequence, n.status, n.last_error,
                          n.lease_token IS NOT NULL AS leased,
                          CASE WHEN n.lease_token IS NOT NULL AND n.type IN (%2$s)
                               THEN (SELECT %4$s
                                     FROM merchant_callbacks c WHERE c.merchant_id = n.merchant_id) END AS registered),
            superseded AS (
                UPDATE notification o
                SET status = CASE WHEN o.redelivery_of = 'DELIVERED' THEN 'DELIVERED' ELSE 'OBSOLETE' END,
                    next_attempt_at = NULL, redelivery_of = NULL,
                    last_error = 'superseded by a newer event (sequence ' || b.sequence || ')'
                FROM (SELECT merchant_id, type, resource_id, max(sequence) AS sequence FROM stored
                      WHERE status <> 'OBSOLETE' GROUP BY merchant_id, type, resource_id) b
                WHERE o.merchant_id = b.merchant_id AND o.type = b.type AND o.resource_id = b.resource_id
                  AND o.sequence < b.sequence AND o.status NOT IN ('DELIVERED', 'FAILED', 'OBSOLETE')
                RETURNING o.id)
            SELECT id, event_id, status, last_error, leased, registered FROM stored
            UNION ALL
            SELECT id, NULL, NULL, NULL, false, NULL FROM superseded""".formatted(
            NotificationType.registeredUrlSql("u", "c"), NotificationType.registeredTypesSql(), fieldSql(),
            NotificationType.registeredUrlSql("n", "c"));

    private final AgroalDataSource dataSource;

    /** SQL: the registration field of a draft aliased {@code u} ({@code 'bindingCallbackUrl'} …), for the reason. */
    private static String fieldSql() {
        StringBuilder sql = new StringBuilder("CASE u.type");
        for (NotificationType type : NotificationType.values()) {
            type.registeredUrlField().ifPresent(field -> sql.append(" WHEN '").append(type.value()).append("' THEN '")
                    .append(field).append('\''));
        }
        return sql.append(" END").toString();
    }

    NotificationStore(AgroalDataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** Stores the drafts in one transaction, all or nothing (the caller retries the whole batch); leases none. */
    public StoredBatch store(List<NotificationDraft> drafts) throws SQLException {
        return store(drafts, LeaseOffer.NONE);
    }

    /**
     * Stores the drafts in one transaction, all or nothing (the caller retries the whole batch), and leases what the
     * offer allows (see the class comment).
     */
    public StoredBatch store(List<NotificationDraft> drafts, LeaseOffer offer) throws SQLException {
        Map<String, NotificationDraft> byEvent = new LinkedHashMap<>();
        drafts.forEach(draft -> byEvent.putIfAbsent(draft.eventId() + "/" + draft.type().value(), draft));
        List<NotificationDraft> unique = List.copyOf(byEvent.values());
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                lock(c, unique);
                long leaseSetNanos = System.nanoTime();
                StoredBatch batch = insert(c, unique, offer, leaseSetNanos, drafts);
                c.commit();
                return batch;
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

    private static StoredBatch insert(Connection c, List<NotificationDraft> drafts, LeaseOffer offer,
                                      long leaseSetNanos, List<NotificationDraft> all) throws SQLException {
        int n = drafts.size();
        boolean[] wished = offer.wishes(drafts);
        String[] ids = new String[n];
        String[] eventIds = new String[n];
        String[] merchants = new String[n];
        String[] types = new String[n];
        String[] resources = new String[n];
        String[] sequences = new String[n];
        String[] urls = new String[n];
        String[] payloads = new String[n];
        String[] signatures = new String[n];
        String[] keyIds = new String[n];
        String[] occurred = new String[n];
        String[] lease = new String[n];
        String[] requestIds = new String[n];
        String[] orderIds = new String[n];
        Map<UUID, NotificationDraft> byId = new HashMap<>();
        for (int i = 0; i < n; i++) {
            NotificationDraft d = drafts.get(i);
            UUID id = UUID.randomUUID();
            byId.put(id, d);
            ids[i] = id.toString();
            eventIds[i] = d.eventId().toString();
            merchants[i] = d.merchantId();
            types[i] = d.type().value();
            resources[i] = d.resourceId();
            sequences[i] = Long.toString(d.sequence());
            urls[i] = d.callbackUrl();
            payloads[i] = d.payload();
            signatures[i] = d.signature() == null ? null : d.signature().value();
            keyIds[i] = d.signature() == null ? null : d.signature().keyId();
            occurred[i] = d.occurredAt().toString();
            lease[i] = Boolean.toString(wished[i]);
            requestIds[i] = d.requestId();
            orderIds[i] = d.orderId();
        }
        List<StoredNotification> stored = new ArrayList<>(n);
        List<UUID> obsoleted = new ArrayList<>();
        List<ClaimedNotification> leased = new ArrayList<>();
        try (PreparedStatement insert = c.prepareStatement(STORE)) {
            String[][] columns = {ids, eventIds, merchants, types, resources, sequences, urls, payloads, signatures,
                    keyIds, occurred, lease, requestIds, orderIds};
            for (int i = 0; i < columns.length; i++) {
                insert.setArray(i + 1, c.createArrayOf("text", columns[i]));
            }
            insert.setObject(columns.length + 1, offer.token());
            insert.setDouble(columns.length + 2, offer.lease().toMillis() / 1000.0);
            try (ResultSet rs = insert.executeQuery()) {
                while (rs.next()) {
                    UUID id = rs.getObject(1, UUID.class);
                    String status = rs.getString(3);
                    if (status == null) {
                        obsoleted.add(id);
                        continue;
                    }
                    stored.add(new StoredNotification(id, rs.getObject(2, UUID.class),
                            NotificationStatus.valueOf(status), rs.getString(4)));
                    if (rs.getBoolean(5)) {
                        NotificationDraft d = byId.get(id);
                        String url = d.type().registeredUrlField().isPresent() ? rs.getString(6) : d.callbackUrl();
                        leased.add(new ClaimedNotification(id, offer.token(), d.merchantId(), d.type(),
                                d.resourceId(), url, d.payload(), 0, null, d.signature(), d.requestId()));
                    }
                }
            }
        }
        Set<UUID> inserted = new HashSet<>();
        stored.forEach(s -> inserted.add(s.eventId()));
        List<UUID> duplicates = all.stream().map(NotificationDraft::eventId).filter(id -> !inserted.contains(id))
                .distinct().toList();
        return new StoredBatch(stored, duplicates, obsoleted, leased, leaseSetNanos);
    }
}

package io.paygate.payment.link;

import io.paygate.kit.web.PageLanguage;
import io.paygate.model.api.link.LinkPayment;
import io.paygate.model.api.payment.PaymentLinkRef;
import jakarta.inject.Singleton;

import javax.sql.DataSource;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The {@code payment_link} and {@code payment_link_use} rows (V28), in plain SQL on the pool's connection: inside a
 * transaction the statements join it (the start's row lock lasts until it commits), outside one each commits by itself.
 */
@Singleton
public class PaymentLinks {

    private static final String COLUMNS = """
            l.id, l.merchant_id, l.link_id, l.link_code, l.content_hash, l.description, l.amount, l.min_amount,
            l.max_amount, l.currency, l.expires_at, l.usage_limit, l.methods, l.customer, l.notify_email,
            l.callback_url, l.return_url, l.success_url, l.fail_url, l.back_url, l.status, l.last_n, l.created_at""";
    /**
     * Captured counts every payment that was ever captured (a refund or reversal gives no slot back: the money was
     * taken once); in flight is what could still be captured: PENDING or PROCESSING, until the payment ends.
     */
    private static final String COUNTS = """
            SELECT count(*) FILTER (WHERE p.status IN ('CAPTURED', 'PARTIALLY_REFUNDED', 'REFUNDED', 'REVERSED')),
                   coalesce(sum(p.amount) FILTER (WHERE p.status IN ('CAPTURED', 'PARTIALLY_REFUNDED', 'REFUNDED',
                       'REVERSED')), 0),
                   count(*) FILTER (WHERE p.status IN ('PENDING', 'PROCESSING'))
            FROM payment_link_use u JOIN payment p ON p.payment_code = u.payment_code
            WHERE u.link = ?""";

    /** {@link #COUNTS} of the link's other payments than one. */
    private static final String COUNTS_WITHOUT = COUNTS + " AND u.payment_code <> ?";

    /** The number of the link {@code l}'s payments ever captured, as {@link #COUNTS} counts them. */
    private static final String CAPTURED = """
            (SELECT count(*) FROM payment_link_use u JOIN payment p ON p.payment_code = u.payment_code
             WHERE u.link = l.id AND p.status IN ('CAPTURED', 'PARTIALLY_REFUNDED', 'REFUNDED', 'REVERSED'))""";

    private final DataSource dataSource;

    PaymentLinks(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** Inserts the link unless the merchant has one with its id (or its code is taken): whether it was inserted. */
    boolean insertIfAbsent(LinkRow l) {
        return run("""
                INSERT INTO payment_link (id, merchant_id, link_id, link_code, content_hash, description, amount,
                    min_amount, max_amount, currency, expires_at, usage_limit, methods, customer, notify_email,
                    callback_url, return_url, success_url, fail_url, back_url, status, last_n, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT DO NOTHING""", s -> {
            bind(s, l.id(), l.merchantId(), l.linkId(), l.linkCode(), l.contentHash(), l.description(), l.amount(),
                    l.minAmount(), l.maxAmount(), l.currency(), Timestamp.from(l.expiresAt()), l.usageLimit(),
                    l.methods(), l.customer(), l.notifyEmail(), l.callbackUrl(), l.returnUrl(), l.successUrl(),
                    l.failUrl(), l.backUrl(), l.status(), l.lastN(), Timestamp.from(l.createdAt()),
                    Timestamp.from(l.createdAt()));
            return s.executeUpdate() == 1;
        });
    }

    /** Whether the merchant has a link {@code linkId} (one statement, no counts). */
    boolean exists(String merchantId, String linkId) {
        return run("SELECT 1 FROM payment_link WHERE merchant_id = ? AND link_id = ?", s -> {
            bind(s, merchantId, linkId);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next();
            }
        });
    }

    /** The link of {@code linkCode}, with its counts (not locked: what its page shows). */
    Optional<LinkRow> findByCode(String linkCode) {
        return one("SELECT " + COLUMNS + " FROM payment_link l WHERE l.link_code = ?", linkCode).map(this::counted);
    }

    /** The merchant's link {@code linkId}, with its counts. */
    Optional<LinkRow> find(String merchantId, String linkId) {
        return one("SELECT " + COLUMNS + " FROM payment_link l WHERE l.merchant_id = ? AND l.link_id = ?",
                merchantId, linkId).map(this::counted);
    }

    /**
     * The link of {@code linkCode}, locked until the transaction ends, with its counts read under the lock. The counts
     * are a second statement on purpose: a {@code FOR UPDATE} that waited for another start re-reads only the locked
     * row when it gets the lock, so counts computed in the same statement would be from before that start committed;
     * the second statement (READ COMMITTED) sees its payment.
     */
    Optional<LinkRow> lockByCode(String linkCode) {
        return one("SELECT " + COLUMNS + " FROM payment_link l WHERE l.link_code = ? FOR UPDATE", linkCode)
                .map(this::counted);
    }

    /** A link's payment: its link (without counts) and the language its customer read the link's page in. */
    record Use(LinkRow link, PageLanguage language) {
    }

    /** The link whose payment {@code paymentCode} is, if it is a link's payment. */
    Optional<Use> useOf(String paymentCode) {
        return run("SELECT " + COLUMNS + ", u.language FROM payment_link_use u JOIN payment_link l ON l.id = u.link"
                + " WHERE u.payment_code = ?", s -> {
            bind(s, paymentCode);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? Optional.of(new Use(row(rs), PageLanguage.ofTag(rs.getString(24))))
                        : Optional.<Use>empty();
            }
        });
    }

    /**
     * The link {@code id}, locked until the transaction ends, with the counts of its payments other than
     * {@code paymentCode}: that payment's transaction asks, and its own change may not be written yet.
     */
    Optional<LinkRow> lockWithout(UUID id, String paymentCode) {
        return one("SELECT " + COLUMNS + " FROM payment_link l WHERE l.id = ? FOR UPDATE", id)
                .map(l -> l.with(counts(COUNTS_WITHOUT, l.id(), paymentCode)));
    }

    /**
     * Up to {@code limit} ACTIVE links past their expiry at {@code now}, oldest expiry first, locked until the
     * transaction ends, with their counts. {@code SKIP LOCKED}: a link another sweeper (or a start, a capture, a
     * deactivation) holds is left to it, and once that commits its status is no longer ACTIVE or it is claimed later,
     * so no two sweepers ever move one link.
     */
    List<LinkRow> claimExpired(Instant now, int limit) {
        List<LinkRow> rows = run("SELECT " + COLUMNS + " FROM payment_link l WHERE l.status = 'ACTIVE'"
                + " AND l.expires_at <= ? ORDER BY l.expires_at LIMIT ? FOR UPDATE SKIP LOCKED", s -> {
            bind(s, Timestamp.from(now), limit);
            List<LinkRow> out = new ArrayList<>();
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    out.add(row(rs));
                }
            }
            return out;
        });
        return rows.stream().map(this::counted).toList();
    }

    /** {@code link} {id, linkCode} of the link {@code id}, when there is one. */
    Optional<PaymentLinkRef> ref(UUID id) {
        return run("SELECT link_id, link_code FROM payment_link WHERE id = ?", s -> {
            bind(s, id);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? Optional.of(new PaymentLinkRef(rs.getString(1), rs.getString(2)))
                        : Optional.<PaymentLinkRef>empty();
            }
        });
    }

    /** The merchant's link {@code linkId}, locked until the transaction ends, with its counts. */
    Optional<LinkRow> lock(String merchantId, String linkId) {
        return one("SELECT " + COLUMNS + " FROM payment_link l WHERE l.merchant_id = ? AND l.link_id = ? FOR UPDATE",
                merchantId, linkId).map(this::counted);
    }

    /**
     * Up to {@code limit} of the merchant's links, newest first, after the position ({@code afterAt}, {@code afterId})
     * when given, each with its counts; {@code status} (null: any) narrows to links that read as it at {@code now}.
     */
    List<LinkRow> page(String merchantId, LinkStatus status, Instant now, Instant afterAt, UUID afterId, int limit) {
        List<Object> args = new ArrayList<>(List.of(merchantId));
        StringBuilder sql = new StringBuilder("SELECT " + COLUMNS + " FROM payment_link l WHERE l.merchant_id = ?");
        if (status != null) {
            String paid = "(l.usage_limit IS NOT NULL AND " + CAPTURED + " >= l.usage_limit)";
            sql.append(switch (status) {
                case INACTIVE -> " AND l.status = 'INACTIVE'";
                case PAID -> " AND (l.status = 'PAID' OR (l.status = 'ACTIVE' AND " + paid + "))";
                case EXPIRED -> " AND (l.status = 'EXPIRED' OR (l.status = 'ACTIVE' AND NOT " + paid
                        + " AND l.expires_at <= ?))";
                case ACTIVE -> " AND l.status = 'ACTIVE' AND NOT " + paid + " AND l.expires_at > ?";
            });
            if (status == LinkStatus.EXPIRED || status == LinkStatus.ACTIVE) {
                args.add(Timestamp.from(now));
            }
        }
        if (afterAt != null) {
            sql.append(" AND (l.created_at, l.id) < (?, ?)");
            args.add(Timestamp.from(afterAt));
            args.add(afterId);
        }
        sql.append(" ORDER BY l.created_at DESC, l.id DESC LIMIT ?");
        args.add(limit);
        List<LinkRow> rows = run(sql.toString(), s -> {
            bind(s, args.toArray());
            List<LinkRow> out = new ArrayList<>();
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    out.add(row(rs));
                }
            }
            return out;
        });
        return rows.stream().map(this::counted).toList();
    }

    /** The link's payments, oldest first. */
    List<LinkPayment> payments(UUID link) {
        return run("""
                SELECT u.order_id, p.status, p.amount FROM payment_link_use u
                JOIN payment p ON p.payment_code = u.payment_code WHERE u.link = ? ORDER BY u.n""", s -> {
            bind(s, link);
            List<LinkPayment> out = new ArrayList<>();
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    out.add(new LinkPayment(rs.getString(1), rs.getString(2), rs.getBigDecimal(3)));
                }
            }
            return out;
        });
    }

    /**
     * Moves the stored status and takes the link's next event sequence (the caller holds the row's lock and checked the
     * move). @return that sequence
     */
    long setStatus(UUID link, LinkStatus status, Instant now) {
        return run("UPDATE payment_link SET status = ?, sequence = sequence + 1, updated_at = ? WHERE id = ?"
                + " RETURNING sequence", s -> {
            bind(s, status.name(), Timestamp.from(now), link);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        });
    }

    /**
     * Records payment {@code n} of the link, marks the payment as the link's ({@code payment.link_id}) and makes it the
     * link's latest (the caller holds the row's lock).
     */
    void recordUse(UUID link, int n, String orderId, String paymentCode, PageLanguage language, Instant now) {
        run("INSERT INTO payment_link_use (link, n, order_id, payment_code, language, created_at)"
                + " VALUES (?, ?, ?, ?, ?, ?)", s -> {
            bind(s, link, n, orderId, paymentCode, language.tag(), Timestamp.from(now));
            return s.executeUpdate();
        });
        run("UPDATE payment SET link_id = ? WHERE payment_code = ?", s -> {
            bind(s, link, paymentCode);
            return s.executeUpdate();
        });
        run("UPDATE payment_link SET last_n = ?, updated_at = ? WHERE id = ?", s -> {
            bind(s, n, Timestamp.from(now), link);
            return s.executeUpdate();
        });
    }

    private LinkRow counted(LinkRow l) {
        return l.with(counts(COUNTS, l.id()));
    }

    private LinkRow.Counts counts(String sql, Object... args) {
        return run(sql, s -> {
            bind(s, args);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return new LinkRow.Counts(rs.getInt(1), rs.getBigDecimal(2), rs.getInt(3));
            }
        });
    }

    private Optional<LinkRow> one(String sql, Object... args) {
        return run(sql, s -> {
            bind(s, args);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? Optional.of(row(rs)) : Optional.<LinkRow>empty();
            }
        });
    }

    private static LinkRow row(ResultSet rs) throws SQLException {
        int i = 0;
        return new LinkRow(rs.getObject(++i, UUID.class), rs.getString(++i), rs.getString(++i), rs.getString(++i),
                rs.getString(++i), rs.getString(++i), rs.getBigDecimal(++i), rs.getBigDecimal(++i),
                rs.getBigDecimal(++i), rs.getString(++i), rs.getTimestamp(++i).toInstant(),
                (Integer) rs.getObject(++i), rs.getString(++i), rs.getString(++i), rs.getBoolean(++i),
                rs.getString(++i), rs.getString(++i), rs.getString(++i), rs.getString(++i), rs.getString(++i),
                rs.getString(++i), rs.getInt(++i), rs.getTimestamp(++i).toInstant(), LinkRow.Counts.NONE);
    }

    private static void bind(PreparedStatement s, Object... args) throws SQLException {
        for (int i = 0; i < args.length; i++) {
            s.setObject(i + 1, args[i]);
        }
    }

    private interface Statement<T> {
        T apply(PreparedStatement s) throws SQLException;
    }

    private <T> T run(String sql, Statement<T> work) {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            return work.apply(s);
        } catch (SQLException e) {
            // An outage is answered 503SS00 by service-kit's mappers (they look through the causes).
            throw new IllegalStateException("payment link statement failed", e);
        }
    }

    static BigDecimal money(String amount) {
        return amount == null ? null : new BigDecimal(amount).setScale(2);
    }
}

package io.paygate.payment.mail;

import io.agroal.api.AgroalDataSource;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The {@code mail_outbox} rows (V30), in plain SQL on the pool's connection: {@link #enqueue} joins the caller's
 * transaction (the mail commits with its cause, or not at all); the sender's statements each commit by themselves.
 * A row moves QUEUED → SENDING (claimed, under a lease) → SENT, back to QUEUED (not sent: retried later), FAILED
 * (refused for good, or given up) or UNKNOWN (the outcome is not known: never sent again by itself).
 */
@ApplicationScoped
public class MailOutbox {

    /** Claimed ids come back as an array so that the outer update reads them by primary key (see CycleClaims). */
    private static final String CLAIM = """
            UPDATE mail_outbox SET state = 'SENDING', lease_until = ?, attempts = attempts + 1
            WHERE id = ANY (ARRAY(SELECT id FROM mail_outbox WHERE state = 'QUEUED' AND next_attempt_at <= ?
                                  ORDER BY next_attempt_at LIMIT ? FOR UPDATE SKIP LOCKED))
            RETURNING id, kind, recipient, subject, text_body, html_body, attempts, created_at""";

    private final AgroalDataSource dataSource;
    private final MeterRegistry metrics;

    MailOutbox(AgroalDataSource dataSource, MeterRegistry metrics) {
        this.dataSource = dataSource;
        this.metrics = metrics;
    }

    /**
     * Queues {@code mail} in the caller's transaction, unless the same mail (kind, link, payment) was queued before:
     * whether it was queued now.
     */
    public boolean enqueue(OutgoingMail mail, Instant now) {
        boolean queued = run("""
                INSERT INTO mail_outbox (id, kind, link, payment_code, merchant_id, recipient, language, subject,
                    text_body, html_body, state, next_attempt_at, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'QUEUED', ?, ?)
                ON CONFLICT DO NOTHING""", s -> {
            bind(s, UUID.randomUUID(), mail.kind().name(), mail.link(), mail.paymentCode(), mail.merchantId(),
                    mail.recipient(), mail.language(), mail.subject(), mail.text(), mail.html(), Timestamp.from(now),
                    Timestamp.from(now));
            return s.executeUpdate() == 1;
        });
        if (queued) {
            metrics.counter("paygate.mail.queued", "kind", mail.kind().name()).increment();
        }
        return queued;
    }

    /** A claimed mail, SENDING until its lease ends. */
    record Claimed(UUID id, String kind, String recipient, String subject, String text, String html, int attempts,
                   Instant createdAt) {
    }

    /** Claims up to {@code limit} mails due at {@code now} until {@code leaseUntil}; committed on return. */
    List<Claimed> claim(Instant now, Instant leaseUntil, int limit) {
        return run(CLAIM, s -> {
            bind(s, Timestamp.from(leaseUntil), Timestamp.from(now), limit);
            List<Claimed> claimed = new ArrayList<>();
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    claimed.add(new Claimed(rs.getObject(1, UUID.class), rs.getString(2), rs.getString(3),
                            rs.getString(4), rs.getString(5), rs.getString(6), rs.getInt(7),
                            rs.getTimestamp(8).toInstant()));
                }
            }
            return claimed;
        });
    }

    /**
     * The mail was accepted by the SMTP server. Also from UNKNOWN: a send that outlived its lease and then succeeded
     * is known after all.
     */
    void sent(UUID id, Instant now) {
        update("UPDATE mail_outbox SET state = 'SENT', sent_at = ?, lease_until = NULL, last_error = NULL"
                + " WHERE id = ? AND state IN ('SENDING', 'UNKNOWN')", Timestamp.from(now), id);
    }

    /** The mail was not sent (the server was away, or answered 4xx): it waits until {@code at}. */
    void retry(UUID id, Instant at, String error) {
        update("UPDATE mail_outbox SET state = 'QUEUED', next_attempt_at = ?, lease_until = NULL, last_error = ?"
                + " WHERE id = ? AND state = 'SENDING'", Timestamp.from(at), cut(error), id);
    }

    /** The mail was refused for good, or given up: never sent. */
    void failed(UUID id, String error) {
        update("UPDATE mail_outbox SET state = 'FAILED', lease_until = NULL, last_error = ?"
                + " WHERE id = ? AND state = 'SENDING'", cut(error), id);
    }

    /** Whether the server took the mail is not known: it is not sent again by itself (operations.md). */
    void unknown(UUID id, String error) {
        update("UPDATE mail_outbox SET state = 'UNKNOWN', lease_until = NULL, last_error = ?"
                + " WHERE id = ? AND state = 'SENDING'", cut(error), id);
    }

    /**
     * Mails still SENDING after their lease (their sender died, or hangs, mid-send) become UNKNOWN; how many.
     */
    int lapse(Instant now) {
        return update("UPDATE mail_outbox SET state = 'UNKNOWN', lease_until = NULL,"
                + " last_error = 'the sender''s lease ran out before it knew the outcome'"
                + " WHERE state = 'SENDING' AND lease_until < ?", Timestamp.from(now));
    }

    private int update(String sql, Object... args) {
        return run(sql, s -> {
            bind(s, args);
            return s.executeUpdate();
        });
    }

    private static String cut(String error) {
        return error == null || error.length() <= 500 ? error : error.substring(0, 500);
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
            throw new IllegalStateException("mail outbox statement failed", e);
        }
    }
}

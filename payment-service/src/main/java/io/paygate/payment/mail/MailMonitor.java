package io.paygate.payment.mail;

import io.agroal.api.AgroalDataSource;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.paygate.kit.db.OutageTolerant;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The mail outbox for operators (operations.md), the same at every replica (read from the database): gauges
 * {@code paygate_mail_waiting} (queued or being sent), {@code paygate_mail_oldest_waiting_seconds} (how long the
 * oldest of them has waited: the SMTP server is away or refuses) and {@code paygate_mail_unknown} (mail whose outcome
 * is unknown, waiting for an operator), beside the counters {@code paygate_mail_queued_total},
 * {@code paygate_mail_sent_total} and {@code paygate_mail_failed_total} (reason refused, expired or unknown).
 */
@ApplicationScoped
public class MailMonitor {

    private static final String BACKLOG = """
            SELECT count(*) FILTER (WHERE state IN ('QUEUED', 'SENDING')),
                   COALESCE(EXTRACT(EPOCH FROM now() - min(created_at) FILTER (WHERE state IN ('QUEUED', 'SENDING'))),
                            0),
                   count(*) FILTER (WHERE state = 'UNKNOWN')
            FROM mail_outbox WHERE state IN ('QUEUED', 'SENDING', 'UNKNOWN')""";

    private final AgroalDataSource dataSource;
    private final AtomicLong waiting = new AtomicLong();
    private final AtomicLong oldestSeconds = new AtomicLong();
    private final AtomicLong unknown = new AtomicLong();

    MailMonitor(AgroalDataSource dataSource, MeterRegistry registry) {
        this.dataSource = dataSource;
        Gauge.builder("paygate.mail.waiting", waiting, AtomicLong::get)
                .description("Mail queued or being sent").register(registry);
        Gauge.builder("paygate.mail.oldest.waiting.seconds", oldestSeconds, AtomicLong::get)
                .description("How long the oldest mail not yet sent has waited").baseUnit("seconds")
                .register(registry);
        Gauge.builder("paygate.mail.unknown", unknown, AtomicLong::get)
                .description("Mail whose sending outcome is unknown: not sent again until an operator says so")
                .register(registry);
    }

    @Scheduled(every = "10s", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    @OutageTolerant
    public void refresh() throws SQLException {
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery(BACKLOG)) {
            rs.next();
            waiting.set(rs.getLong(1));
            oldestSeconds.set((long) rs.getDouble(2));
            unknown.set(rs.getLong(3));
        }
    }
}

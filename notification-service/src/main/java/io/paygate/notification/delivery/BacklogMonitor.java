package io.paygate.notification.delivery;

import io.paygate.kit.db.OutageTolerant;
import io.agroal.api.AgroalDataSource;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The delivery backlog for operators: {@code paygate_notifications_pending} (waiting for a first or next attempt),
 * {@code paygate_notifications_retry_backlog} (pending after at least one failed attempt) and
 * {@code paygate_notifications_overdue_seconds} (how late the most overdue attempt is: a growing value means the
 * dispatchers cannot keep up).
 */
@ApplicationScoped
public class BacklogMonitor {

    private static final String BACKLOG = """
            SELECT count(*), count(*) FILTER (WHERE attempts > 0),
                   COALESCE(EXTRACT(EPOCH FROM now() - min(next_attempt_at)), 0)
            FROM notification WHERE status = 'PENDING'""";

    private final AgroalDataSource dataSource;
    private final AtomicLong pending = new AtomicLong();
    private final AtomicLong retrying = new AtomicLong();
    private final AtomicLong overdueSeconds = new AtomicLong();

    BacklogMonitor(AgroalDataSource dataSource, MeterRegistry registry) {
        this.dataSource = dataSource;
        Gauge.builder("paygate.notifications.pending", pending, AtomicLong::get)
                .description("Notifications waiting for an attempt").register(registry);
        Gauge.builder("paygate.notifications.retry.backlog", retrying, AtomicLong::get)
                .description("Pending notifications whose earlier attempts failed").register(registry);
        Gauge.builder("paygate.notifications.overdue.seconds", overdueSeconds, AtomicLong::get)
                .description("How late the most overdue attempt is").baseUnit("seconds").register(registry);
    }

    @Scheduled(every = "10s", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    @OutageTolerant
    public void refresh() throws SQLException {
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery(BACKLOG)) {
            rs.next();
            pending.set(rs.getLong(1));
            retrying.set(rs.getLong(2));
            overdueSeconds.set(Math.max(0, (long) rs.getDouble(3)));
        }
    }
}

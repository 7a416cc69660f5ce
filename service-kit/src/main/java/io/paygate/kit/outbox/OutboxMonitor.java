package io.paygate.kit.outbox;

import io.paygate.kit.db.OutageTolerant;
import io.agroal.api.AgroalDataSource;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The outbox's backlog, for operators: Prometheus gauges {@code paygate_outbox_unpublished} and
 * {@code paygate_outbox_lag_seconds} (age of the oldest unpublished event; parked events are counted apart, in
 * {@code paygate_outbox_parked_events}, beside the counter {@code paygate_outbox_parked_total} and
 * {@code paygate_outbox_leader}), and a readiness check that reports them together with the relay's role
 * ({@code leading}, {@code standby}, {@code off}) and last publish error. The check stays UP while Kafka is away: the outbox exists
 * so that a broker outage never fails a merchant's request, and taking every replica out of the Service would do
 * exactly that. Alert on the lag instead.
 */
@Readiness
@ApplicationScoped
public class OutboxMonitor implements HealthCheck {

    private static final String BACKLOG = """
            SELECT count(*) FILTER (WHERE parked_at IS NULL),
                   COALESCE(EXTRACT(EPOCH FROM now() - min(created_at) FILTER (WHERE parked_at IS NULL)), 0),
                   count(*) FILTER (WHERE parked_at IS NOT NULL)
            FROM outbox_event WHERE published_at IS NULL""";

    private final AgroalDataSource dataSource;
    private final OutboxRelay relay;
    private final AtomicLong unpublished = new AtomicLong();
    private final AtomicLong lagSeconds = new AtomicLong();
    private final AtomicLong parked = new AtomicLong();

    OutboxMonitor(AgroalDataSource dataSource, OutboxRelay relay, MeterRegistry registry) {
        this.dataSource = dataSource;
        this.relay = relay;
        Gauge.builder("paygate.outbox.unpublished", unpublished, AtomicLong::get)
                .description("Events written but not yet acknowledged by Kafka").register(registry);
        Gauge.builder("paygate.outbox.lag.seconds", lagSeconds, AtomicLong::get)
                .description("Age of the oldest unpublished event").baseUnit("seconds").register(registry);
        Gauge.builder("paygate.outbox.parked.events", parked, AtomicLong::get)
                .description("Events parked now, waiting for an operator (GET /pg/ops/outbox/parked)")
                .register(registry);
    }

    @Scheduled(every = "10s", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    @OutageTolerant
    public void refresh() throws SQLException {
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery(BACKLOG)) {
            rs.next();
            unpublished.set(rs.getLong(1));
            lagSeconds.set((long) rs.getDouble(2));
            parked.set(rs.getLong(3));
        }
    }

    @Override
    public HealthCheckResponse call() {
        HealthCheckResponseBuilder response = HealthCheckResponse.named("Outbox").up()
                .withData("unpublished", unpublished.get())
                .withData("lagSeconds", lagSeconds.get())
                .withData("parked", parked.get())
                .withData("relay", !relay.isRunning() ? "off" : relay.isLeading() ? "leading" : "standby");
        relay.lastError().ifPresent(error -> response.withData("lastPublishError", error));
        return response.build();
    }
}

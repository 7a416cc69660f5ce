package io.paygate.ledger.events;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.paygate.kit.auth.Merchants;
import io.paygate.kit.db.DatabaseOutage;
import io.paygate.kit.db.OutageTolerant;
import io.paygate.ledger.books.Books;
import io.paygate.ledger.books.LedgerConfig;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Posts the parked events ({@code parked_event}, {@link EventPosting}) of every merchant that is known now, each in
 * its own transaction through {@link EventPosting#repost} (its signature checked again, claimed once by eventId, the
 * row deleted with the posting), every {@code gateway.ledger.parked-retry-every}. Safe at any number of replicas: a
 * row is taken with {@code FOR UPDATE SKIP LOCKED} and posting is idempotent by eventId.
 * <p>
 * An operator sees what waits: the gauges {@code paygate_ledger_parked_events} and
 * {@code paygate_ledger_parked_oldest_seconds} (as of this replica's last look), and one WARN line per merchant when
 * its events have been parked longer than {@code gateway.ledger.parked-warn-after} (each row warned about once, at
 * whichever replica sees it first).
 */
@ApplicationScoped
public class ParkedEvents {

    private static final Logger LOG = Logger.getLogger(ParkedEvents.class);
    private static final int BATCH = 500;

    private final EventPosting posting;
    private final Books books;
    private final Merchants merchants;
    private final LedgerConfig config;
    private final AtomicLong parked = new AtomicLong();
    private final AtomicLong oldestSeconds = new AtomicLong();

    ParkedEvents(EventPosting posting, Books books, Merchants merchants, LedgerConfig config, MeterRegistry metrics) {
        this.posting = posting;
        this.books = books;
        this.merchants = merchants;
        this.config = config;
        Gauge.builder("paygate.ledger.parked.events", parked, AtomicLong::get)
                .description("Events of merchants not known here yet, waiting to be posted").register(metrics);
        Gauge.builder("paygate.ledger.parked.oldest.seconds", oldestSeconds, AtomicLong::get)
                .description("How long the oldest parked event has waited").register(metrics);
    }

    @Scheduled(identity = "parked-events", every = "${gateway.ledger.parked-retry-every}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    @OutageTolerant
    void scheduled() {
        repostKnown();
    }

    /** One round: the parked events of every merchant known now posted; how many were (refused ones included). */
    public int repostKnown() {
        int done = 0;
        for (String merchantId : parkedMerchants()) {
            if (merchants.find(merchantId).isPresent()) {
                done += repost(merchantId);
            }
        }
        warnAboutLongParked();
        return done;
    }

    private int repost(String merchantId) {
        int done = 0;
        for (UUID eventId : parkedEvents(merchantId)) {
            try {
                Optional<String> outcome = posting.repost(eventId);
                if (outcome.isPresent()) {
                    done++;
                    LOG.infof("parked event %s of merchant %s: %s", eventId, merchantId, outcome.get());
                }
            } catch (RuntimeException e) {
                if (DatabaseOutage.isCause(e)) {
                    throw e; // the next round tries again (OutageTolerant)
                }
                if (failed(eventId) == 1) { // later failures: counted in attempts, named by the long-parked WARN
                    LOG.warnf(e, "parked event %s of merchant %s not posted; tried again every round", eventId,
                            merchantId);
                }
            }
        }
        return done;
    }

    /** The merchants with parked events; the gauges as of now. */
    private List<String> parkedMerchants() {
        List<String> ids = new ArrayList<>();
        long count = 0;
        Instant oldest = null;
        try (Connection c = books.connection(); PreparedStatement ps = c.prepareStatement(
                "SELECT merchant_id, count(*), min(parked_at) FROM parked_event GROUP BY merchant_id");
             ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                ids.add(rs.getString(1));
                count += rs.getLong(2);
                Instant first = rs.getTimestamp(3).toInstant();
                oldest = oldest == null || first.isBefore(oldest) ? first : oldest;
            }
        } catch (SQLException e) {
            throw new IllegalStateException("parked events not read", e);
        }
        parked.set(count);
        oldestSeconds.set(oldest == null ? 0 : Math.max(0, Duration.between(oldest, Instant.now()).toSeconds()));
        return ids;
    }

    private List<UUID> parkedEvents(String merchantId) {
        List<UUID> ids = new ArrayList<>();
        try (Connection c = books.connection(); PreparedStatement ps = c.prepareStatement(
                "SELECT event_id FROM parked_event WHERE merchant_id = ? ORDER BY parked_at LIMIT ?")) {
            ps.setString(1, merchantId);
            ps.setInt(2, BATCH);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    ids.add(rs.getObject(1, UUID.class));
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("parked events of " + merchantId + " not read", e);
        }
        return ids;
    }

    /** Counts a failed re-post; how many there were. */
    private int failed(UUID eventId) {
        try (Connection c = books.connection(); PreparedStatement ps = c.prepareStatement(
                "UPDATE parked_event SET attempts = attempts + 1 WHERE event_id = ? RETURNING attempts")) {
            ps.setObject(1, eventId);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getInt(1) : 0;
            }
        } catch (SQLException e) {
            throw new IllegalStateException("parked event " + eventId + " not updated", e);
        }
    }

    /** One WARN per merchant whose events, not warned about yet, have waited longer than parked-warn-after. */
    private void warnAboutLongParked() {
        try (Connection c = books.connection(); PreparedStatement ps = c.prepareStatement("""
                WITH warned AS (
                    UPDATE parked_event SET warned_at = now() WHERE warned_at IS NULL AND parked_at < ?
                    RETURNING merchant_id, parked_at, attempts)
                SELECT merchant_id, count(*), min(parked_at), max(attempts) FROM warned GROUP BY merchant_id""")) {
            ps.setTimestamp(1, Timestamp.from(Instant.now().minus(config.parkedWarnAfter())));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    String merchantId = rs.getString(1);
                    LOG.warnf("merchant %s: %d event(s) parked for more than %d s (the oldest since %s), %s",
                            merchantId, rs.getLong(2), config.parkedWarnAfter().toSeconds(),
                            rs.getTimestamp(3).toInstant(), merchants.find(merchantId).isPresent()
                                    ? "its merchant is known but posting failed " + rs.getInt(4) + " time(s)"
                                    : "its merchant is not known to this ledger-service (merchant-config)");
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("parked events not checked", e);
        }
    }
}

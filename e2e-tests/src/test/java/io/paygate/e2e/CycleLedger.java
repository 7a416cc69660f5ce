package io.paygate.e2e;

import io.paygate.testsupport.infra.EmbeddedPostgresServer;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * What payment-service's database says about one run's subscriptions (their recurring ids start with {@code tag.}),
 * read by {@link SubscriptionCycleBenchmark}: how many are ACTIVE, and every later cycle's payment with the sandbox
 * provider's charges of it.
 */
final class CycleLedger {

    /** A cycle payment: when it was created (claimed) and last changed, and the provider's charges of it. */
    record Cycle(String recurringId, int cycle, String status, Instant createdAt, Instant updatedAt, int charges,
                 int capturedCharges) {
    }

    private static final String CYCLES = """
            SELECT s.recurring_id, p.cycle, p.status, p.created_at, p.updated_at,
                   (SELECT count(*) FROM sandbox_charge c WHERE c.payment_code = p.payment_code),
                   (SELECT count(*) FROM sandbox_charge c WHERE c.payment_code = p.payment_code
                                                            AND c.outcome = 'CAPTURED')
            FROM subscription s JOIN payment p ON p.subscription_id = s.id AND p.cycle >= 2
            WHERE s.recurring_id LIKE ?""";

    private final String jdbcUrl;
    private final String like;

    CycleLedger(String jdbcUrl, String tag) {
        this.jdbcUrl = jdbcUrl;
        this.like = tag + ".%";
    }

    /** Waits until {@code count} of the run's subscriptions are ACTIVE. */
    void awaitActive(int count, Duration upTo) throws Exception {
        long deadline = System.nanoTime() + upTo.toNanos();
        long active = 0;
        while (System.nanoTime() < deadline) {
            try (Connection c = connect(); PreparedStatement s = c.prepareStatement(
                    "SELECT count(*) FROM subscription WHERE recurring_id LIKE ? AND status = 'ACTIVE'")) {
                s.setString(1, like);
                try (ResultSet rs = s.executeQuery()) {
                    rs.next();
                    active = rs.getLong(1);
                }
            }
            if (active >= count) {
                return;
            }
            Thread.sleep(1_000);
        }
        throw new AssertionError("ACTIVE subscriptions: " + active + " of " + count + " after " + upTo);
    }

    /** Every payment of cycle 2 or later of the run's subscriptions. */
    List<Cycle> cycles() throws SQLException {
        List<Cycle> cycles = new ArrayList<>();
        try (Connection c = connect(); PreparedStatement s = c.prepareStatement(CYCLES)) {
            s.setString(1, like);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    cycles.add(new Cycle(rs.getString(1), rs.getInt(2), rs.getString(3),
                            rs.getTimestamp(4).toInstant(), rs.getTimestamp(5).toInstant(), rs.getInt(6), rs.getInt(7)));
                }
            }
        }
        return cycles;
    }

    private Connection connect() throws SQLException {
        return DriverManager.getConnection(jdbcUrl, EmbeddedPostgresServer.USER, EmbeddedPostgresServer.PASSWORD);
    }
}

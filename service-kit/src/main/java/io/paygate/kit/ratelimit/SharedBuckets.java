package io.paygate.kit.ratelimit;

import io.quarkus.scheduler.Scheduled;
import jakarta.inject.Singleton;
import org.jboss.logging.Logger;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * Token buckets in the service's PostgreSQL database ({@code rate_limit_bucket}), so that every replica draws from the
 * same bucket (docs/contract.md §0: "across all replicas, not one per replica"). One statement, one round trip, per take:
 * {@code rate_limit_take} (V0_2__rate_limits.sql), an UPSERT in GCRA form that takes the tokens there are and changes
 * nothing when there are none. The database's clock is the only clock, so replicas whose clocks differ still agree.
 * <p>
 * Why not Bucket4j's PostgreSQL proxy managers: they are pessimistic (a transaction with an advisory lock or
 * {@code SELECT … FOR UPDATE}, a read of the serialized bucket state, a write, a commit), four to five round trips and
 * a logged write per request where this is one statement on an unlogged table.
 */
// @Singleton, not @ApplicationScoped: used on every initiation, where a client proxy's lookup per call
// cost 4.6 % of the service's CPU (bench/README.md, issue 36); a singleton is injected as itself
@Singleton
public class SharedBuckets {

    private static final Logger LOG = Logger.getLogger(SharedBuckets.class);

    /** V0_2__rate_limits.sql: one upsert in GCRA form, the tokens it took (0 = the bucket was empty). */
    static final String TAKE = "SELECT rate_limit_take(?, ?, ?, ?)";

    /** Buckets that have been full for a minute are the same as no row. */
    static final String PURGE = """
            DELETE FROM rate_limit_bucket
            WHERE tat_us < (extract(epoch FROM clock_timestamp()) * 1000000)::bigint - 60000000""";

    private final DataSource dataSource;

    /** The service's data source; a second instance on any data source of the same database is another replica. */
    public SharedBuckets(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /**
     * Takes one token from bucket {@code key} at {@code rate}.
     *
     * @return whether there was one
     * @throws SQLException when the database cannot be asked (the caller decides)
     */
    public boolean tryTake(String key, Rate rate) throws SQLException {
        return take(key, rate, 1) == 1;
    }

    /**
     * Takes up to {@code wanted} tokens from bucket {@code key} at {@code rate}: as many as there are, at most
     * {@code wanted}.
     *
     * @return how many it took (0 when the bucket was empty)
     * @throws SQLException when the database cannot be asked (the caller decides)
     */
    public int take(String key, Rate rate, int wanted) throws SQLException {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement take = connection.prepareStatement(TAKE)) {
            take.setString(1, key);
            take.setLong(2, rate.emissionMicros());
            take.setLong(3, rate.capacityMicros());
            take.setInt(4, wanted);
            try (ResultSet taken = take.executeQuery()) {
                taken.next();
                return taken.getInt(1);
            }
        }
    }

    @Scheduled(every = "1m", delayed = "1m", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void purge() {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement purge = connection.prepareStatement(PURGE)) {
            int removed = purge.executeUpdate();
            if (removed > 0) {
                LOG.debugf("Removed %d full rate-limit buckets", removed);
            }
        } catch (SQLException e) {
            LOG.warnf("Could not purge full rate-limit buckets: %s", e.getMessage());
        }
    }
}

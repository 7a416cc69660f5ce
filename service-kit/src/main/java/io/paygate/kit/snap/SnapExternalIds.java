package io.paygate.kit.snap;

import io.paygate.kit.config.GatewayConfig;
import io.paygate.kit.db.OutageTolerant;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.Date;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneId;

/**
 * {@code X-EXTERNAL-ID} is unique per merchant per day (docs/contract.md §9; the day in {@code gateway.timezone}): each one
 * is claimed in the service's database ({@code snap_external_id}, R__snap.sql) by one {@code INSERT … ON CONFLICT DO
 * NOTHING}, so every replica sees every claim and a reuse is refused wherever it arrives. An id is claimed once the
 * request is authenticated and within its rate limit, whatever the request then does (the standard's replay guard:
 * a retry of a failed request takes a new {@code X-EXTERNAL-ID} and the same {@code partnerReferenceNo}). Days older
 * than {@code gateway.snap.external-id-days} are deleted every hour.
 */
@ApplicationScoped
public class SnapExternalIds {

    private static final Logger LOG = Logger.getLogger(SnapExternalIds.class);
    static final String CLAIM = """
            INSERT INTO snap_external_id (merchant_id, day, external_id) VALUES (?, ?, ?)
            ON CONFLICT DO NOTHING""";
    static final String PURGE = "DELETE FROM snap_external_id WHERE day < ?";

    private final DataSource dataSource;
    private final ZoneId zone;
    private final int keepDays;
    private final Clock clock;

    @Inject
    SnapExternalIds(DataSource dataSource, GatewayConfig gateway, SnapConfig snap) {
        this(dataSource, gateway.timezone(), snap.externalIdDays(), Clock.systemUTC());
    }

    /** Claims in the database of {@code dataSource}: a second instance on the same database is another replica. */
    public SnapExternalIds(DataSource dataSource, ZoneId zone, int keepDays, Clock clock) {
        this.dataSource = dataSource;
        this.zone = zone;
        this.keepDays = Math.max(1, keepDays);
        this.clock = clock;
    }

    /**
     * Claims {@code externalId} for {@code merchantId} today.
     *
     * @throws SnapException {@code 409xx00 Conflict} when the merchant used it today already
     */
    public void claim(String merchantId, String externalId) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement claim = connection.prepareStatement(CLAIM)) {
            claim.setString(1, merchantId);
            claim.setDate(2, Date.valueOf(today()));
            claim.setString(3, externalId);
            if (claim.executeUpdate() == 0) {
                throw SnapException.conflict();
            }
        } catch (SQLException e) {
            throw new IllegalStateException("X-EXTERNAL-ID could not be claimed", e);
        }
    }

    /** Today in {@code gateway.timezone}. */
    LocalDate today() {
        return LocalDate.now(clock.withZone(zone));
    }

    @Scheduled(every = "1h", delayed = "1m", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    @OutageTolerant
    void purge() {
        int removed = purgeNow();
        if (removed > 0) {
            LOG.debugf("Removed %d X-EXTERNAL-IDs of past days", removed);
        }
    }

    /** Removes the ids of the days before {@code gateway.snap.external-id-days} ago; returns how many. */
    public int purgeNow() {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement purge = connection.prepareStatement(PURGE)) {
            purge.setDate(1, Date.valueOf(today().minusDays(keepDays)));
            return purge.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("old X-EXTERNAL-IDs could not be removed", e);
        }
    }
}

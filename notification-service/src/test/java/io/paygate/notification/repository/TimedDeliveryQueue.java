package io.paygate.notification.repository;

import io.agroal.api.AgroalDataSource;
import org.HdrHistogram.Histogram;

import java.sql.SQLException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/** For benchmarks: the service's queue, with the time of each claim (its whole transaction) in a histogram. */
@jakarta.enterprise.inject.Vetoed
public class TimedDeliveryQueue extends DeliveryQueue {

    private final Histogram claimMicros = new Histogram(60_000_000L, 3);
    private final AtomicLong rows = new AtomicLong();

    public TimedDeliveryQueue(AgroalDataSource dataSource) {
        super(dataSource);
    }

    @Override
    public Claim claim(int limit, Duration lease, Map<String, Integer> room, int defaultRoom) throws SQLException {
        long t0 = System.nanoTime();
        Claim claim = super.claim(limit, lease, room, defaultRoom);
        synchronized (claimMicros) {
            claimMicros.recordValue((System.nanoTime() - t0) / 1_000);
        }
        rows.addAndGet(claim.claimed().size());
        return claim;
    }

    /** Claim times so far, in microseconds (a copy). */
    public Histogram claims() {
        synchronized (claimMicros) {
            return claimMicros.copy();
        }
    }

    public long rowsClaimed() {
        return rows.get();
    }
}

package io.paygate.kit.observability;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.distribution.DistributionStatisticConfig;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import java.time.Duration;
import java.util.Arrays;
import java.util.Map;

/**
 * Histogram buckets at the latencies the alerts and SLOs are written against, for the timers that exist: the
 * requests a service answers ({@code http_server_requests_seconds_bucket}), the calls it makes
 * ({@code http_client_requests_seconds_bucket}) and notification attempts
 * ({@code paygate_notifications_attempts_seconds_bucket}, up to the 15 s an attempt may take). Fixed buckets, so the
 * series are bounded: endpoints × statuses × buckets, no merchant.
 */
public class SloBuckets {

    static final Map<String, Duration[]> BUCKETS = Map.of(
            "http.server.requests", millis(5, 10, 25, 50, 100, 250, 500, 1_000, 2_500, 5_000, 10_000),
            "http.client.requests", millis(10, 25, 50, 100, 250, 500, 1_000, 2_500, 5_000, 10_000),
            "paygate.notifications.attempts", millis(50, 100, 250, 500, 1_000, 2_500, 5_000, 10_000, 15_000));

    @Produces
    @Singleton
    MeterFilter sloBuckets() {
        return new MeterFilter() {
            @Override
            public DistributionStatisticConfig configure(Meter.Id id, DistributionStatisticConfig config) {
                Duration[] buckets = BUCKETS.get(id.getName());
                if (buckets == null) {
                    return config;
                }
                return DistributionStatisticConfig.builder()
                        .serviceLevelObjectives(Arrays.stream(buckets).mapToDouble(d -> d.toNanos()).toArray())
                        .build().merge(config);
            }
        };
    }

    private static Duration[] millis(long... values) {
        return Arrays.stream(values).mapToObj(Duration::ofMillis).toArray(Duration[]::new);
    }
}

package io.paygate.e2e;

import io.paygate.e2e.Settlement.Report;
import io.paygate.e2e.Traffic.Tracked;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How long the merchant waited around a fault: for each resource, from the end of the flow that gave it its final
 * state to the first arrival of that state's notification (the baseline includes the sandbox provider's and bank's
 * own delays), split into the resources finished before the fault and those finished around it; and the notification
 * ids that arrived twice (an attempt cut off by the fault, sent again once its lease ran out) with the gap between the
 * two arrivals. Figures only: the tests assert on what arrived, not on how fast.
 */
final class Silence {

    /** Resources finished this long before the fault up to {@link #AFTER} after it count as "around" it. */
    private static final Duration BEFORE = Duration.ofSeconds(2);
    private static final Duration AFTER = Duration.ofSeconds(15);

    private Silence() {
    }

    static void print(String what, Instant faultAt, Load load, RacingMerchant merchant, Report report) {
        List<RacingMerchant.Delivery> deliveries = merchant.deliveries();
        Map<String, Instant> firstArrival = new HashMap<>();
        Map<String, List<Instant>> arrivalsById = new HashMap<>();
        for (RacingMerchant.Delivery d : deliveries) {
            firstArrival.merge(d.type() + " " + d.resourceId() + " " + d.state(), d.arrivedAt(),
                    (a, b) -> a.isBefore(b) ? a : b);
            arrivalsById.computeIfAbsent(d.webhookId(), id -> new ArrayList<>()).add(d.arrivedAt());
        }
        List<Long> before = new ArrayList<>();
        List<Map.Entry<String, Long>> around = new ArrayList<>();
        report.finals().forEach((Tracked r, String state) -> {
            Instant arrived = firstArrival.get(r.path() + " " + r.id() + " " + state);
            if (arrived == null) {
                return;
            }
            long waited = Duration.between(r.actedAt(), arrived).toMillis();
            if (r.actedAt().isBefore(faultAt.minus(BEFORE))) {
                before.add(waited);
            } else if (r.actedAt().isBefore(faultAt.plus(AFTER))) {
                around.add(Map.entry(r.path() + " " + r.id(), waited));
            }
        });
        around.sort(Map.Entry.<String, Long>comparingByValue().reversed());
        List<Long> gaps = arrivalsById.values().stream().filter(a -> a.size() > 1)
                .map(a -> Duration.between(a.get(0), a.get(a.size() - 1)).toMillis()).sorted(Comparator.reverseOrder())
                .toList();
        System.out.printf("%s: %d resources in %.1f s (%d notifications handled); merchant's wait for the final state:"
                        + " finished before the fault max %.1f s (n=%d), finished around it (-%d s..+%d s) max %.1f s"
                        + " (n=%d, longest %s); %d ids arrived twice, gaps %s s; all heard %.1f s after the fault;"
                        + " lost %d, stale %d, ids with two bodies %d%n",
                what, load.tracked().size(), load.took().toMillis() / 1e3, deliveries.size(),
                before.stream().mapToLong(Long::longValue).max().orElse(0) / 1e3, before.size(), BEFORE.toSeconds(),
                AFTER.toSeconds(), around.isEmpty() ? 0 : around.get(0).getValue() / 1e3, around.size(),
                around.subList(0, Math.min(3, around.size())), gaps.size(),
                gaps.stream().limit(5).map(g -> "%.1f".formatted(g / 1e3)).toList(),
                report.allHeardAt() == null ? Double.NaN : Duration.between(faultAt, report.allHeardAt()).toMillis() / 1e3,
                report.lost().size(), report.stale().size(), report.twoBodies().size());
    }
}

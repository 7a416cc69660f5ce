package io.paygate.e2e;

import io.paygate.e2e.Traffic.Tracked;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Waits, within a deadline, until every tracked resource is settled by its status API and the merchant has heard that
 * state and gone quiet; then says what is wrong, resource by resource: never settled, never notified of its final
 * state (lost), the merchant keeping another state than the final one (stale), two notifications of it handled at
 * once (overlap), a notification id with two bodies, a bad signature.
 */
final class Settlement {

    private static final Duration QUIET = Duration.ofSeconds(2);
    private static final int SHOWN = 15;

    /** What went wrong, each entry naming the resource; and when everything was heard. */
    record Report(List<String> unsettled, List<String> lost, List<String> stale, List<String> overlapped,
                  List<String> twoBodies, List<String> badSignatures, Map<Tracked, String> finals, Instant allHeardAt) {

        String describe(int resources) {
            return "of " + resources + " resources: " + unsettled.size() + " not settled " + head(unsettled) + "; "
                    + lost.size() + " whose final state never reached the merchant " + head(lost) + "; "
                    + stale.size() + " where the merchant ended on another state than the final one " + head(stale)
                    + "; " + overlapped.size() + " with two notifications in flight at once " + head(overlapped) + "; "
                    + twoBodies.size() + " notification ids with two bodies " + head(twoBodies) + "; "
                    + badSignatures.size() + " bad signatures " + head(badSignatures);
        }

        private static List<String> head(List<String> list) {
            return list.size() <= SHOWN ? list : list.subList(0, SHOWN);
        }
    }

    private Settlement() {
    }

    static Report await(Traffic traffic, RacingMerchant merchant, List<Tracked> resources, Duration within)
            throws InterruptedException {
        Instant deadline = Instant.now().plus(within);
        Map<Tracked, String> finals = new LinkedHashMap<>();
        Map<Tracked, String> last = new HashMap<>();
        while (finals.size() < resources.size() && Instant.now().isBefore(deadline)) {
            for (Tracked r : resources) {
                if (!finals.containsKey(r)) {
                    String state = traffic.state(r);
                    last.put(r, state);
                    if (Traffic.settled(r, state)) {
                        finals.put(r, state);
                    }
                }
            }
            if (finals.size() < resources.size()) {
                Thread.sleep(500);
            }
        }
        Instant allHeardAt = null;
        while (Instant.now().isBefore(deadline)) {
            boolean heard = finals.entrySet().stream()
                    .allMatch(f -> merchant.heard(f.getKey().path(), f.getKey().id(), f.getValue()));
            if (heard && allHeardAt == null) {
                allHeardAt = Instant.now();
            }
            if (heard && merchant.idleFor(QUIET)) {
                break;
            }
            Thread.sleep(200);
        }
        List<String> unsettled = resources.stream().filter(r -> !finals.containsKey(r))
                .map(r -> r.path() + " " + r.id() + " still " + last.get(r)).toList();
        List<String> lost = new ArrayList<>();
        List<String> stale = new ArrayList<>();
        finals.forEach((r, state) -> {
            if (!merchant.heard(r.path(), r.id(), state)) {
                lost.add(r.path() + " " + r.id() + " " + state + " (merchant heard " + heardStates(merchant, r) + ")");
            } else if (!state.equals(merchant.kept(r.path(), r.id()))) {
                stale.add(r.path() + " " + r.id() + " final " + state + ", merchant kept "
                        + merchant.kept(r.path(), r.id()) + " (handled " + heardStates(merchant, r) + ")");
            }
        });
        Set<String> ours = resources.stream().map(r -> r.path() + " " + r.id()).collect(Collectors.toSet());
        List<String> overlapped = merchant.overlapped().stream().filter(ours::contains).toList();
        List<String> twoBodies = merchant.idsWithTwoBodies().entrySet().stream()
                .map(e -> e.getKey() + " " + e.getValue()).toList();
        return new Report(unsettled, lost, stale, overlapped, twoBodies, merchant.badSignatures(), finals, allHeardAt);
    }

    /** The states the merchant handled for a resource, in the order it finished them. */
    private static List<String> heardStates(RacingMerchant merchant, Tracked r) {
        return merchant.deliveries().stream().filter(d -> d.type().equals(r.path()) && d.resourceId().equals(r.id()))
                .map(RacingMerchant.Delivery::state).toList();
    }
}

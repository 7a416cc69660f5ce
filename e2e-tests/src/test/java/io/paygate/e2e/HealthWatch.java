package io.paygate.e2e;

import io.paygate.local.LocalStack;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Polls the readiness and liveness of every replica of every service (their management ports) every
 * {@value #EVERY_MILLIS} ms while a fault test runs: when each replica was first seen not ready after a mark, when
 * all were ready again, and every liveness answer that was not 200.
 */
final class HealthWatch implements AutoCloseable {

    static final long EVERY_MILLIS = 250;
    static final List<String> SERVICES = List.of("payment-service", "binding-service", "notification-service",
            "merchant-service", "ledger-service");

    private final LocalStack stack;
    private final Thread poller;
    private volatile boolean running = true;
    /** "service#replica" → whether its last readiness answer was 200. */
    private final Map<String, Boolean> ready = new ConcurrentHashMap<>();
    /** "service#replica" → nanoTime it was first seen not ready after {@link #mark()}. */
    private final Map<String, Long> firstDown = new ConcurrentHashMap<>();
    private final List<String> livenessFailures = new CopyOnWriteArrayList<>();
    private volatile long markedAt = Long.MAX_VALUE;

    HealthWatch(LocalStack stack) {
        this.stack = stack;
        this.poller = Thread.ofVirtual().name("health-watch").start(this::poll);
    }

    /** From now on, records when each replica first answers not ready. */
    void mark() {
        firstDown.clear();
        markedAt = System.nanoTime();
    }

    private void poll() {
        while (running) {
            List<Thread> round = new ArrayList<>();
            for (String service : SERVICES) {
                for (int k = 0; k < stack.replicas(); k++) {
                    String id = service + "#" + k;
                    String base = stack.managementUrl(service, k);
                    round.add(Thread.ofVirtual().start(() -> {
                        long now = System.nanoTime();
                        TimedHttp.Reply readiness = TimedHttp.get(base + "/q/health/ready");
                        boolean up = readiness.status() == 200;
                        ready.put(id, up);
                        if (!up && now > markedAt) {
                            firstDown.putIfAbsent(id, now);
                        }
                        TimedHttp.Reply liveness = TimedHttp.get(base + "/q/health/live");
                        if (liveness.status() != 200) {
                            livenessFailures.add(id + " answered " + liveness.status() + " " + liveness.body()
                                    + (liveness.failure() == null ? "" : " " + liveness.failure()));
                        }
                    }));
                }
            }
            for (Thread t : round) {
                try {
                    t.join();
                } catch (InterruptedException e) {
                    return;
                }
            }
            try {
                Thread.sleep(EVERY_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** Seconds from the mark until every replica of {@code service} had answered not ready; NaN if one never did. */
    double secondsUntilAllDown(String service) {
        long last = Long.MIN_VALUE;
        for (int k = 0; k < stack.replicas(); k++) {
            Long at = firstDown.get(service + "#" + k);
            if (at == null) {
                return Double.NaN;
            }
            last = Math.max(last, at);
        }
        return (last - markedAt) / 1e9;
    }

    boolean allReady() {
        return ready.size() == SERVICES.size() * stack.replicas() && ready.values().stream().allMatch(b -> b);
    }

    List<String> livenessFailures() {
        return List.copyOf(livenessFailures);
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        poller.join(20_000);
    }
}

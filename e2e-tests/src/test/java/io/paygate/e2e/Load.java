package io.paygate.e2e;

import io.paygate.e2e.Traffic.Tracked;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Merchants and customers at work on virtual threads: a number of flows by a few workers, or a steady mix of card
 * payments, bindings and transfers until told to stop. A flow that fails is noted (with why) and the work goes on.
 */
final class Load {

    /** One resource taken through its states. */
    interface Flow {
        Tracked run() throws Exception;
    }

    /** Between two flows of one worker of the steady mix: about 13 notifications a second in all. */
    private static final Duration PACE = Duration.ofMillis(400);

    private final List<Tracked> tracked = Collections.synchronizedList(new ArrayList<>());
    private final List<String> failures = Collections.synchronizedList(new ArrayList<>());
    private final List<Thread> workers = new ArrayList<>();
    private final Instant startedAt = Instant.now();
    private volatile Instant endedAt;
    private volatile boolean stopped;

    private Load() {
    }

    /** {@code count} flows by {@code workers} workers; returns when all are done. */
    static Load times(int count, int workers, Flow flow) throws InterruptedException {
        Load load = new Load();
        AtomicInteger left = new AtomicInteger(count);
        for (int i = 0; i < workers; i++) {
            load.workers.add(Thread.ofVirtual().start(() -> {
                while (left.getAndDecrement() > 0) {
                    load.once(flow);
                }
            }));
        }
        load.join();
        return load;
    }

    /** Two workers paying by card, two binding and unbinding, one transferring, for at most {@code upTo}. */
    static Load mixed(Traffic traffic, Duration upTo) {
        Load load = new Load();
        Instant end = Instant.now().plus(upTo);
        List<Flow> flows = List.of(traffic::payByCard, traffic::payByCard,
                () -> traffic.bindApproveUnbind(Duration.ofMillis(300)),
                () -> traffic.bindApproveUnbind(Duration.ofMillis(300)), traffic::transfer);
        for (Flow flow : flows) {
            load.workers.add(Thread.ofVirtual().start(() -> {
                while (!load.stopped && Instant.now().isBefore(end)) {
                    load.once(flow);
                    try {
                        Thread.sleep(PACE);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }));
        }
        return load;
    }

    private void once(Flow flow) {
        try {
            tracked.add(flow.run());
        } catch (Throwable e) {
            failures.add(e.toString());
        }
    }

    /** No new flows; those under way finish. */
    void stop() {
        stopped = true;
    }

    void join() throws InterruptedException {
        for (Thread worker : workers) {
            worker.join();
        }
        if (endedAt == null) {
            endedAt = Instant.now();
        }
    }

    List<Tracked> tracked() {
        return List.copyOf(tracked);
    }

    List<String> failures() {
        return List.copyOf(failures);
    }

    Instant endedAt() {
        return endedAt;
    }

    Duration took() {
        return Duration.between(startedAt, endedAt == null ? Instant.now() : endedAt);
    }
}

package io.paygate.notification.delivery;

import io.paygate.notification.config.NotificationConfig;
import io.paygate.notification.repository.DeliveryQueue;

import java.util.ArrayList;
import java.util.List;

/** For benchmarks: dispatchers outside CDI (each with its own recorder), as further replicas on the same database. */
public final class BenchDispatchers implements AutoCloseable {

    private final List<Dispatcher> dispatchers = new ArrayList<>();
    private final List<AttemptRecorder> recorders = new ArrayList<>();

    public BenchDispatchers(int count, DeliveryQueue queue, Deliverer deliverer, RetrySchedule schedule,
                            NotificationConfig config) {
        for (int i = 0; i < count; i++) {
            AttemptRecorder recorder = new AttemptRecorder(queue);
            recorders.add(recorder);
            dispatchers.add(new Dispatcher(queue, recorder, deliverer, schedule, config));
        }
    }

    public void start() {
        dispatchers.forEach(Dispatcher::start);
    }

    @Override
    public void close() throws InterruptedException {
        for (Dispatcher d : dispatchers) {
            d.stop();
        }
        for (AttemptRecorder r : recorders) {
            r.close();
        }
    }
}

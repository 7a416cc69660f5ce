package io.paygate.notification.support;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

/** Reads a Micrometer counter of the service by name and one tag; 0 when it was never registered. */
public final class Counters {

    private Counters() {
    }

    public static double value(MeterRegistry metrics, String name, String tag, String value) {
        Counter counter = metrics.find(name).tag(tag, value).counter();
        return counter == null ? 0 : counter.count();
    }
}

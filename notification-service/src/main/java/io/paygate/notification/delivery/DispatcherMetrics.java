package io.paygate.notification.delivery;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

/**
 * What wakes the {@link Dispatcher} and what its claims were started by:
 * {@code paygate_notifications_dispatcher_wakeups_total{cause=stored|redelivery|successor}} (signals, coalesced) and
 * {@code paygate_notifications_dispatcher_claims_total{trigger=signal|poll}} (claims asked of the database; a claim
 * is "signal" when a signal arrived since the previous claim, "poll" otherwise: the poll, or a follow-up claim
 * after one that filled its limit or a merchant's room), and {@code paygate_notifications_dispatcher_handoffs_total}
 * (notifications the store transaction leased here, started without a claim). Per instance.
 */
final class DispatcherMetrics {

    private final Map<Dispatcher.Wake, Counter> wakeups = new EnumMap<>(Dispatcher.Wake.class);
    private final Counter claimsOnSignal;
    private final Counter claimsOnPoll;
    private final Counter handOffs;

    DispatcherMetrics(MeterRegistry registry) {
        for (Dispatcher.Wake cause : Dispatcher.Wake.values()) {
            wakeups.put(cause, Counter.builder("paygate.notifications.dispatcher.wakeups")
                    .description("Signals that notifications are due now (coalesced into claims)")
                    .tag("cause", cause.name().toLowerCase(Locale.ROOT)).register(registry));
        }
        claimsOnSignal = claims(registry, "signal");
        claimsOnPoll = claims(registry, "poll");
        handOffs = Counter.builder("paygate.notifications.dispatcher.handoffs")
                .description("Notifications leased by the store transaction and started without a claim")
                .register(registry);
    }

    private static Counter claims(MeterRegistry registry, String trigger) {
        return Counter.builder("paygate.notifications.dispatcher.claims")
                .description("Claims asked of the database, by what started them").tag("trigger", trigger)
                .register(registry);
    }

    void woken(Dispatcher.Wake cause) {
        wakeups.get(cause).increment();
    }

    void handedOff() {
        handOffs.increment();
    }

    void claiming(boolean signalled) {
        (signalled ? claimsOnSignal : claimsOnPoll).increment();
    }
}

package io.paygate.notification.service;

import io.paygate.kit.error.ApiException;
import io.paygate.model.api.notification.BulkRedeliveryRequest;
import io.paygate.notification.NotificationStatus;
import io.paygate.notification.NotificationType;
import io.paygate.notification.config.NotificationConfig;
import io.paygate.notification.delivery.Dispatcher;
import io.paygate.notification.repository.RedeliverySchedule;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;

/**
 * {@code POST /pg/notifications/redeliver} (docs/contract.md §6 "Bulk redelivery"): one new attempt for each of the
 * merchant's notifications in {@code status} ({@code FAILED} or {@code PENDING}), of {@code type} when given, created
 * in [{@code from}, {@code to}), a window of at most 31 days; at most {@value #MAX_PER_CALL} per call ({@code 409}
 * naming how many more match). Paced: they become due one after another, 1/redeliver-rate apart
 * (gateway.notification.redeliver-rate), after the merchant's earlier bulk redeliveries, so the merchant never gets
 * them faster than that from all replicas together ({@link RedeliverySchedule} says how). A notification whose resource
 * has a newer one is not sent again (the merchant keeps the latest state); one with an attempt in flight is left to it;
 * test notifications are never sent again.
 */
@ApplicationScoped
public class BulkRedelivery {

    private static final Logger LOG = Logger.getLogger(BulkRedelivery.class);

    public static final int MAX_PER_CALL = 10_000;
    static final Duration MAX_WINDOW = Duration.ofDays(31);
    private static final List<NotificationType> EVENT_TYPES = Arrays.stream(NotificationType.values())
            .filter(NotificationType::fromEvents).toList();

    private final RedeliverySchedule schedule;
    private final Dispatcher dispatcher;
    private final Duration interval;

    BulkRedelivery(RedeliverySchedule schedule, Dispatcher dispatcher, NotificationConfig config) {
        if (!(config.redeliverRate() > 0)) {
            throw new IllegalStateException("gateway.notification.redeliver-rate must be more than 0");
        }
        this.schedule = schedule;
        this.dispatcher = dispatcher;
        this.interval = Duration.ofNanos(Math.max(1_000, Math.round(1e9 / config.redeliverRate())));
    }

    /** @return how many notifications were made due again */
    public int redeliver(String merchantId, BulkRedeliveryRequest request) throws SQLException {
        NotificationStatus status = NotificationStatus.fromValue(request.status())
                .filter(s -> s == NotificationStatus.FAILED || s == NotificationStatus.PENDING)
                .orElseThrow(() -> ApiException.invalidFormat("status"));
        List<NotificationType> types = request.type() == null ? EVENT_TYPES
                : List.of(NotificationType.fromValue(request.type()).filter(NotificationType::fromEvents)
                        .orElseThrow(() -> ApiException.invalidFormat("type")));
        Instant from = LogTimes.parse(request.from(), "from");
        Instant to = LogTimes.parse(request.to(), "to");
        LogTimes.requireOrdered(from, to);
        if (Duration.between(from, to).compareTo(MAX_WINDOW) > 0) {
            throw ApiException.invalidFormat("to");
        }
        RedeliverySchedule.Scheduled done;
        try {
            done = schedule.schedule(merchantId, status, types, from, to, MAX_PER_CALL, interval);
        } catch (RedeliverySchedule.TooMany e) {
            throw ApiException.conflict(e.matching() + " notifications match, " + (e.matching() - MAX_PER_CALL)
                    + " more than the " + MAX_PER_CALL + " one call takes: narrow from/to or name a type");
        }
        LOG.infof("merchant %s: bulk redelivery of %d %s notification(s)%s created in [%s, %s), due from %s to %s",
                merchantId, done.count(), status, request.type() == null ? "" : " of type " + request.type(), from, to,
                done.start(), done.end());
        if (done.count() > 0) {
            dispatcher.wake(Dispatcher.Wake.REDELIVERY);
        }
        return done.count();
    }
}

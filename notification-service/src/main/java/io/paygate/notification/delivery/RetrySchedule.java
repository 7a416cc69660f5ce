package io.paygate.notification.delivery;

import io.paygate.notification.NotificationStatus;
import io.paygate.notification.config.NotificationConfig;
import io.paygate.notification.repository.AttemptRecord;
import io.paygate.notification.repository.ClaimedNotification;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * What follows an attempt (docs/contract.md §6): DELIVERED when acknowledged; FAILED on {@code 410} or after the last attempt
 * (one more than {@code gateway.notification.retry.delays}); otherwise PENDING again after the next delay, drawn
 * within ±jitter of it, and never sooner than the merchant's {@code Retry-After} (capped). A redelivery that fails
 * returns the notification to the state it was redelivered from.
 */
@ApplicationScoped
public class RetrySchedule {

    private final List<Duration> delays;
    private final double jitter;
    private final Duration maxRetryAfter;

    @Inject
    RetrySchedule(NotificationConfig config) {
        this(config.retry().delays(), config.retry().jitter(), config.retry().maxRetryAfter());
    }

    RetrySchedule(List<Duration> delays, double jitter, Duration maxRetryAfter) {
        if (jitter < 0 || jitter >= 1) {
            throw new IllegalArgumentException("gateway.notification.retry.jitter must be in [0, 1)");
        }
        this.delays = List.copyOf(delays);
        this.jitter = jitter;
        this.maxRetryAfter = maxRetryAfter;
    }

    /** Attempts a notification gets before it is FAILED. */
    public int maxAttempts() {
        return delays.size() + 1;
    }

    public AttemptRecord next(ClaimedNotification notification, AttemptOutcome outcome) {
        NotificationStatus next;
        Duration retryIn = null;
        int attemptNumber = notification.attempts() + 1;
        if (outcome.acknowledged()) {
            next = NotificationStatus.DELIVERED;
        } else if (notification.redelivery().isPresent()) {
            next = notification.redelivery().get();
        } else if (outcome.gone() || attemptNumber >= maxAttempts()) {
            next = NotificationStatus.FAILED;
        } else {
            next = NotificationStatus.PENDING;
            retryIn = delayAfter(attemptNumber, outcome.retryAfter());
        }
        return new AttemptRecord(outcome.startedAt(), (int) Math.min(Integer.MAX_VALUE, outcome.durationMillis()),
                outcome.httpStatus(), outcome.error(), outcome.reply(), next, retryIn, outcome.request());
    }

    /** The wait after attempt {@code attemptNumber} (1-based), jittered, at least {@code retryAfter} (capped). */
    Duration delayAfter(int attemptNumber, Duration retryAfter) {
        Duration base = delays.get(Math.min(attemptNumber, delays.size()) - 1);
        double factor = 1 + (jitter == 0 ? 0 : ThreadLocalRandom.current().nextDouble(-jitter, jitter));
        Duration delay = Duration.ofMillis(Math.round(base.toMillis() * factor));
        if (retryAfter != null) {
            Duration honoured = retryAfter.compareTo(maxRetryAfter) > 0 ? maxRetryAfter : retryAfter;
            if (honoured.compareTo(delay) > 0) {
                delay = honoured;
            }
        }
        return delay;
    }
}

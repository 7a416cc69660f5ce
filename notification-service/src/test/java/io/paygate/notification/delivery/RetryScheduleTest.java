package io.paygate.notification.delivery;

import io.paygate.notification.NotificationStatus;
import io.paygate.notification.NotificationType;
import io.paygate.notification.repository.AttemptRecord;
import io.paygate.notification.repository.ClaimedNotification;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RetryScheduleTest {

    private static final List<Duration> CONTRACT_DELAYS = List.of(Duration.ofSeconds(10), Duration.ofMinutes(1),
            Duration.ofMinutes(5), Duration.ofMinutes(15), Duration.ofMinutes(30), Duration.ofHours(1),
            Duration.ofHours(2), Duration.ofHours(4), Duration.ofHours(8), Duration.ofHours(12), Duration.ofHours(24),
            Duration.ofHours(24));
    private final RetrySchedule schedule = new RetrySchedule(CONTRACT_DELAYS, 0.2, Duration.ofHours(24));

    @Test
    void contractScheduleGivesThirteenAttemptsOverAboutThreeDays() {
        assertEquals(13, schedule.maxAttempts());
        Duration total = CONTRACT_DELAYS.stream().reduce(Duration.ZERO, Duration::plus);
        assertEquals(Duration.parse("PT75H51M10S"), total, "about three days before jitter");
    }

    @Test
    void everyDelayStaysWithinTwentyPercentJitterAndActuallyVaries() {
        for (int attempt = 1; attempt <= CONTRACT_DELAYS.size(); attempt++) {
            Duration base = CONTRACT_DELAYS.get(attempt - 1);
            long min = Long.MAX_VALUE;
            long max = Long.MIN_VALUE;
            for (int i = 0; i < 500; i++) {
                long millis = schedule.delayAfter(attempt, null).toMillis();
                assertTrue(millis >= base.toMillis() * 0.8 - 1 && millis <= base.toMillis() * 1.2 + 1,
                        "attempt " + attempt + ": " + millis);
                min = Math.min(min, millis);
                max = Math.max(max, millis);
            }
            assertTrue(max - min > base.toMillis() * 0.2, "jitter spreads the retries of attempt " + attempt);
        }
    }

    @Test
    void retryAfterLongerThanTheScheduleWinsButIsCapped() {
        assertEquals(Duration.ofMinutes(10), schedule.delayAfter(1, Duration.ofMinutes(10)));
        assertTrue(schedule.delayAfter(2, Duration.ofSeconds(1)).compareTo(Duration.ofSeconds(48)) >= 0,
                "a shorter Retry-After does not bring the retry forward");
        assertEquals(Duration.ofHours(24), schedule.delayAfter(1, Duration.ofDays(30)));
    }

    @Test
    void acknowledgedIsDeliveredGoneIsFailedLastAttemptIsFailedOtherwisePending() {
        assertEquals(NotificationStatus.DELIVERED, schedule.next(claimed(0, null), ok()).nextStatus());
        assertEquals(NotificationStatus.FAILED, schedule.next(claimed(0, null), failure(410)).nextStatus());
        assertEquals(NotificationStatus.FAILED, schedule.next(claimed(12, null), failure(500)).nextStatus());
        AttemptRecord pending = schedule.next(claimed(11, null), failure(500));
        assertEquals(NotificationStatus.PENDING, pending.nextStatus());
        assertTrue(pending.retryIn().compareTo(Duration.ofHours(19)) >= 0, "the 12th delay (24 h, ±20 %)");
        AttemptRecord done = schedule.next(claimed(12, null), failure(500));
        assertNull(done.retryIn());
    }

    @Test
    void failedRedeliveryReturnsToTheStateItWasRedeliveredFrom() {
        assertEquals(NotificationStatus.FAILED,
                schedule.next(claimed(2, NotificationStatus.FAILED), failure(500)).nextStatus());
        assertEquals(NotificationStatus.DELIVERED,
                schedule.next(claimed(1, NotificationStatus.DELIVERED), failure(500)).nextStatus());
        assertEquals(NotificationStatus.DELIVERED,
                schedule.next(claimed(13, NotificationStatus.FAILED), ok()).nextStatus());
    }

    private static ClaimedNotification claimed(int attempts, NotificationStatus redeliveryOf) {
        return new ClaimedNotification(UUID.randomUUID(), UUID.randomUUID(), "demo", NotificationType.PAYMENT, "PC1",
                "https://merchant.example/cb", "{}", attempts, redeliveryOf, null);
    }

    private static AttemptOutcome ok() {
        return new AttemptOutcome(Instant.now(), 5, 200, null, "{}", null, false);
    }

    private static AttemptOutcome failure(int status) {
        return new AttemptOutcome(Instant.now(), 5, status, "HTTP " + status, null, null, status == 410);
    }
}

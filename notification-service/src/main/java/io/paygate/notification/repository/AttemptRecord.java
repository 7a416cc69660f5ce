package io.paygate.notification.repository;

import io.paygate.notification.NotificationStatus;
import io.paygate.notification.SentRequest;

import java.time.Duration;
import java.time.Instant;

/**
 * The outcome of one attempt as stored: the attempt row ({@code httpStatus} null when no reply arrived, {@code error}
 * null when the merchant acknowledged, {@code request} null when nothing was sent) and the notification's next state
 * ({@code retryIn} only for PENDING).
 */
public record AttemptRecord(Instant attemptedAt, int durationMs, Integer httpStatus, String error, String reply,
                            NotificationStatus nextStatus, Duration retryIn, SentRequest request) {

    /** Whether the merchant acknowledged this attempt. */
    public boolean acknowledged() {
        return error == null;
    }
}

package io.paygate.notification.delivery;

import io.paygate.notification.SentRequest;

import java.time.Duration;
import java.time.Instant;

/**
 * What one attempt came to. {@code error} is null only when the merchant acknowledged (HTTP 2xx and
 * {@code responseCode} {@code 2000000}); {@code httpStatus} is null when no reply arrived; {@code reply} is the first
 * 1 KiB of the reply body; {@code retryAfter} the merchant's {@code Retry-After} on 429/503; {@code gone} on 410;
 * {@code request} what was sent, null when nothing was (no URL, a refused address).
 */
public record AttemptOutcome(Instant startedAt, long durationMillis, Integer httpStatus, String error, String reply,
                             Duration retryAfter, boolean gone, SentRequest request) {

    AttemptOutcome(Instant startedAt, long durationMillis, Integer httpStatus, String error, String reply,
                   Duration retryAfter, boolean gone) {
        this(startedAt, durationMillis, httpStatus, error, reply, retryAfter, gone, null);
    }

    /** This outcome of an attempt that sent {@code sent}. */
    AttemptOutcome sent(SentRequest sent) {
        return new AttemptOutcome(startedAt, durationMillis, httpStatus, error, reply, retryAfter, gone, sent);
    }

    public boolean acknowledged() {
        return error == null;
    }

    static AttemptOutcome failed(Instant startedAt, long durationMillis, String error) {
        return new AttemptOutcome(startedAt, durationMillis, null, error, null, null, false);
    }
}

package io.paygate.kit.ratelimit;

/**
 * A token bucket: {@code perSecond} tokens refilled, at most {@code burst} held. In GCRA terms one request advances the
 * bucket's time by the emission interval {@code 1/perSecond}, and fits while that time stays within
 * {@code burst/perSecond} of now.
 */
public record Rate(double perSecond, int burst) {

    public Rate {
        if (!(perSecond > 0) || Double.isInfinite(perSecond)) {
            throw new IllegalArgumentException("rate-limit per-second must be a positive number, not " + perSecond);
        }
        if (burst < 1) {
            throw new IllegalArgumentException("rate-limit burst must be at least 1, not " + burst);
        }
    }

    /** Microseconds one request costs: {@code 1/perSecond} (at least 1). */
    public long emissionMicros() {
        return Math.max(1, Math.round(1_000_000 / perSecond));
    }

    /** How far ahead of now the bucket's time may run: {@code burst} requests' worth. */
    public long capacityMicros() {
        return Math.multiplyExact(emissionMicros(), (long) burst);
    }

    /**
     * {@code Retry-After} of a refusal, in whole seconds (at least 1). A refused request leaves the bucket as it was,
     * and the bucket's time only ever moves on accepted requests (each accepted within the capacity), so one token is
     * back at most one emission interval after any refusal.
     */
    public long retryAfterSeconds() {
        return Math.max(1, (emissionMicros() + 999_999) / 1_000_000);
    }
}

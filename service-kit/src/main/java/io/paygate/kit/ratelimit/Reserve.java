package io.paygate.kit.ratelimit;

/**
 * Tokens this replica took from a merchant's shared bucket ahead of the merchant's next requests, so that a busy
 * merchant costs one round trip per few requests instead of one per request. The tokens are gone from the shared
 * bucket when they are taken, so the replicas together never serve more than the bucket allows; they are used within
 * {@link #WINDOW_NANOS} (about 100 ms, so a request is never served on a token more than that old) or dropped, and
 * a replica only takes as many as it served in the current or the last window, at most {@code max} (a twentieth of the burst, at most
 * 16). What it costs the merchant: near its limit, up to {@code max - 1} tokens per replica may sit unused for 100 ms
 * while another replica refuses; a merchant is refused a little early, never served beyond its limit.
 */
final class Reserve {

    static final long WINDOW_NANOS = 100_000_000L;
    private static final int MOST = 16;

    private final int max;
    private int tokens;
    private long expires;
    private long windowStart;
    private int seen;
    private int seenLastWindow;

    Reserve(int max) {
        this.max = max;
    }

    /** Tokens worth keeping for a merchant with this burst: a twentieth of it, between 1 (none kept) and 16. */
    static int maxFor(int burst) {
        return Math.max(1, Math.min(MOST, burst / 20));
    }

    /** Counts a request; uses a kept token when there is one still fresh. */
    synchronized boolean tryUse(long now) {
        if (now - windowStart >= WINDOW_NANOS) {
            seenLastWindow = now - windowStart < 2 * WINDOW_NANOS ? seen : 0;
            seen = 0;
            windowStart = now;
        }
        seen++;
        if (tokens > 0 && now - expires < 0) {
            tokens--;
            return true;
        }
        tokens = 0;
        return false;
    }

    /**
     * How many tokens to ask the shared bucket for: about what the next window will use (as many as the requests of
     * this window so far or of the last one), at least this request's.
     */
    synchronized int wanted() {
        return Math.max(1, Math.min(max, Math.max(seen, seenLastWindow)));
    }

    /** Keeps {@code extra} tokens taken beyond the current request's, for the next window. */
    synchronized void keep(int extra, long now) {
        if (extra <= 0) {
            return;
        }
        if (now - expires >= 0) {
            tokens = 0;
        }
        tokens = Math.min(max, tokens + extra);
        expires = now + WINDOW_NANOS;
    }
}

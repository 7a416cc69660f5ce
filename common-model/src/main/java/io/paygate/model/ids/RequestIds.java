package io.paygate.model.ids;

import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;

/**
 * Request ids (docs/contract.md §0 "Request ids"): the header {@value #HEADER} a caller may send, accepted when it is 1–64 of
 * {@code [A-Za-z0-9._-]}, otherwise replaced by one the gateway makes. The id correlates log lines; it opens nothing,
 * so it needs to be unique, not unguessable.
 */
public final class RequestIds {

    public static final String HEADER = "X-Request-Id";
    public static final int MAX_LENGTH = 64;
    private static final Pattern WELL_FORMED = Pattern.compile("[A-Za-z0-9._-]{1," + MAX_LENGTH + "}");

    private RequestIds() {
    }

    /** Whether {@code id} may be used as it is: 1–64 of {@code [A-Za-z0-9._-]} (so it is safe in any log line). */
    public static boolean isWellFormed(String id) {
        return id != null && id.length() <= MAX_LENGTH && WELL_FORMED.matcher(id).matches();
    }

    /** {@code id} when well-formed, else null. */
    public static String orNull(String id) {
        return isWellFormed(id) ? id : null;
    }

    /** A new id: a version 4 UUID from a fast (not secure) generator. */
    public static String generate() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        long high = (random.nextLong() & ~0xF000L) | 0x4000L;
        long low = (random.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
        return new UUID(high, low).toString();
    }
}

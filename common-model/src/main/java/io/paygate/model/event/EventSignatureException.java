package io.paygate.model.event;

import java.util.Locale;
import java.util.Objects;

/**
 * A Kafka record's {@code paygate-signature} (docs/contract.md §7) is missing, malformed or matches none of the keys. The
 * message says which; it never contains a key or an expected signature. A consumer dead-letters such a record and
 * never acts on it.
 */
public final class EventSignatureException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** Why verification failed; {@link #tag()} is the metric and dead-letter label. */
    public enum Reason {
        /** No {@code paygate-signature} header, or an empty one. */
        MISSING,
        /** A header that is not {@code v1,<base64>} entries, or a value without {@code eventId} and {@code sequence}. */
        MALFORMED,
        /** Well-formed, but no entry matches any key: forged, tampered with, or signed with a key not held here. */
        MISMATCH;

        public String tag() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private final Reason reason;

    public EventSignatureException(Reason reason, String message) {
        super(message, null, false, false);
        this.reason = Objects.requireNonNull(reason, "reason");
    }

    public Reason reason() {
        return reason;
    }
}

package io.paygate.model.snap;

import java.util.Objects;

/**
 * A SNAP signature or timestamp failed verification. The reason is a short phrase that says which check failed (one of
 * the verifiers' constants, e.g. {@code "Invalid signature"}) and never contains a key, the expected signature or the
 * signed string. No stack trace: it is an answer, not a fault.
 */
public final class SnapSignatureException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public static final String MISSING_TIMESTAMP = "Missing " + SnapHeaders.TIMESTAMP;
    public static final String MISSING_SIGNATURE = "Missing " + SnapHeaders.SIGNATURE;
    public static final String INVALID_TIMESTAMP = "Invalid timestamp";
    public static final String TIMESTAMP_OUTSIDE_WINDOW = "Timestamp outside the allowed window";
    public static final String INVALID_SIGNATURE = "Invalid signature";

    private final String reason;

    public SnapSignatureException(String reason) {
        super(Objects.requireNonNull(reason, "reason"), null, false, false);
        this.reason = reason;
    }

    /** The short reason phrase, e.g. {@value #TIMESTAMP_OUTSIDE_WINDOW}. */
    public String reason() {
        return reason;
    }
}

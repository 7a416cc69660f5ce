package io.paygate.model.error;

import java.util.Objects;

/**
 * A contract response code (docs/contract.md §0): {@code HTTP status (3 digits) + service code SS (2) + case (2)},
 * e.g. {@code ResponseCode.of(PAYMENT_INITIATION, INVALID_MANDATORY_FIELD).code()} = {@code "4000102"}.
 * Success is always {@value #SUCCESS_CODE} / {@value #SUCCESS_MESSAGE}.
 */
public record ResponseCode(ServiceCode service, ErrorCase errorCase) {

    public static final String SUCCESS_CODE = "2000000";
    public static final String SUCCESS_MESSAGE = "Success";
    /** Upper bound of {@code responseMessage} (seed: 1 to 500 characters). */
    public static final int MAX_MESSAGE_LENGTH = 500;

    public ResponseCode {
        Objects.requireNonNull(service, "service");
        Objects.requireNonNull(errorCase, "errorCase");
    }

    public static ResponseCode of(ServiceCode service, ErrorCase errorCase) {
        return new ResponseCode(service, errorCase);
    }

    /** The seven characters, e.g. {@code "4010400"}. */
    public String code() {
        return errorCase.httpStatus() + service.code() + errorCase.caseCode();
    }

    /** The HTTP status of the reply. */
    public int httpStatus() {
        return errorCase.httpStatus();
    }

    /**
     * The fixed message without detail, e.g. {@code "Conflict."}; on a SNAP service the standard's where it differs
     * ({@code "Conflict"}, {@link SnapCase}).
     */
    public String message() {
        return service.isSnap() ? SnapCase.messageOf(errorCase) : errorCase.message();
    }

    /**
     * The message with a detail appended after one space, e.g. {@code "Invalid Field Format customer.mobilePhone"}
     * or {@code "Unauthorized. Invalid signature"}; a {@code null} or blank detail gives {@link #message()}. The
     * result is cut to {@value #MAX_MESSAGE_LENGTH} characters (never inside a surrogate pair).
     */
    public String message(String detail) {
        if (detail == null || detail.isBlank()) {
            return message();
        }
        return truncate(message() + " " + detail.strip());
    }

    /** The seven-character code. */
    @Override
    public String toString() {
        return code();
    }

    static String truncate(String message) {
        if (message.length() <= MAX_MESSAGE_LENGTH) {
            return message;
        }
        int end = MAX_MESSAGE_LENGTH;
        if (Character.isHighSurrogate(message.charAt(end - 1))) {
            end--;
        }
        return message.substring(0, end);
    }
}

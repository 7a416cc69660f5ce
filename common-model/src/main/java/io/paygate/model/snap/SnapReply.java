package io.paygate.model.snap;

/**
 * A SNAP reply body (docs/contract.md §9): every one carries {@code responseCode} ({@code HTTP + service code + case},
 * e.g. {@code 2002700}) and {@code responseMessage}; the HTTP status of the reply is the code's first three digits.
 * The SNAP services' reply records implement it.
 */
public interface SnapReply {

    String responseCode();

    String responseMessage();

    /** The HTTP status the reply is sent with. */
    default int httpStatus() {
        return Integer.parseInt(responseCode().substring(0, 3));
    }
}

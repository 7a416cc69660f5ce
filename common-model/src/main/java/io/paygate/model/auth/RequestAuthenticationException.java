package io.paygate.model.auth;

import java.util.Objects;

/**
 * A merchant request failed authentication (docs/contract.md §0). Always answered with HTTP 401,
 * {@code responseCode 401SS00}, {@code responseMessage "Unauthorized. " + reason()}. The reason is a short
 * phrase that never reveals more than which check failed (e.g. {@code "Invalid signature"}).
 */
public final class RequestAuthenticationException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String reason;

    /** @param reason short phrase shown to the merchant, e.g. {@code "Unknown partner"} */
    public RequestAuthenticationException(String reason) {
        super(Objects.requireNonNull(reason, "reason"), null, false, false);
        this.reason = reason;
    }

    /** The short reason phrase, e.g. {@code "Timestamp outside the allowed window"}. */
    public String reason() {
        return reason;
    }
}

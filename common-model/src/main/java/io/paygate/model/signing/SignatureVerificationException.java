package io.paygate.model.signing;

/**
 * A notification failed verification (bad or missing signature, stale timestamp, malformed body). The
 * message says which check failed; it never contains a secret or the expected signature. Per the seed a
 * merchant ignores such a notification and does not process the transaction.
 */
public final class SignatureVerificationException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public SignatureVerificationException(String message) {
        super(message);
    }
}

package io.paygate.kit.auth;

import java.util.Locale;

/**
 * A merchant's state from the registry that this service refuses to use (docs/contract.md §10): never applied, counted
 * by its {@link #reason()}. The message never carries a secret or a key. No stack trace.
 */
public final class MerchantStateException extends RuntimeException {

    public enum Reason {
        /** A member that does not parse (an address block, a SNAP key, a notification secret, a missing member). */
        INVALID,
        /** A sealed secret that does not open: altered, sealed for another merchant or member, or under a key not held. */
        UNDECRYPTABLE,
        /** A sealed secret, and this service has no {@code gateway.merchants.encryption-key}. */
        NO_KEY;

        /** The metric tag: {@code invalid}, {@code undecryptable}, {@code no-key}. */
        public String tag() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    private final Reason reason;

    MerchantStateException(Reason reason, String message) {
        super(message, null, false, false);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}

package io.paygate.kit.auth;

import io.paygate.model.signing.WebhookSecret;

import java.util.Optional;

/**
 * A merchant as configured. {@link #toString()} never shows a secret. The notification secret is configured only
 * where notifications are signed (one Secret per service holds only what that service needs); the SNAP keys only
 * for merchants that use SNAP ({@link #snap()}).
 */
public record Merchant(String id, String name, String clientSecret, WebhookSecret notificationSecret,
                       String currency, SnapClient snapClient) {

    /** A merchant without SNAP keys. */
    public Merchant(String id, String name, String clientSecret, WebhookSecret notificationSecret, String currency) {
        this(id, name, clientSecret, notificationSecret, currency, null);
    }

    /** The merchant's SNAP client key and public key, when it has them (docs/contract.md §9). */
    public Optional<SnapClient> snap() {
        return Optional.ofNullable(snapClient);
    }

    /**
     * The key of this merchant's notification signatures.
     *
     * @throws IllegalStateException when this service was not given one
     */
    @Override
    public WebhookSecret notificationSecret() {
        if (notificationSecret == null) {
            throw new IllegalStateException("gateway.merchants." + id + ".notification-secret is not set");
        }
        return notificationSecret;
    }

    @Override
    public String toString() {
        return "Merchant[" + id + "]";
    }
}

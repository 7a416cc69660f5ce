package io.paygate.kit.auth;

import io.paygate.model.signing.WebhookSecret;

/**
 * A merchant as configured. {@link #toString()} never shows a secret. The notification secret is configured only
 * where notifications are signed (one Secret per service holds only what that service needs).
 */
public record Merchant(String id, String name, String clientSecret, WebhookSecret notificationSecret,
                       String currency) {

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

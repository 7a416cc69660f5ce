package io.paygate.kit.auth;

import io.paygate.model.signing.WebhookSecret;

/**
 * A merchant as configured. {@link #toString()} never shows a secret.
 */
public record Merchant(String id, String name, String clientSecret, WebhookSecret notificationSecret,
                       String currency) {

    @Override
    public String toString() {
        return "Merchant[" + id + "]";
    }
}

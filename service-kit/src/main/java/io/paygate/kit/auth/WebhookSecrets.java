package io.paygate.kit.auth;

import io.paygate.model.signing.WebhookSecret;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * A merchant's notification secrets (docs/contract.md §6 "Notification secret rotation"): the current one and, during a
 * rotation, the previous one until {@code previousExpiresAt}, and whether the merchant activated the current one.
 * {@link #toString()} never shows a secret.
 */
public record WebhookSecrets(WebhookSecret current, WebhookSecret previous, Instant previousExpiresAt,
                            boolean activated) {

    public WebhookSecrets {
        Objects.requireNonNull(current, "current");
        if (previous == null || previousExpiresAt == null) {
            previous = null;
            previousExpiresAt = null;
        }
    }

    /** A secret never rotated. */
    public static WebhookSecrets of(WebhookSecret current) {
        return new WebhookSecrets(current, null, null, false);
    }

    /** Whether the previous secret still lives at {@code now}. */
    public boolean previousLive(Instant now) {
        return previous != null && now.isBefore(previousExpiresAt);
    }

    /**
     * The secret of the one-value signatures (body {@code signature}, {@code X-SIGNATURE}) at {@code now}: the previous
     * one while it lives and the merchant has not activated the current one, else the current one.
     */
    public WebhookSecret signing(Instant now) {
        return previousLive(now) && !activated ? previous : current;
    }

    /** The secrets {@code webhook-signature} carries at {@code now}: the current one, then the previous while it lives. */
    public List<WebhookSecret> webhookSecrets(Instant now) {
        return previousLive(now) ? List.of(current, previous) : List.of(current);
    }

    @Override
    public String toString() {
        return "WebhookSecrets[" + (previous == null ? "1" : "2") + " secret(s)]";
    }
}

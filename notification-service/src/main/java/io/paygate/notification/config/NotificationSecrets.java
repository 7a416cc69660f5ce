package io.paygate.notification.config;

import io.paygate.kit.auth.Merchant;
import io.paygate.kit.auth.Merchants;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * This service signs every merchant's notifications, so each configured merchant must have its notification secret
 * here (the other services' Secrets leave it out): a missing one stops the start, not the first delivery. Only the
 * configured merchants are checked: a merchant the registry alone knows (docs/contract.md §10) comes with its secrets,
 * and the registry is read after start.
 */
@ApplicationScoped
class NotificationSecrets {

    void check(@Observes StartupEvent event, Merchants merchants) {
        merchants.configured().forEach(Merchant::notificationSecret);
    }
}

package io.paygate.kit.events;

import io.paygate.kit.config.GatewayConfig;
import io.paygate.model.event.EventSigner;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/**
 * The service's {@link EventSigner} (docs/contract.md §7) from {@code gateway.events.signing-key} and, during a rotation,
 * {@code gateway.events.previous-signing-key}. Made at startup, so a service whose key is missing (SmallRye refuses
 * the configuration) or shorter than 32 bytes does not start. The relay signs every record with it; notification-service
 * verifies with it.
 */
@ApplicationScoped
public class EventSigning {

    @Produces
    @Singleton
    @Startup
    public EventSigner eventSigner(GatewayConfig config) {
        try {
            return EventSigner.of(config.events().signingKey(), config.events().previousSigningKey().orElse(null));
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("gateway.events.signing-key / gateway.events.previous-signing-key: "
                    + e.getMessage(), e);
        }
    }
}

package io.paygate.merchant.registry;

import io.paygate.model.merchant.SecretSealer;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.util.Optional;

/**
 * The one {@link SecretSealer} of the service (docs/contract.md §10), from {@code gateway.merchants.encryption-key} and,
 * while it is rotated, {@code gateway.merchants.previous-encryption-key}. Read here with {@code @ConfigProperty}
 * rather than through service-kit's {@code GatewayConfig}, whose {@code merchants} is the map of configured merchants:
 * these two leaves sit beside its entries. A key that is not base64 of 32 bytes stops the service, naming the key.
 */
public class Sealing {

    @Produces
    @Singleton
    SecretSealer sealer(@ConfigProperty(name = "gateway.merchants.encryption-key") String key,
                        @ConfigProperty(name = "gateway.merchants.previous-encryption-key") Optional<String> previous) {
        try {
            return SecretSealer.of(key, previous.orElse(null));
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("gateway.merchants." + e.getMessage());
        }
    }
}

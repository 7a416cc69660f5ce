package io.paygate.kit.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;
import java.util.Optional;

/**
 * The keys of the merchant registry (docs/contract.md §10) beside the configured merchants: {@code gateway.merchants.*}
 * holds both, the merchants by id ({@link GatewayConfig#merchants()}, {@code gateway.merchants.<id>.name}, …) and these
 * single keys. A merchant's keys are always one level deeper ({@code gateway.merchants.<id>.<key>}), so
 * {@code gateway.merchants.encryption-key} is never read as a merchant called {@code encryption-key}
 * ({@code MerchantRegistryConfigTest} holds that).
 */
@ConfigMapping(prefix = "gateway.merchants")
public interface MerchantRegistryConfig {

    /**
     * The key the merchants' secrets on {@code merchant-config} are sealed under (AES-256-GCM, common-model's
     * {@code SecretSealer}): the base64 of 32 bytes ({@code openssl rand -base64 32}), the same in merchant-service and
     * every service that follows it; a Kubernetes Secret in production. Needed once the topic holds a record: a
     * service without it refuses every record that carries a secret (counted, logged) and is not ready until it has
     * the key. {@code %test} and {@code %dev} set one. A key that is not base64 of 32 bytes stops the service.
     */
    Optional<String> encryptionKey();

    /**
     * The key before the last rotation of {@link #encryptionKey()}: what it sealed still opens (each ciphertext names its
     * key), so services can be given a new key in any order. Unset once merchant-service re-sealed everything.
     */
    Optional<String> previousEncryptionKey();

    Registry registry();

    interface Registry {
        /**
         * Whether this service follows {@code merchant-config} ({@code kit.registry.MerchantConfigFollower}): read from
         * its beginning at start-up (the readiness check {@code merchant-config} is DOWN until the end offsets found at
         * start are reached), then followed; a merchant the registry knows is as the registry says, whatever the
         * configuration holds. Off: the configured merchants only (a single-service deployment without
         * merchant-service).
         */
        @WithDefault("true")
        boolean enabled();

        /**
         * How long the service's start waits for the registry to be read to the end offsets found at start (it goes
         * on as soon as it is): so that a service is normally ready, and knows its merchants, from its first request.
         * After it, the start goes on and the readiness check {@code merchant-config} stays DOWN until the registry is
         * read (a broker away at start delays the start by this much).
         */
        @WithDefault("10s")
        Duration startWait();
    }
}

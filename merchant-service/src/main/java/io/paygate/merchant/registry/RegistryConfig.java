package io.paygate.merchant.registry;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;
import java.util.Optional;

/**
 * merchant-service's own keys ({@code gateway.registry.*}); the shared ones (operators, the merchants it seeds) are in
 * service-kit's {@code GatewayConfig}, the encryption keys read by {@link Sealing}.
 */
@ConfigMapping(prefix = "gateway.registry")
public interface RegistryConfig {

    Topic topic();

    /**
     * Whether the merchants of {@code gateway.merchants.<id>.*} are created at start when the registry lacks them
     * (docs/contract.md §10 "Seeding"); never overwriting one it has.
     */
    @WithDefault("true")
    boolean seed();

    /**
     * Whether, at start, rows sealed under {@code previous-encryption-key} are sealed again under the current key and
     * published (after an encryption-key rotation); {@code POST /admin/encryption-key/reseal} does it at any time.
     */
    @WithDefault("true")
    boolean resealAtStart();

    /** The compacted topic {@code merchant-config}, made at start when the broker lacks it. */
    interface Topic {
        /** Whether to create it (off where a platform team makes topics, e.g. Strimzi's KafkaTopic). */
        @WithDefault("true")
        boolean create();

        /** Its partitions (key = merchant id). */
        @WithDefault("3")
        int partitions();

        /** Its replication factor; unset: the broker's default ({@code default.replication.factor}). */
        Optional<Short> replicationFactor();

        /** How long one attempt to create it may take before the next (every 30 s until it succeeds). */
        @WithDefault("10s")
        Duration timeout();
    }
}

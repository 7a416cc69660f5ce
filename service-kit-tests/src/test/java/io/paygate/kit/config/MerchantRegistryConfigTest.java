package io.paygate.kit.config;

import io.quarkus.runtime.configuration.DurationConverter;
import io.smallrye.config.EnvConfigSource;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/contract.md §10: {@code gateway.merchants.encryption-key}, {@code previous-encryption-key} and
 * {@code registry.enabled} live beside the merchants of {@code gateway.merchants.<id>.*} without being read as
 * merchants. On main there is no MerchantRegistryConfig (the keys are not read at all).
 */
class MerchantRegistryConfigTest {

    private static final String KEY = "dGVzdC1vbmx5LXBheWdhdGUtbWVyY2hhbnQta2V5LTA=";

    @Test
    void theEncryptionKeyIsReadAndNeverTakenForAMerchantCalledEncryptionKey() {
        Map<String, String> file = new HashMap<>();
        file.put("gateway.merchants.demo.name", "Demo Store");
        file.put("gateway.merchants.demo.client-secret", "demo-client-secret");
        file.put("gateway.merchants.encryption-key", KEY);
        file.put("gateway.merchants.previous-encryption-key", KEY);
        file.put("gateway.merchants.registry.enabled", "false");
        SmallRyeConfig config = config(file, Map.of());
        MerchantRegistryConfig registry = config.getConfigMapping(MerchantRegistryConfig.class);
        assertEquals(KEY, registry.encryptionKey().orElseThrow());
        assertEquals(KEY, registry.previousEncryptionKey().orElseThrow());
        assertFalse(registry.registry().enabled());
        GatewayConfig gateway = config.getConfigMapping(GatewayConfig.class);
        assertEquals(Set.of("demo"), gateway.merchants().keySet(),
                "encryption-key, previous-encryption-key and registry are no merchants");
    }

    @Test
    void fromTheEnvironmentToo() {
        SmallRyeConfig config = config(Map.of("gateway.merchants.demo.name", "Demo Store",
                "gateway.merchants.demo.client-secret", "demo-client-secret"),
                Map.of("GATEWAY_MERCHANTS_ENCRYPTION_KEY", KEY));
        assertEquals(KEY, config.getConfigMapping(MerchantRegistryConfig.class).encryptionKey().orElseThrow());
        assertTrue(config.getConfigMapping(MerchantRegistryConfig.class).registry().enabled(), "on by default");
        assertEquals(Set.of("demo"), config.getConfigMapping(GatewayConfig.class).merchants().keySet());
    }

    @Test
    void aMerchantsOwnAllowlistAndRateLimitAreRead() {
        SmallRyeConfig config = config(Map.of("gateway.merchants.acme.name", "ACME",
                "gateway.merchants.acme.client-secret", "acme-client-secret",
                "gateway.merchants.acme.ip-allowlist", "203.0.113.0/24,2001:db8::/32",
                "gateway.merchants.acme.rate-limit.burst", "5",
                "gateway.merchants.acme.methods", "CARD,QRIS"), Map.of());
        GatewayConfig.MerchantConfig acme = config.getConfigMapping(GatewayConfig.class).merchants().get("acme");
        assertEquals(List.of("203.0.113.0/24", "2001:db8::/32"), acme.ipAllowlist().orElseThrow());
        assertEquals(5, acme.rateLimit().orElseThrow().burst().orElseThrow());
        assertTrue(acme.rateLimit().orElseThrow().perSecond().isEmpty());
        assertEquals(List.of("CARD", "QRIS"), acme.methods().orElseThrow());
    }

    private static SmallRyeConfig config(Map<String, String> file, Map<String, String> environment) {
        Map<String, String> base = new HashMap<>(file);
        base.put("gateway.events.signing-key", "an-event-signing-key-of-at-least-32-bytes");
        return new SmallRyeConfigBuilder().withMapping(GatewayConfig.class).withMapping(MerchantRegistryConfig.class)
                .withConverter(Duration.class, 200, new DurationConverter())
                .withSources(new PropertiesConfigSource(base, "application.properties", 250))
                .withSources(new EnvConfigSource(environment, 300))
                .build();
    }
}

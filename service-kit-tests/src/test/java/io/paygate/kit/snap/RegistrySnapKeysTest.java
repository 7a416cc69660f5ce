package io.paygate.kit.snap;

import io.paygate.kit.auth.Merchant;
import io.paygate.kit.auth.Merchants;
import io.paygate.kit.auth.SnapSigning;
import io.paygate.kit.config.GatewayConfig;
import io.paygate.model.snap.SnapKeys;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.SandboxSnap;
import io.paygate.testsupport.kafka.RegistryRecords;
import io.quarkus.runtime.configuration.DurationConverter;
import io.smallrye.config.SmallRyeConfigBuilder;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/contract.md §9, §10: SNAP signing keys and company codes follow the registry. A merchant's next signing key is
 * published at once and signs from its activateAt; a registry merchant's company code beats a configured merchant's,
 * and one two registry merchants claim is neither's. On main both read the configuration alone.
 */
class RegistrySnapKeysTest {

    private static final Instant ACTIVATE = Instant.parse("2026-12-01T00:00:00Z");

    @Test
    void theNextSigningKeyIsPublishedAtOnceAndSignsFromItsActivation() {
        SnapSigning signing = new SnapSigning(SnapKeys.privateKey(SandboxSnap.gatewayPrivateKeyPem(SandboxMerchants.DEMO)),
                SnapKeys.privateKey(SandboxSnap.gatewayPreviousPrivateKeyPem()),
                SnapKeys.privateKey(SandboxSnap.gatewayPrivateKeyPem(SandboxMerchants.DEMO2)), ACTIVATE);
        Merchants merchants = Merchants.of(List.of(), RegistryRecords.sealer());
        merchants.apply(List.of(Merchant.builder("acme").clientSecret("s").snapSigning(signing).fromRegistry(1).build()));
        String current = SandboxSnap.gatewayPublicKeyPem(SandboxMerchants.DEMO);
        String next = SandboxSnap.gatewayPublicKeyPem(SandboxMerchants.DEMO2);
        String previous = SandboxSnap.gatewayPreviousPublicKeyPem();

        MerchantSigningKeys before = keys(merchants, ACTIVATE.minusSeconds(1)).of("acme").orElseThrow();
        assertEquals(current + next + previous, before.publicKeysPem(), "the signing key first, then next, previous");
        MerchantSigningKeys after = keys(merchants, ACTIVATE).of("acme").orElseThrow();
        assertEquals(next + current + previous, after.publicKeysPem());
        assertTrue(keys(merchants, ACTIVATE).of("nobody").isEmpty());
    }

    @Test
    void theRegistryKeysReplaceTheConfiguredOnesForAMerchantItKnows() {
        TreeMap<String, ConfiguredSnapSigningKeys.Configured> configured = new TreeMap<>();
        configured.put("acme", new ConfiguredSnapSigningKeys.Configured(
                SandboxSnap.gatewayPrivateKeyPem(SandboxMerchants.DEMO), null));
        Merchants merchants = Merchants.of(List.of(), RegistryRecords.sealer());
        ConfiguredSnapSigningKeys keys = new ConfiguredSnapSigningKeys(configured, merchants, Clock.systemUTC());
        assertTrue(keys.of("acme").isPresent());
        merchants.apply(List.of(Merchant.builder("acme").clientSecret("s").fromRegistry(1).build()));
        assertFalse(keys.of("acme").isPresent(), "the registry's merchant has none: the configured key is stale");
    }

    @Test
    void companyCodesFollowTheRegistry() {
        Merchants merchants = Merchants.of(List.of(Merchant.builder("configured").clientSecret("s")
                .partnerServiceIds(List.of("77001", "77002")).build()), RegistryRecords.sealer());
        PartnerServiceIds codes = new PartnerServiceIds(configuredNone(), merchants);
        assertTrue(codes.belongsTo("configured", "   77001"));
        merchants.apply(List.of(registry("moved", 1, "77001"), registry("a", 1, "77100"), registry("b", 1, "771001")));
        assertFalse(codes.belongsTo("configured", "   77001"), "the registry's merchant has it now");
        assertTrue(codes.belongsTo("moved", "   77001"));
        assertTrue(codes.belongsTo("configured", "   77002"));
        assertFalse(codes.belongsTo("a", "   77100"), "77100 begins b's 771001: neither's until settled");
        assertFalse(codes.belongsTo("b", "  771001"));
        merchants.apply(List.of(registry("b", 2, "77200")));
        assertTrue(codes.belongsTo("a", "   77100"));
        assertTrue(codes.belongsTo("b", "   77200"));
    }

    private static Merchant registry(String id, long version, String code) {
        return Merchant.builder(id).clientSecret("s").partnerServiceIds(List.of(code)).fromRegistry(version).build();
    }

    /** A configuration without merchants. */
    private static GatewayConfig configuredNone() {
        return new SmallRyeConfigBuilder().withMapping(GatewayConfig.class)
                .withDefaultValue("gateway.events.signing-key", "an-event-signing-key-of-at-least-32-bytes")
                .withConverter(Duration.class, 200, new DurationConverter())
                .build().getConfigMapping(GatewayConfig.class);
    }

    private static ConfiguredSnapSigningKeys keys(Merchants merchants, Instant now) {
        return new ConfiguredSnapSigningKeys(new TreeMap<>(), merchants, Clock.fixed(now, ZoneOffset.UTC));
    }
}

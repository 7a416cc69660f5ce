package io.paygate.payment.provider.midtrans;

import io.paygate.kit.auth.Merchant;
import io.paygate.kit.auth.Merchants;
import io.paygate.kit.config.GatewayConfig;
import io.quarkus.runtime.configuration.DurationConverter;
import io.smallrye.config.SmallRyeConfigBuilder;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A merchant on {@code midtrans} without its keys stops the start, naming the key and never a value. */
class MidtransAccountsTest {

    static Optional<GatewayConfig.Midtrans> config(String serverKey, String clientKey, String baseUrl) {
        return Optional.of(new GatewayConfig.Midtrans() {
            @Override
            public Optional<String> serverKey() {
                return Optional.ofNullable(serverKey);
            }

            @Override
            public Optional<String> clientKey() {
                return Optional.ofNullable(clientKey);
            }

            @Override
            public String baseUrl() {
                return baseUrl;
            }
        });
    }

    @Test
    void refusesAMerchantWithoutKeysNamingTheKeyNotTheValue() {
        IllegalStateException noServerKey = assertThrows(IllegalStateException.class, () ->
                MidtransAccounts.accountOf("shop", config(null, "SB-Mid-client-secretvalue", "https://api.midtrans.com")));
        assertTrue(noServerKey.getMessage().startsWith("gateway.merchants.shop.midtrans.server-key is not set"));
        assertFalse(noServerKey.getMessage().contains("secretvalue"));
        IllegalStateException noClientKey = assertThrows(IllegalStateException.class, () ->
                MidtransAccounts.accountOf("shop", config("SB-Mid-server-secretvalue", " ", "https://api.midtrans.com")));
        assertTrue(noClientKey.getMessage().startsWith("gateway.merchants.shop.midtrans.client-key is not set"));
        assertFalse(noClientKey.getMessage().contains("secretvalue"));
        assertThrows(IllegalStateException.class, () -> MidtransAccounts.accountOf("shop", Optional.empty()));
    }

    @Test
    void refusesABaseUrlThatIsNotAnAbsoluteHttpUrl() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () ->
                MidtransAccounts.accountOf("shop", config("s", "c", "api.midtrans.com")));
        assertTrue(e.getMessage().startsWith("gateway.merchants.shop.midtrans.base-url"));
    }

    @Test
    void sandboxAndProductionBaseUrls() {
        MidtransAccount sandbox = MidtransAccounts.accountOf("shop",
                config("SB-Mid-server-x", "SB-Mid-client-x", "https://api.sandbox.midtrans.com/"));
        assertEquals("https://api.sandbox.midtrans.com", sandbox.baseUrl());
        assertTrue(sandbox.sandbox());
        assertFalse(MidtransAccounts.accountOf("shop", config("s", "c", "https://api.midtrans.com")).sandbox());
        assertFalse(sandbox.toString().contains("SB-Mid-server-x"), "the keys stay out of toString");
        assertTrue(sandbox.basicAuthorization().equals("Basic U0ItTWlkLXNlcnZlci14Og=="));
    }

    /**
     * docs/contract.md §10: a merchant the registry knows has the registry's Midtrans account (its server key opened from
     * the record), not the configuration's; one whose account is incomplete has none. On main MidtransAccounts reads the
     * configuration alone.
     */
    @Test
    void aRegistryMerchantsAccountIsTheRegistrys() {
        Merchants merchants = Merchants.of(List.of(), null);
        MidtransAccounts accounts = new MidtransAccounts(noMerchants(), merchants);
        assertTrue(accounts.of("shop").isEmpty());
        merchants.apply(List.of(Merchant.builder("shop").clientSecret("s").provider("midtrans")
                .midtrans(new Merchant.Midtrans("SB-Mid-server-registry", "SB-Mid-client-registry",
                        "https://api.midtrans.com/")).fromRegistry(1).build()));
        MidtransAccount account = accounts.of("shop").orElseThrow();
        assertEquals("SB-Mid-server-registry", account.serverKey());
        assertEquals("https://api.midtrans.com", account.baseUrl());
        merchants.apply(List.of(Merchant.builder("shop").clientSecret("s").provider("midtrans")
                .midtrans(new Merchant.Midtrans(" ", "SB-Mid-client-registry", null)).fromRegistry(2).build()));
        assertTrue(accounts.of("shop").isEmpty(), "an account without its server key is none");
    }

    private static GatewayConfig noMerchants() {
        return new SmallRyeConfigBuilder().withMapping(GatewayConfig.class)
                .withDefaultValue("gateway.events.signing-key", "an-event-signing-key-of-at-least-32-bytes")
                .withConverter(Duration.class, 200, new DurationConverter())
                .build().getConfigMapping(GatewayConfig.class);
    }
}

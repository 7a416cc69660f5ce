package io.paygate.kit.auth;

import io.paygate.model.merchant.MerchantState;
import io.paygate.model.merchant.MerchantStatus;
import io.paygate.model.signing.WebhookSecret;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.SandboxSnap;
import io.paygate.testsupport.kafka.RegistryRecords;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/contract.md §10 "Seeding": the configured merchants are the base and the registry's state wins whole for an id
 * it knows, so a stale configuration can never revive a suspended merchant or an ended secret; what a state carries is
 * opened and parsed before it is believed. On main Merchants has no registry (no apply, no read, no builder).
 */
class MerchantsRegistryTest {

    private static final Instant NOW = Instant.now();

    private static Merchants merchants(Merchant... configured) {
        return Merchants.of(List.of(configured), RegistryRecords.sealer());
    }

    private static Merchant configured(String id, String secret) {
        return new Merchant(id, id, secret, null, "IDR");
    }

    @Test
    void aSuspensionInTheRegistryBeatsAnActiveConfiguredMerchantAndItsStaleSecret() {
        Merchants merchants = merchants(configured("acme", "configured-secret"));
        assertFalse(merchants.get("acme").fromRegistry());
        long before = merchants.generation();
        assertTrue(merchants.apply(RegistryRecords.withStatus(RegistryRecords.active("acme", 1, "registry-secret"),
                MerchantStatus.SUSPENDED, 1)));
        Merchant acme = merchants.get("acme");
        assertTrue(acme.suspended());
        assertEquals("registry-secret", acme.clientSecret());
        assertNull(acme.previousClientSecret(NOW), "the configured secret is not kept as a previous one");
        assertTrue(merchants.generation() > before);
        assertEquals(1, merchants.configured().size());
        assertFalse(merchants.configured().iterator().next().fromRegistry(), "the configuration stays as configured");
    }

    @Test
    void aStateNotNewerThanTheOneHeldChangesNothing() {
        Merchants merchants = merchants();
        assertTrue(merchants.apply(RegistryRecords.active("acme", 5, "five")));
        long generation = merchants.generation();
        assertFalse(merchants.apply(RegistryRecords.active("acme", 5, "five-again")));
        assertFalse(merchants.apply(RegistryRecords.active("acme", 4, "four")));
        assertEquals("five", merchants.get("acme").clientSecret());
        assertEquals(generation, merchants.generation());
    }

    @Test
    void aPreviousSecretIsGivenOnlyUntilItsExpiry() {
        Merchant merchant = Merchant.builder("acme").clientSecret("new")
                .previousClientSecret("old", NOW.plusSeconds(60)).build();
        assertEquals("old", merchant.previousClientSecret(NOW));
        assertEquals("old", merchant.previousClientSecret(NOW.plusSeconds(59)));
        assertNull(merchant.previousClientSecret(NOW.plusSeconds(60)));
        assertNull(Merchant.builder("acme").clientSecret("new").previousClientSecret("old", null).build()
                .previousClientSecret(NOW), "a previous secret without an expiry is none");
    }

    @Test
    void aCiphertextOfAnotherMerchantIsRefusedAndNothingShowsASecret() {
        Merchants merchants = merchants();
        MerchantState stolen = new MerchantState("victim", "Victim", MerchantStatus.ACTIVE, null, null, null, null,
                null, null, null, MerchantState.RotatingSecret.of(RegistryRecords.seal("thief",
                MerchantState.SECRET_CLIENT, "thief-secret")), null, null, null, 1, NOW);
        MerchantStateException e = assertThrows(MerchantStateException.class, () -> merchants.read(stolen));
        assertEquals(MerchantStateException.Reason.UNDECRYPTABLE, e.reason());
        assertFalse(e.getMessage().contains("thief-secret"));
        assertThrows(MerchantStateException.class, () -> Merchants.of(List.of(), null)
                .read(RegistryRecords.active("acme", 1, "s")));

        WebhookSecret whsec = WebhookSecret.parse(SandboxMerchants.DEMO.notificationSecret());
        MerchantState full = new MerchantState("acme", "ACME", MerchantStatus.ACTIVE, "sandbox", "IDR", List.of("CARD"),
                List.of("203.0.113.0/24"), new MerchantState.RateLimit(5, 10), null, null,
                new MerchantState.RotatingSecret(RegistryRecords.seal("acme", MerchantState.SECRET_CLIENT, "new-secret"),
                        RegistryRecords.seal("acme", MerchantState.SECRET_CLIENT, "old-secret"), NOW.plusSeconds(60),
                        NOW, null),
                MerchantState.RotatingSecret.of(RegistryRecords.seal("acme", MerchantState.SECRET_NOTIFICATION,
                        whsec.reveal())),
                new MerchantState.MidtransAccount(RegistryRecords.seal("acme", MerchantState.SECRET_MIDTRANS_SERVER_KEY,
                        "SB-Mid-server-secret"), "SB-Mid-client", "https://api.sandbox.midtrans.com"),
                new MerchantState.SnapState("acme-snap", SandboxSnap.publicKeyPem(SandboxMerchants.DEMO), null, null,
                        List.of("   88001"), RegistryRecords.seal("acme", MerchantState.SECRET_SNAP_SIGNING_KEY,
                        SandboxSnap.gatewayPrivateKeyPem(SandboxMerchants.DEMO)), null, null, null),
                3, NOW);
        Merchant acme = merchants.read(full);
        assertEquals("new-secret", acme.clientSecret());
        assertEquals("old-secret", acme.previousClientSecret(NOW));
        assertEquals(whsec, acme.notificationSecret());
        assertEquals("SB-Mid-server-secret", acme.midtrans().orElseThrow().serverKey());
        assertEquals(List.of("   88001"), acme.partnerServiceIds());
        assertTrue(acme.snapSigning().isPresent());
        assertTrue(acme.allows(new byte[]{(byte) 203, 0, 113, 9}));
        assertFalse(acme.allows(new byte[]{127, 0, 0, 1}));
        assertEquals(10, acme.rateLimit().orElseThrow().burst());
        String shown = acme + " " + acme.midtrans().orElseThrow() + " " + acme.notificationSecrets() + " "
                + acme.snapSigning().orElseThrow() + " " + acme.snapClient();
        for (String secret : new String[]{"new-secret", "old-secret", "SB-Mid-server-secret", whsec.reveal(),
                "PRIVATE"}) {
            assertFalse(shown.contains(secret), shown);
        }
        merchants.apply(List.of(acme));
        assertEquals(acme, merchants.findBySnapClientKey("acme-snap").orElseThrow());
    }

    @Test
    void aSnapClientKeyTwoRegistryMerchantsClaimNamesNeitherAndTheRegistryBeatsTheConfiguration() {
        SnapClient snap = Merchants.snapClient("x", "shared-key", SandboxSnap.publicKeyPem(SandboxMerchants.DEMO));
        Merchants merchants = merchants(Merchant.builder("configured").clientSecret("s").snapClient(snap).build());
        assertEquals("configured", merchants.findBySnapClientKey("shared-key").orElseThrow().id());
        merchants.apply(List.of(Merchant.builder("moved").clientSecret("s").snapClient(snap).fromRegistry(1).build()));
        assertEquals("moved", merchants.findBySnapClientKey("shared-key").orElseThrow().id());
        merchants.apply(List.of(Merchant.builder("other").clientSecret("s").snapClient(snap).fromRegistry(1).build()));
        assertTrue(merchants.findBySnapClientKey("shared-key").isEmpty());
    }
}

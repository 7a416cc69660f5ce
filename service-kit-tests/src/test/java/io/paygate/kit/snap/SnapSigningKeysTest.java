package io.paygate.kit.snap;

import io.paygate.kit.auth.Merchant;
import io.paygate.kit.auth.SnapClient;
import io.paygate.kit.snap.ConfiguredSnapSigningKeys.Configured;
import io.paygate.model.snap.SnapKeys;
import io.paygate.model.snap.SnapNotificationVerifier;
import io.paygate.model.snap.SnapSignatureException;
import io.paygate.model.snap.SnapTimestamps;
import io.paygate.testsupport.SandboxSnap;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.ZoneId;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import static io.paygate.testsupport.SandboxMerchants.DEMO;
import static io.paygate.testsupport.SandboxMerchants.DEMO2;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/contract.md §9: each merchant's SNAP notifications are signed with the gateway's signing key of that merchant
 * ({@code gateway.merchants.<id>.snap.signing-key}), at least 3072 bits and no other merchant's; a key that breaks a
 * rule stops the service, naming the key and never showing it.
 */
class SnapSigningKeysTest {

    private static final String BODY =
            "{\"latestTransactionStatus\":\"00\",\"additionalInfo\":{\"merchantId\":\"demo\"}}";

    static Map<String, MerchantSigningKeys> read(Object... idAndConfigured) {
        TreeMap<String, Configured> configured = new TreeMap<>();
        for (int i = 0; i < idAndConfigured.length; i += 2) {
            configured.put((String) idAndConfigured[i], (Configured) idAndConfigured[i + 1]);
        }
        return ConfiguredSnapSigningKeys.read(configured);
    }

    static Configured keys(String signing, String previous) {
        return new Configured(signing, previous);
    }

    @Test
    void eachMerchantSignsWithItsOwnKeyAndPublishesItFirstAndThePreviousOneSecond() {
        Map<String, MerchantSigningKeys> keys = read(
                DEMO.id(), keys(SandboxSnap.gatewayPrivateKeyPem(DEMO), SandboxSnap.gatewayPreviousPrivateKeyPem()),
                DEMO2.id(), keys(SandboxSnap.gatewayPrivateKeyPem(DEMO2), null));
        MerchantSigningKeys demo = keys.get(DEMO.id());
        assertEquals(SandboxSnap.gatewayPublicKeyPem(DEMO) + SandboxSnap.gatewayPreviousPublicKeyPem(),
                demo.publicKeysPem());
        assertEquals(SandboxSnap.gatewayPublicKeyPem(DEMO2), keys.get(DEMO2.id()).publicKeysPem());
        String timestamp = SnapTimestamps.now(Clock.systemUTC(), ZoneId.of("Asia/Jakarta"));
        String signature = demo.signer().sign("/snap/notify", BODY, timestamp);
        assertDoesNotThrow(() -> SnapNotificationVerifier.of(SandboxSnap.gatewayPublicKeyPem(DEMO))
                .verify("/snap/notify", BODY, timestamp, signature));
        assertThrows(SnapSignatureException.class, () -> SnapNotificationVerifier.of(
                SandboxSnap.gatewayPublicKeyPem(DEMO2)).verify("/snap/notify", BODY, timestamp, signature),
                "what was signed for demo does not verify at demo2");
        assertThrows(SnapSignatureException.class, () -> SnapNotificationVerifier.of(
                SandboxSnap.gatewayPreviousPublicKeyPem()).verify("/snap/notify", BODY, timestamp, signature),
                "the previous key signs nothing");
    }

    @Test
    void aPemOrBase64DerKeyIsTheSameKey() {
        String der = Base64.getEncoder().encodeToString(
                SnapKeys.privateKey(SandboxSnap.gatewayPrivateKeyPem(DEMO2)).getEncoded());
        assertEquals(read("m", keys(SandboxSnap.gatewayPrivateKeyPem(DEMO2), null)).get("m").publicKeys(),
                read("m", keys(der, null)).get("m").publicKeys());
    }

    @Test
    void aMerchantWithoutASigningKeyHasNoneAndAPreviousKeyAloneIsRefused() {
        assertEquals(Map.of(), read(DEMO.id(), keys(null, null)));
        IllegalStateException alone = assertThrows(IllegalStateException.class,
                () -> read(DEMO.id(), keys(null, SandboxSnap.gatewayPreviousPrivateKeyPem())));
        assertEquals("gateway.merchants.demo.snap.previous-signing-key without gateway.merchants.demo.snap.signing-key",
                alone.getMessage());
    }

    @Test
    void aKeyUnder3072BitsStopsTheServiceNamingIt() {
        String short2048 = SandboxSnap.privateKeyPem(DEMO); // the merchant's own key pair is RSA 2048
        IllegalStateException current = assertThrows(IllegalStateException.class,
                () -> read("acme", keys(short2048, null)));
        assertEquals("gateway.merchants.acme.snap.signing-key has 2048 bits: a signing key needs at least 3072",
                current.getMessage());
        IllegalStateException previous = assertThrows(IllegalStateException.class,
                () -> read("acme", keys(SandboxSnap.gatewayPrivateKeyPem(DEMO), short2048)));
        assertEquals("gateway.merchants.acme.snap.previous-signing-key has 2048 bits: a signing key needs at least "
                + "3072", previous.getMessage());
    }

    @Test
    void aKeyTwoMerchantsShareStopsTheServiceNamingBoth() {
        String key = SandboxSnap.gatewayPrivateKeyPem(DEMO);
        String sameKeyAsDer = Base64.getEncoder().encodeToString(SnapKeys.privateKey(key).getEncoded());
        IllegalStateException shared = assertThrows(IllegalStateException.class,
                () -> read("acme", keys(key, null), "zeta", keys(sameKeyAsDer, null)));
        assertEquals("gateway.merchants.zeta.snap.signing-key is the same key as "
                + "gateway.merchants.acme.snap.signing-key: a signing key belongs to one merchant and is configured "
                + "once", shared.getMessage());
        IllegalStateException asPrevious = assertThrows(IllegalStateException.class, () -> read(
                "acme", keys(SandboxSnap.gatewayPrivateKeyPem(DEMO2), key), "zeta", keys(key, null)));
        assertEquals("gateway.merchants.zeta.snap.signing-key is the same key as "
                + "gateway.merchants.acme.snap.previous-signing-key: a signing key belongs to one merchant and is "
                + "configured once", asPrevious.getMessage());
    }

    @Test
    void aKeyThatIsNoPrivateKeyStopsTheServiceAndNoMessageShowsAKey() {
        IllegalStateException publicHalf = assertThrows(IllegalStateException.class,
                () -> read("acme", keys(SandboxSnap.gatewayPublicKeyPem(DEMO), null)));
        assertEquals("gateway.merchants.acme.snap.signing-key is not an RSA private key in PEM or base64 DER: "
                + "not a private key (PEM PUBLIC KEY)", publicHalf.getMessage());
        for (Configured bad : List.of(keys("MIIBroken", null), keys(SandboxSnap.privateKeyPem(DEMO), null),
                keys(SandboxSnap.gatewayPrivateKeyPem(DEMO), SandboxSnap.gatewayPrivateKeyPem(DEMO)))) {
            String message = assertThrows(IllegalStateException.class, () -> read("acme", bad)).getMessage();
            assertFalse(message.contains("MII") || message.contains("BEGIN"), message);
        }
        MerchantSigningKeys keys = read("acme", keys(SandboxSnap.gatewayPrivateKeyPem(DEMO), null)).get("acme");
        assertEquals("MerchantSigningKeys[1 key(s)]", keys.toString());
        assertEquals("SnapNotificationSigner[***]", keys.signer().toString());
    }

    @Test
    void theSigningServiceRefusesAMerchantWithSnapKeysAndNoSigningKey() {
        SnapClient client = new SnapClient("acme", SnapKeys.publicKey(SandboxSnap.publicKeyPem(DEMO)));
        Merchant withSnap = new Merchant("acme", "ACME", "secret", null, "IDR", client);
        Merchant withoutSnap = new Merchant("plain", "Plain", "secret", null, "IDR");
        MerchantSigningKeys some = read("x", keys(SandboxSnap.gatewayPrivateKeyPem(DEMO), null)).get("x");
        SnapSigningKeys none = id -> Optional.empty();
        SnapSigningKeys acmeOnly = id -> "acme".equals(id) ? Optional.of(some) : Optional.empty();
        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> none.requireForEverySnapMerchant(List.of(withoutSnap, withSnap)));
        assertEquals("gateway.merchants.acme.snap.signing-key is not set: every merchant with SNAP keys needs a "
                + "signing key of its own for its SNAP notifications", refused.getMessage());
        assertDoesNotThrow(() -> acmeOnly.requireForEverySnapMerchant(List.of(withoutSnap, withSnap)));
        assertTrue(acmeOnly.of("plain").isEmpty(), "a merchant without SNAP keys needs none");
    }
}

package io.paygate.kit.snap;

import io.paygate.model.snap.SnapKeys;
import io.paygate.model.snap.SnapNotificationVerifier;
import io.paygate.model.snap.SnapTimestamps;
import io.paygate.testsupport.SandboxSnap;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.ZoneId;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The gateway's SNAP notification key pair and its rotation (docs/contract.md §9, {@code gateway.snap.signing-key}). */
class SnapSigningKeysTest {

    static SnapSigningKeys keys(String signing, String previous) {
        return new SnapSigningKeys(new SnapConfig() {
            public Optional<String> tokenKey() {
                return Optional.empty();
            }

            public Optional<String> previousTokenKey() {
                return Optional.empty();
            }

            public Optional<String> signingKey() {
                return Optional.ofNullable(signing);
            }

            public Optional<String> previousSigningKey() {
                return Optional.ofNullable(previous);
            }

            public int externalIdDays() {
                return 2;
            }

            public Duration idempotencyLease() {
                return Duration.ofSeconds(60);
            }

            public boolean servesRequests() {
                return true;
            }
        });
    }

    @Test
    void theSigningKeyIsPublishedFirstAndThePreviousOneSecond() {
        SnapSigningKeys rotating = keys(SandboxSnap.gatewayPrivateKeyPem(), SandboxSnap.gatewayPreviousPrivateKeyPem());
        assertEquals(SandboxSnap.gatewayPublicKeyPem() + SandboxSnap.gatewayPreviousPublicKeyPem(),
                rotating.publicKeysPem());
        String timestamp = SnapTimestamps.now(Clock.systemUTC(), ZoneId.of("Asia/Jakarta"));
        String body = "{\"latestTransactionStatus\":\"00\"}";
        String signature = rotating.signer().orElseThrow().sign("/snap/notify", body, timestamp);
        assertDoesNotThrow(() -> SnapNotificationVerifier.of(SandboxSnap.gatewayPublicKeyPem())
                .verify("/snap/notify", body, timestamp, signature));
        assertEquals(SnapKeys.publicKey(SandboxSnap.gatewayPublicKeyPem()), rotating.publicKeys().get(0));
    }

    @Test
    void withoutAKeyNothingIsSignedAndAPreviousKeyAloneIsRefused() {
        SnapSigningKeys none = keys(null, null);
        assertTrue(none.signer().isEmpty());
        assertEquals("", none.publicKeysPem());
        IllegalStateException alone = assertThrows(IllegalStateException.class,
                () -> keys(null, SandboxSnap.gatewayPreviousPrivateKeyPem()));
        assertEquals("gateway.snap.previous-signing-key without gateway.snap.signing-key", alone.getMessage());
    }

    @Test
    void aKeyThatIsNoPrivateKeyStopsTheServiceNamingIt() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> keys(SandboxSnap.gatewayPublicKeyPem(), null));
        assertEquals("gateway.snap.signing-key is not an RSA private key of at least 2048 bits in PEM or base64 DER: "
                + "not a private key (PEM PUBLIC KEY)", e.getMessage());
        assertFalse(keys(SandboxSnap.gatewayPrivateKeyPem(), null).toString().contains("MII"));
    }
}

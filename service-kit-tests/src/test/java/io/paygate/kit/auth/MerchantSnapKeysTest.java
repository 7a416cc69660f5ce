package io.paygate.kit.auth;

import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.SandboxSnap;
import org.junit.jupiter.api.Test;

import java.util.Base64;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** docs/contract.md §9: a merchant's SNAP keys as configured, and the clear refusal to start on a bad one. */
class MerchantSnapKeysTest {

    static final String PEM = SandboxSnap.publicKeyPem(SandboxMerchants.DEMO);

    @Test
    void aPemOrBase64DerPublicKeyIsTheSameKey() {
        SnapClient fromPem = Merchants.snapClient("demo", "demo", PEM);
        String der = Base64.getEncoder().encodeToString(fromPem.publicKey().getEncoded());
        assertEquals(fromPem, Merchants.snapClient("demo", "demo", der));
        assertEquals("SnapClient[demo]", fromPem.toString());
    }

    @Test
    void aBadPublicKeyStopsTheServiceNamingTheKeyAndWhy() {
        IllegalStateException wrongHalf = assertThrows(IllegalStateException.class,
                () -> Merchants.snapClient("acme", "acme", SandboxSnap.privateKeyPem(SandboxMerchants.DEMO)));
        assertEquals("gateway.merchants.acme.snap.public-key is not an RSA public key of at least 2048 bits in PEM or "
                + "base64 DER: not a public key (PEM PRIVATE KEY)", wrongHalf.getMessage());
        assertFalse(wrongHalf.getMessage().contains("MII"), "no key material");
        IllegalStateException garbage = assertThrows(IllegalStateException.class,
                () -> Merchants.snapClient("acme", "acme", "not-a-key"));
        assertTrue(garbage.getMessage().startsWith("gateway.merchants.acme.snap.public-key is not an RSA public key"));
    }

    @Test
    void aClientKeyIsVisibleAsciiWithoutTheSignaturesSeparator() {
        for (String bad : new String[]{"", "a|b", "with space", "\u00e9", "x".repeat(65)}) {
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> Merchants.snapClient("acme", bad, PEM), bad);
            assertEquals("gateway.merchants.acme.snap.client-key must be 1-64 visible ASCII characters without '|'",
                    e.getMessage());
        }
        assertEquals("G-123.abc_XYZ", Merchants.snapClient("acme", "G-123.abc_XYZ", PEM).clientKey());
    }
}

package io.paygate.model.snap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.paygate.model.testing.SnapVectors;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.util.Base64;
import org.junit.jupiter.api.Test;

class SnapKeysTest {

    static final String PUBLIC_PEM = SnapVectors.sandboxKey("demo-public.pem");
    static final String PRIVATE_PEM = SnapVectors.sandboxKey("demo-private.pem");

    @Test
    void readsEveryFormOfTheSameKeyPair() {
        PublicKey spki = SnapKeys.publicKey(PUBLIC_PEM);
        assertEquals(spki, SnapKeys.publicKey(SnapVectors.testKey("demo-public-pkcs1.pem")));
        assertEquals(spki, SnapKeys.publicKey(Base64.getEncoder().encodeToString(spki.getEncoded())));
        assertEquals(spki, SnapKeys.publicKey(PUBLIC_PEM.replace("\n", "\\n")), "one line with literal \\n");
        assertEquals(spki, SnapKeys.publicKey("  " + PUBLIC_PEM.replace("\n", "\r\n") + "  "));
        String pkcs1Der = pemBody(SnapVectors.testKey("demo-public-pkcs1.pem"));
        assertEquals(spki, SnapKeys.publicKey(pkcs1Der), "bare base64 of PKCS#1 DER");

        PrivateKey pkcs8 = SnapKeys.privateKey(PRIVATE_PEM);
        assertEquals(pkcs8, SnapKeys.privateKey(SnapVectors.testKey("demo-private-pkcs1.pem")));
        assertEquals(pkcs8, SnapKeys.privateKey(Base64.getEncoder().encodeToString(pkcs8.getEncoded())));
        assertEquals(pkcs8, SnapKeys.privateKey(pemBody(SnapVectors.testKey("demo-private-pkcs1.pem"))));
        assertEquals(spki, SnapKeys.publicOf(pkcs8));
    }

    @Test
    void writesPemThatReadsBack() {
        PublicKey key = SnapKeys.publicKey(PUBLIC_PEM);
        assertEquals(PUBLIC_PEM, SnapKeys.pem(key), "the same text openssl wrote");
    }

    @Test
    void refusesKeysUnder2048Bits() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SnapKeys.publicKey(SnapVectors.testKey("small-1024-public.pem")));
        assertEquals("RSA key of 1024 bits: at least 2048 are required", e.getMessage());
    }

    @Test
    void refusesTheWrongHalfWithAMessageThatSaysSo() {
        assertEquals("not a public key (PEM PRIVATE KEY)", assertThrows(IllegalArgumentException.class,
                () -> SnapKeys.publicKey(PRIVATE_PEM)).getMessage());
        assertEquals("not a private key (PEM PUBLIC KEY)", assertThrows(IllegalArgumentException.class,
                () -> SnapKeys.privateKey(PUBLIC_PEM)).getMessage());
    }

    @Test
    void refusesEncryptedAndNonRsaKeysAndGarbage() {
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> SnapKeys.privateKey(SnapVectors.testKey("demo-private-encrypted.pem"))).getMessage()
                .startsWith("encrypted private keys are not supported"));
        assertEquals("not an RSA public key (PEM or base64 DER)", assertThrows(IllegalArgumentException.class,
                () -> SnapKeys.publicKey(SnapVectors.testKey("ec-public.pem"))).getMessage());
        for (String garbage : new String[]{"", "   ", "not a key", "-----BEGIN PUBLIC KEY-----\nAAAA",
                "-----BEGIN PUBLIC KEY-----\n%%%%\n-----END PUBLIC KEY-----", "QUJD"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SnapKeys.publicKey(garbage),
                    garbage);
            assertFalse(e.getMessage().contains("AAAA") || e.getMessage().contains("QUJD"), "echoes no input");
        }
    }

    @Test
    void privateKeyMessagesNeverCarryKeyMaterial() {
        String broken = PRIVATE_PEM.replace("MII", "MIX");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SnapKeys.privateKey(broken));
        assertEquals("not an RSA private key (PEM or base64 DER)", e.getMessage());
    }

    private static String pemBody(String pem) {
        return pem.replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s+", "");
    }
}

package io.paygate.model.merchant;

import org.junit.jupiter.api.Test;

import java.util.Base64;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SecretSealerTest {

    private static final String KEY = SecretSealer.generateKey();
    private static final String OTHER_KEY = SecretSealer.generateKey();

    @Test
    void opensWhatItSealedAndTheCiphertextHoldsNoClearText() {
        SecretSealer sealer = SecretSealer.of(KEY, null);
        Sealed sealed = sealer.seal("demo", MerchantState.SECRET_CLIENT, "demo-client-secret");
        assertEquals("demo-client-secret", sealer.open("demo", MerchantState.SECRET_CLIENT, sealed));
        assertFalse(sealed.value().contains("demo-client-secret"));
        assertFalse(new String(Base64.getDecoder().decode(sealed.value())).contains("demo-client-secret"));
        assertEquals(sealer.currentKeyId(), sealed.kid());
        assertNotEquals(sealed, sealer.seal("demo", MerchantState.SECRET_CLIENT, "demo-client-secret"),
                "a fresh nonce each time");
    }

    @Test
    void aCiphertextMovedToAnotherMerchantOrMemberDoesNotOpen() {
        SecretSealer sealer = SecretSealer.of(KEY, null);
        Sealed sealed = sealer.seal("demo", MerchantState.SECRET_CLIENT, "demo-client-secret");
        IllegalArgumentException other = assertThrows(IllegalArgumentException.class,
                () -> sealer.open("demo2", MerchantState.SECRET_CLIENT, sealed));
        assertFalse(other.getMessage().contains("demo-client-secret"));
        assertThrows(IllegalArgumentException.class,
                () -> sealer.open("demo", MerchantState.SECRET_NOTIFICATION, sealed));
    }

    @Test
    void anAlteredCiphertextDoesNotOpen() {
        SecretSealer sealer = SecretSealer.of(KEY, null);
        Sealed sealed = sealer.seal("demo", MerchantState.SECRET_CLIENT, "demo-client-secret");
        byte[] bytes = Base64.getDecoder().decode(sealed.value());
        bytes[bytes.length - 20] ^= 1;
        Sealed altered = new Sealed(sealed.kid(), Base64.getEncoder().encodeToString(bytes));
        assertThrows(IllegalArgumentException.class, () -> sealer.open("demo", MerchantState.SECRET_CLIENT, altered));
        assertThrows(IllegalArgumentException.class,
                () -> sealer.open("demo", MerchantState.SECRET_CLIENT, new Sealed(sealed.kid(), "AAAA")));
    }

    @Test
    void aRotatedKeyStillOpensWhatThePreviousSealedAndResealsItUnderTheNew() {
        SecretSealer before = SecretSealer.of(KEY, null);
        Sealed old = before.seal("demo", MerchantState.SECRET_CLIENT, "s3cret");
        SecretSealer during = SecretSealer.of(OTHER_KEY, KEY);
        assertTrue(during.isStale(old));
        assertEquals("s3cret", during.open("demo", MerchantState.SECRET_CLIENT, old));
        Sealed resealed = during.reseal("demo", MerchantState.SECRET_CLIENT, old);
        assertEquals(during.currentKeyId(), resealed.kid());
        SecretSealer after = SecretSealer.of(OTHER_KEY, null);
        assertEquals("s3cret", after.open("demo", MerchantState.SECRET_CLIENT, resealed));
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> after.open("demo", MerchantState.SECRET_CLIENT, old));
        assertTrue(unknown.getMessage().contains(old.kid()));
    }

    @Test
    void refusesKeysThatAreNotThirtyTwoBytesOfBase64() {
        assertThrows(IllegalArgumentException.class, () -> SecretSealer.of(null, null));
        assertThrows(IllegalArgumentException.class, () -> SecretSealer.of("not base64!", null));
        IllegalArgumentException shortKey = assertThrows(IllegalArgumentException.class,
                () -> SecretSealer.of(Base64.getEncoder().encodeToString(new byte[16]), null));
        assertTrue(shortKey.getMessage().contains("32"));
        assertThrows(IllegalArgumentException.class,
                () -> SecretSealer.of(KEY, Base64.getEncoder().encodeToString(new byte[31])));
    }
}

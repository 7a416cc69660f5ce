package io.paygate.model.merchant;

import io.paygate.model.ids.SecureRandoms;

import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Seals and opens the merchants' secrets (docs/contract.md §10): AES-256-GCM under {@code gateway.merchants.encryption-key}
 * (base64 of 32 bytes), with {@code previous-encryption-key} still opening what it sealed while the key is rotated.
 * Each ciphertext carries its key's id (the first 8 hex digits of the key's SHA-256), so the opener picks the key
 * without trying. The associated data binds a ciphertext to its merchant and member ({@code <merchantId>/<member>}): a
 * sealed secret copied into another merchant's record, or into another member, does not open.
 *
 * <p>Thread-safe; one per process. Error messages never carry a secret or a key.
 */
public final class SecretSealer {

    public static final int KEY_BYTES = 32;
    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;

    private final String currentKid;
    private final Map<String, SecretKeySpec> keys;

    private SecretSealer(byte[] current, byte[] previous) {
        Map<String, SecretKeySpec> byKid = new LinkedHashMap<>();
        this.currentKid = kid(current);
        byKid.put(currentKid, new SecretKeySpec(current, "AES"));
        if (previous != null) {
            byKid.putIfAbsent(kid(previous), new SecretKeySpec(previous, "AES"));
        }
        this.keys = Map.copyOf(byKid);
    }

    /**
     * A sealer from the base64 of the current key and, while rotating, of the previous one (null when none).
     *
     * @throws IllegalArgumentException when a key is not base64 of exactly 32 bytes (the message names which)
     */
    public static SecretSealer of(String currentBase64, String previousBase64) {
        byte[] current = decodeKey(currentBase64, "encryption-key");
        byte[] previous = previousBase64 == null || previousBase64.isBlank()
                ? null : decodeKey(previousBase64, "previous-encryption-key");
        return new SecretSealer(current, previous);
    }

    /** A new random key, as base64 (for tests and for operators: {@code openssl rand -base64 32} does the same). */
    public static String generateKey() {
        byte[] key = new byte[KEY_BYTES];
        SecureRandoms.get().nextBytes(key);
        return Base64.getEncoder().encodeToString(key);
    }

    /** The id of the key that seals. */
    public String currentKeyId() {
        return currentKid;
    }

    /** Whether {@code sealed} was sealed under another key than the current one (to re-seal after a rotation). */
    public boolean isStale(Sealed sealed) {
        return !currentKid.equals(sealed.kid());
    }

    /** {@code secret} sealed for member {@code member} of merchant {@code merchantId}. */
    public Sealed seal(String merchantId, String member, String secret) {
        Objects.requireNonNull(secret, "secret");
        byte[] nonce = new byte[NONCE_BYTES];
        SecureRandoms.get().nextBytes(nonce);
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.ENCRYPT_MODE, keys.get(currentKid), new GCMParameterSpec(TAG_BITS, nonce));
            cipher.updateAAD(aad(merchantId, member));
            byte[] ciphertext = cipher.doFinal(secret.getBytes(StandardCharsets.UTF_8));
            byte[] out = ByteBuffer.allocate(NONCE_BYTES + ciphertext.length).put(nonce).put(ciphertext).array();
            return new Sealed(currentKid, Base64.getEncoder().encodeToString(out));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM unavailable", e);
        }
    }

    /**
     * The secret in {@code sealed}, sealed for {@code member} of {@code merchantId}.
     *
     * @throws IllegalArgumentException when its key is not held here, or it was altered or sealed for another
     *                                  merchant or member (the message says which of these, never the secret)
     */
    public String open(String merchantId, String member, Sealed sealed) {
        SecretKeySpec key = keys.get(sealed.kid());
        if (key == null) {
            throw new IllegalArgumentException("sealed under key " + sealed.kid() + ", which this service does not hold");
        }
        byte[] in;
        try {
            in = Base64.getDecoder().decode(sealed.value());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("sealed value is not base64");
        }
        if (in.length < NONCE_BYTES + TAG_BITS / 8) {
            throw new IllegalArgumentException("sealed value is too short");
        }
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, in, 0, NONCE_BYTES));
            cipher.updateAAD(aad(merchantId, member));
            return new String(cipher.doFinal(in, NONCE_BYTES, in.length - NONCE_BYTES), StandardCharsets.UTF_8);
        } catch (AEADBadTagException e) {
            throw new IllegalArgumentException("sealed value does not open: altered, or not " + merchantId + "'s " + member);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM unavailable", e);
        }
    }

    /** {@code sealed} re-sealed under the current key (after a rotation of the encryption key). */
    public Sealed reseal(String merchantId, String member, Sealed sealed) {
        return isStale(sealed) ? seal(merchantId, member, open(merchantId, member, sealed)) : sealed;
    }

    private static byte[] aad(String merchantId, String member) {
        return (merchantId + "/" + member).getBytes(StandardCharsets.UTF_8);
    }

    private static String kid(byte[] key) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(key);
            return HexFormat.of().formatHex(digest, 0, 4);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] decodeKey(String base64, String name) {
        if (base64 == null || base64.isBlank()) {
            throw new IllegalArgumentException(name + " is not set");
        }
        byte[] key;
        try {
            key = Base64.getDecoder().decode(base64.strip());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(name + " is not base64");
        }
        if (key.length != KEY_BYTES) {
            throw new IllegalArgumentException(name + " must be the base64 of " + KEY_BYTES + " bytes, not " + key.length);
        }
        return key;
    }

    @Override
    public String toString() {
        return "SecretSealer[" + currentKid + "]";
    }
}

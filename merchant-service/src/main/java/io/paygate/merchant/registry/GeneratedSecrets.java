package io.paygate.merchant.registry;

import io.paygate.model.ids.SecureRandoms;
import io.paygate.model.snap.SnapKeys;

import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.util.Base64;

/**
 * What the gateway makes for a merchant (docs/contract.md §10): client and notification secrets from 32 random bytes
 * each (the notification secret as {@code whsec_} + base64, §0), and the RSA signing key of its SNAP notifications
 * ({@value #SIGNING_KEY_BITS} bits, §9).
 */
public final class GeneratedSecrets {

    public static final int SECRET_BYTES = 32;
    public static final int SIGNING_KEY_BITS = 3072;

    private GeneratedSecrets() {
    }

    /** A client secret: base64url of 32 random bytes, without padding (43 characters). */
    public static String clientSecret() {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(random());
    }

    /** A notification secret: {@code whsec_} + base64 of 32 random bytes. */
    public static String notificationSecret() {
        return "whsec_" + Base64.getEncoder().encodeToString(random());
    }

    /** A new signing key pair for a merchant's SNAP notifications. */
    public static SigningKey signingKey() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(SIGNING_KEY_BITS, SecureRandoms.get());
            KeyPair pair = generator.generateKeyPair();
            return new SigningKey(pkcs8Pem(pair.getPrivate()), SnapKeys.pem(pair.getPublic()));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A signing key configured for a seeded merchant (PEM or base64 DER), with its public half. */
    public static SigningKey signingKey(String privateKey) {
        PrivateKey key = SnapKeys.privateKey(privateKey);
        if (SnapKeys.bits(key) < SnapKeys.MIN_SIGNING_BITS) {
            throw new IllegalArgumentException("a signing key has at least " + SnapKeys.MIN_SIGNING_BITS + " bits");
        }
        return new SigningKey(pkcs8Pem(key), SnapKeys.pem(SnapKeys.publicOf(key)));
    }

    private static String pkcs8Pem(PrivateKey key) {
        return "-----BEGIN PRIVATE KEY-----\n" + Base64.getMimeEncoder(64, new byte[]{'\n'}).encodeToString(
                key.getEncoded()) + "\n-----END PRIVATE KEY-----\n";
    }

    private static byte[] random() {
        byte[] bytes = new byte[SECRET_BYTES];
        SecureRandoms.get().nextBytes(bytes);
        return bytes;
    }

    /** A signing key: its private half (PKCS#8 PEM, to be sealed) and its public half (PEM, published). */
    public record SigningKey(String privatePem, String publicPem) {

        @Override
        public String toString() {
            return "SigningKey[public]";
        }
    }
}

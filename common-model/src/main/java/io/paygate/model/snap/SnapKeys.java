package io.paygate.model.snap;

import java.io.ByteArrayOutputStream;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.interfaces.RSAKey;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.RSAPublicKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import java.util.Locale;
import java.util.Objects;

/**
 * RSA keys of SNAP BI (docs/contract.md §9) as configuration holds them: PEM text or the base64 of the DER bytes (so one
 * environment variable holds a key). Public keys: {@code BEGIN PUBLIC KEY} (X.509 SubjectPublicKeyInfo) or
 * {@code BEGIN RSA PUBLIC KEY} (PKCS#1); private keys: {@code BEGIN PRIVATE KEY} (PKCS#8) or {@code BEGIN RSA PRIVATE KEY}
 * (PKCS#1, what {@code openssl genrsa} writes); bare base64 DER of either form. Whitespace anywhere in the base64, and
 * literal {@code \n} (a PEM pasted into one line), are ignored. Encrypted keys are refused. Every key has at least
 * {@value #MIN_BITS} bits. Error messages never contain key material.
 */
public final class SnapKeys {

    /** The smallest modulus accepted. */
    public static final int MIN_BITS = 2048;

    /**
     * The smallest modulus of a gateway signing key (a merchant's SNAP notifications, docs/contract.md §9): the keys
     * the gateway makes itself are held to more than what it accepts from merchants.
     */
    public static final int MIN_SIGNING_BITS = 3072;

    /** DER of AlgorithmIdentifier {rsaEncryption, NULL}. */
    private static final byte[] RSA_ALGORITHM = {0x30, 0x0d, 0x06, 0x09, 0x2a, (byte) 0x86, 0x48, (byte) 0x86,
            (byte) 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00};

    private SnapKeys() {
    }

    /**
     * The RSA public key in {@code text}.
     *
     * @throws IllegalArgumentException when it is no RSA public key in an accepted form, or one under 2048 bits
     */
    public static PublicKey publicKey(String text) {
        Pem pem = Pem.of(text, "public");
        byte[] der = pem.der();
        boolean pkcs1 = "RSA PUBLIC KEY".equals(pem.label());
        if (pem.label() != null && !pkcs1 && !"PUBLIC KEY".equals(pem.label())) {
            throw new IllegalArgumentException("not a public key (PEM " + pem.label() + ")");
        }
        PublicKey key = null;
        if (!pkcs1) {
            key = generatePublic(der);
        }
        if (key == null) {
            key = generatePublic(wrap(0x30, concat(RSA_ALGORITHM, wrap(0x03, concat(new byte[]{0}, der)))));
        }
        if (key == null) {
            throw new IllegalArgumentException("not an RSA public key (PEM or base64 DER)");
        }
        return checkSize(key);
    }

    /**
     * The RSA private key in {@code text}.
     *
     * @throws IllegalArgumentException when it is no unencrypted RSA private key in an accepted form, or one under 2048
     *                                  bits
     */
    public static PrivateKey privateKey(String text) {
        Pem pem = Pem.of(text, "private");
        if (pem.label() != null && pem.label().contains("ENCRYPTED")) {
            throw new IllegalArgumentException("encrypted private keys are not supported: give the key unencrypted");
        }
        boolean pkcs1 = "RSA PRIVATE KEY".equals(pem.label());
        if (pem.label() != null && !pkcs1 && !"PRIVATE KEY".equals(pem.label())) {
            throw new IllegalArgumentException("not a private key (PEM " + pem.label() + ")");
        }
        byte[] der = pem.der();
        PrivateKey key = null;
        if (!pkcs1) {
            key = generatePrivate(der);
        }
        if (key == null) {
            byte[] version = {0x02, 0x01, 0x00};
            key = generatePrivate(wrap(0x30, concat(version, RSA_ALGORITHM, wrap(0x04, der))));
        }
        if (key == null) {
            throw new IllegalArgumentException("not an RSA private key (PEM or base64 DER)");
        }
        return checkSize(key);
    }

    /** The public half of an RSA private key (its CRT form, as every key this class reads has). */
    public static PublicKey publicOf(PrivateKey key) {
        if (!(key instanceof RSAPrivateCrtKey crt)) {
            throw new IllegalArgumentException("not an RSA private key with its public exponent");
        }
        try {
            return rsa().generatePublic(new RSAPublicKeySpec(crt.getModulus(), crt.getPublicExponent()));
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("not an RSA private key", e);
        }
    }

    /** {@code key} as PEM ({@code BEGIN PUBLIC KEY}, 64 characters a line, a final line break). */
    public static String pem(PublicKey key) {
        Objects.requireNonNull(key, "key");
        String base64 = Base64.getMimeEncoder(64, new byte[]{'\n'}).encodeToString(key.getEncoded());
        return "-----BEGIN PUBLIC KEY-----\n" + base64 + "\n-----END PUBLIC KEY-----\n";
    }

    /** The size of an RSA key's modulus in bits. */
    public static int bits(java.security.Key key) {
        if (!(key instanceof RSAKey rsa)) {
            throw new IllegalArgumentException("not an RSA key");
        }
        return rsa.getModulus().bitLength();
    }

    private static <K extends java.security.Key> K checkSize(K key) {
        int bits = bits(key);
        if (bits < MIN_BITS) {
            throw new IllegalArgumentException("RSA key of " + bits + " bits: at least " + MIN_BITS + " are required");
        }
        return key;
    }

    private static PublicKey generatePublic(byte[] der) {
        try {
            return rsa().generatePublic(new X509EncodedKeySpec(der));
        } catch (GeneralSecurityException | RuntimeException e) {
            return null;
        }
    }

    private static PrivateKey generatePrivate(byte[] der) {
        try {
            return rsa().generatePrivate(new PKCS8EncodedKeySpec(der));
        } catch (GeneralSecurityException | RuntimeException e) {
            return null;
        }
    }

    private static KeyFactory rsa() throws GeneralSecurityException {
        return KeyFactory.getInstance("RSA");
    }

    /** A DER TLV with {@code tag} around {@code content}. */
    private static byte[] wrap(int tag, byte[] content) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(content.length + 6);
        out.write(tag);
        int length = content.length;
        if (length < 0x80) {
            out.write(length);
        } else if (length < 0x100) {
            out.write(0x81);
            out.write(length);
        } else if (length < 0x10000) {
            out.write(0x82);
            out.write(length >> 8);
            out.write(length);
        } else {
            out.write(0x83);
            out.write(length >> 16);
            out.write(length >> 8);
            out.write(length);
        }
        out.writeBytes(content);
        return out.toByteArray();
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }

    /** A PEM block's label ({@code null} for bare base64) and DER bytes. */
    private record Pem(String label, byte[] der) {

        static Pem of(String text, String kind) {
            if (text == null || text.isBlank()) {
                throw new IllegalArgumentException("no " + kind + " key given");
            }
            String body = text.replace("\\n", "\n").replace("\\r", "\r").strip();
            String label = null;
            if (body.startsWith("-----BEGIN ")) {
                int labelEnd = body.indexOf("-----", 11);
                if (labelEnd < 0) {
                    throw new IllegalArgumentException("malformed PEM");
                }
                label = body.substring(11, labelEnd).strip().toUpperCase(Locale.ROOT);
                String end = "-----END " + label + "-----";
                int endAt = body.toUpperCase(Locale.ROOT).indexOf(end, labelEnd);
                if (endAt < 0) {
                    throw new IllegalArgumentException("malformed PEM: no END line");
                }
                body = body.substring(labelEnd + 5, endAt);
                if (body.contains(":")) { // Proc-Type / DEK-Info headers: an encrypted PKCS#1 key
                    throw new IllegalArgumentException("encrypted private keys are not supported: give the key unencrypted");
                }
            }
            String base64 = body.replaceAll("\\s+", "");
            try {
                return new Pem(label, Base64.getDecoder().decode(base64));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("not PEM or base64 DER");
            }
        }
    }
}

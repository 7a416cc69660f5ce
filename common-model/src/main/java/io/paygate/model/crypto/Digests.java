package io.paygate.model.crypto;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Objects;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The few hash primitives the contract uses: SHA-256, HMAC-SHA512 and HMAC-SHA256, hex in lower case,
 * and a constant-time comparison. JDK only, native-image safe.
 */
public final class Digests {

    private static final HexFormat HEX = HexFormat.of();
    // Prototypes cloned per use: a clone copies the provider's state, where getInstance looks the provider up again on
    // every request (a few per cent of an initiation's CPU). Neither is thread-safe, so each use has its own clone.
    private static final MessageDigest SHA_256 = digest("SHA-256");
    private static final Mac HMAC_SHA512 = mac("HmacSHA512");
    private static final Mac HMAC_SHA256 = mac("HmacSHA256");

    private Digests() {
    }

    /** Lowercase hex SHA-256 of {@code data} ({@code null} is treated as no bytes). */
    public static String sha256Hex(byte[] data) {
        return HEX.formatHex(copy(SHA_256).digest(data == null ? new byte[0] : data));
    }

    /** Raw HMAC-SHA512 of {@code message} under {@code key}. */
    public static byte[] hmacSha512(byte[] key, byte[] message) {
        return hmac(HMAC_SHA512, key, message);
    }

    /** Lowercase hex HMAC-SHA512 (128 characters) of {@code message} under {@code key}. */
    public static String hmacSha512Hex(byte[] key, byte[] message) {
        return HEX.formatHex(hmacSha512(key, message));
    }

    /** Raw HMAC-SHA256 of {@code message} under {@code key}. */
    public static byte[] hmacSha256(byte[] key, byte[] message) {
        return hmac(HMAC_SHA256, key, message);
    }

    /** Lowercase hex of {@code bytes}. */
    public static String hex(byte[] bytes) {
        return HEX.formatHex(bytes);
    }

    /**
     * Constant-time comparison of an expected lowercase hex signature with a received one; the received
     * value may use either letter case. Returns {@code false} for {@code null}.
     */
    public static boolean hexEquals(String expectedLowerHex, String received) {
        if (expectedLowerHex == null || received == null) {
            return false;
        }
        return constantTimeEquals(expectedLowerHex, received.toLowerCase(Locale.ROOT));
    }

    /** Constant-time comparison of two strings by their UTF-8 bytes; {@code false} for {@code null}. */
    public static boolean constantTimeEquals(String expected, String received) {
        if (expected == null || received == null) {
            return false;
        }
        return MessageDigest.isEqual(expected.getBytes(StandardCharsets.UTF_8),
                received.getBytes(StandardCharsets.UTF_8));
    }

    private static byte[] hmac(Mac prototype, byte[] key, byte[] message) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(message, "message");
        String algorithm = prototype.getAlgorithm();
        try {
            Mac mac = copy(prototype);
            mac.init(new SecretKeySpec(key, algorithm));
            return mac.doFinal(message);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(algorithm + " is not available", e);
        }
    }

    private static MessageDigest copy(MessageDigest prototype) {
        try {
            return (MessageDigest) prototype.clone();
        } catch (CloneNotSupportedException e) {
            return digest(prototype.getAlgorithm());
        }
    }

    private static Mac copy(Mac prototype) {
        try {
            return (Mac) prototype.clone();
        } catch (CloneNotSupportedException e) {
            return mac(prototype.getAlgorithm());
        }
    }

    private static MessageDigest digest(String algorithm) {
        try {
            return MessageDigest.getInstance(algorithm);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(algorithm + " is not available", e);
        }
    }

    private static Mac mac(String algorithm) {
        try {
            return Mac.getInstance(algorithm);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(algorithm + " is not available", e);
        }
    }
}

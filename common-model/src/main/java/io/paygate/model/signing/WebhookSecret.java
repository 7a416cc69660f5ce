package io.paygate.model.signing;

import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.Objects;

/**
 * A merchant notification secret (docs/contract.md §0/§6): {@code whsec_} followed by the base64 of 24 to 64 random
 * bytes, as in Standard Webhooks. The signing key is the decoded bytes. {@link #toString()} never prints
 * the secret; {@link #reveal()} is the one explicit way to obtain the text form (to store or hand it out).
 */
public final class WebhookSecret {

    public static final String PREFIX = "whsec_";
    public static final int MIN_BYTES = 24;
    public static final int MAX_BYTES = 64;
    private static final int GENERATED_BYTES = 32;

    private final byte[] key;

    private WebhookSecret(byte[] key) {
        if (key.length < MIN_BYTES || key.length > MAX_BYTES) {
            throw new IllegalArgumentException(
                    "Webhook secret must decode to " + MIN_BYTES + "-" + MAX_BYTES + " bytes, got " + key.length);
        }
        this.key = key.clone();
    }

    /**
     * Parses {@code whsec_<base64>} (standard alphabet, padding optional).
     *
     * @throws IllegalArgumentException when the prefix is missing, the base64 is malformed or the key is not
     *                                  24-64 bytes; the message never contains the secret
     */
    public static WebhookSecret parse(String text) {
        Objects.requireNonNull(text, "secret");
        String trimmed = text.strip();
        if (!trimmed.startsWith(PREFIX)) {
            throw new IllegalArgumentException("Webhook secret must start with " + PREFIX);
        }
        byte[] decoded;
        try {
            decoded = Base64.getDecoder().decode(trimmed.substring(PREFIX.length()));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Webhook secret is not valid base64 after " + PREFIX);
        }
        return new WebhookSecret(decoded);
    }

    /** A key from raw bytes (24-64). */
    public static WebhookSecret ofBytes(byte[] key) {
        return new WebhookSecret(Objects.requireNonNull(key, "key"));
    }

    /** A new random secret of 32 bytes from {@link SecureRandom}. */
    public static WebhookSecret generate() {
        byte[] key = new byte[GENERATED_BYTES];
        new SecureRandom().nextBytes(key);
        return new WebhookSecret(key);
    }

    /** A copy of the HMAC key bytes. */
    public byte[] keyBytes() {
        return key.clone();
    }

    /** The text form {@code whsec_<base64>}. Treat the result as a secret: never log it. */
    public String reveal() {
        return PREFIX + Base64.getEncoder().encodeToString(key);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof WebhookSecret that && MessageDigest.isEqual(key, that.key);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(key);
    }

    /** Never the secret: {@code WebhookSecret[whsec_***, 32 bytes]}. */
    @Override
    public String toString() {
        return "WebhookSecret[" + PREFIX + "***, " + key.length + " bytes]";
    }
}

package io.paygate.kit.snap;

import io.paygate.kit.auth.Merchants;
import io.paygate.model.crypto.Hmac;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;

/**
 * SNAP access tokens (docs/contract.md §9): self-contained, so a token issued by any replica of any service is valid at
 * every other with nothing shared at request time. A token is {@code base64url(payload) "." base64url(mac)}, payload =
 * {@code 1:<expiry, unix seconds>:<16 random bytes, base64url>:<merchant id>}, mac = HMAC-SHA256 under
 * {@code gateway.snap.token-key} of {@code "paygate-snap-token:" + payload}. It names its merchant, so it is bound to
 * it; it is valid for {@value #LIFETIME_SECONDS} s; it cannot be made or altered without the key. A token made with
 * {@code gateway.snap.previous-token-key} is still accepted (a rotation). Nothing is stored; a token cannot be revoked
 * before it expires (15 minutes): remove the merchant's SNAP keys or rotate the token key without a previous one.
 * <p>
 * Made at startup: a key under 32 bytes, or merchants with SNAP keys and no token key in a service that serves SNAP
 * requests ({@code gateway.snap.serves-requests}, default true), stop the service.
 */
@ApplicationScoped
@Startup
public class AccessTokens {

    /** docs/contract.md §9: {@code expiresIn "900"}. */
    public static final long LIFETIME_SECONDS = 900;
    static final int MIN_KEY_BYTES = 32;
    private static final int MAX_TOKEN_LENGTH = 2048;
    private static final byte[] DOMAIN = "paygate-snap-token:".getBytes(StandardCharsets.US_ASCII);
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();

    private final List<Hmac> keys;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();

    @Inject
    AccessTokens(SnapConfig config, Merchants merchants) {
        this(keys(config, merchants.anySnapClient()), Clock.systemUTC());
    }

    /** Tokens under {@code keys} (the first signs, every one verifies), on {@code clock}. */
    AccessTokens(List<byte[]> keys, Clock clock) {
        List<Hmac> macs = new ArrayList<>();
        for (byte[] key : keys) {
            macs.add(Hmac.sha256(key));
        }
        this.keys = List.copyOf(macs);
        this.clock = clock;
    }

    /** The claims a valid token carries. */
    public record Claims(String merchantId, Instant expiresAt) {
    }

    /**
     * A new token for merchant {@code merchantId}, valid {@value #LIFETIME_SECONDS} s from now.
     *
     * @throws IllegalStateException when this service has no token key (no merchant has SNAP keys)
     */
    public String issue(String merchantId) {
        if (keys.isEmpty()) {
            throw new IllegalStateException("gateway.snap.token-key is not set");
        }
        byte[] nonce = new byte[16];
        random.nextBytes(nonce);
        long expires = clock.instant().getEpochSecond() + LIFETIME_SECONDS;
        byte[] payload = ("1:" + expires + ":" + ENCODER.encodeToString(nonce) + ":" + merchantId)
                .getBytes(StandardCharsets.UTF_8);
        return ENCODER.encodeToString(payload) + "." + ENCODER.encodeToString(keys.get(0).mac(DOMAIN, payload));
    }

    /**
     * The claims of {@code token}.
     *
     * @throws SnapException {@code 401xx03} for a token this gateway did not make (malformed, altered, another key),
     *                       {@code 401xx01} for an expired one
     */
    public Claims verify(String token) {
        if (token == null || token.length() > MAX_TOKEN_LENGTH) {
            throw SnapException.tokenNotFound();
        }
        int dot = token.indexOf('.');
        if (dot <= 0 || dot != token.lastIndexOf('.')) {
            throw SnapException.tokenNotFound();
        }
        byte[] payload;
        byte[] mac;
        try {
            payload = Base64.getUrlDecoder().decode(token.substring(0, dot));
            mac = Base64.getUrlDecoder().decode(token.substring(dot + 1));
        } catch (IllegalArgumentException e) {
            throw SnapException.tokenNotFound();
        }
        boolean matched = false;
        for (Hmac key : keys) {
            matched |= MessageDigest.isEqual(key.mac(DOMAIN, payload), mac);
        }
        if (!matched) {
            throw SnapException.tokenNotFound();
        }
        String[] parts = new String(payload, StandardCharsets.UTF_8).split(":", 4);
        if (parts.length != 4 || !parts[0].equals("1")) {
            throw SnapException.tokenNotFound();
        }
        Instant expiresAt;
        try {
            expiresAt = Instant.ofEpochSecond(Long.parseLong(parts[1]));
        } catch (NumberFormatException e) {
            throw SnapException.tokenNotFound();
        }
        if (!clock.instant().isBefore(expiresAt)) {
            throw SnapException.invalidToken();
        }
        return new Claims(parts[3], expiresAt);
    }

    /** How long a new token is valid. */
    public Duration lifetime() {
        return Duration.ofSeconds(LIFETIME_SECONDS);
    }

    static List<byte[]> keys(SnapConfig config, boolean anySnapMerchant) {
        List<byte[]> keys = new ArrayList<>();
        Optional<String> current = config.tokenKey();
        if (current.isEmpty()) {
            if (anySnapMerchant && config.servesRequests()) {
                throw new IllegalStateException("gateway.snap.token-key is required: merchants have SNAP keys "
                        + "(gateway.merchants.<id>.snap.*); give every service that serves SNAP the same key of at least "
                        + MIN_KEY_BYTES + " bytes");
            }
            return keys;
        }
        keys.add(key("gateway.snap.token-key", current.get()));
        config.previousTokenKey().ifPresent(previous -> keys.add(key("gateway.snap.previous-token-key", previous)));
        return keys;
    }

    private static byte[] key(String name, String value) {
        byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        if (bytes.length < MIN_KEY_BYTES) {
            throw new IllegalStateException(name + " must be at least " + MIN_KEY_BYTES + " bytes");
        }
        return bytes;
    }

    @Override
    public String toString() {
        return "AccessTokens[" + keys.size() + " key(s)]";
    }
}

package io.paygate.kit.auth;

import io.paygate.kit.config.GatewayConfig;
import io.paygate.model.crypto.Digests;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The operators of the operator API and every operations endpoint (docs/contract.md §10): each named operator's token
 * is configured only as its SHA-256 ({@code gateway.operators.<name>.token-sha256}, lowercase hex), and
 * {@code gateway.ops.token} is operator {@code ops}. A bearer token is hashed once and compared with every operator's
 * hash in constant time ({@link MessageDigest#isEqual}), all of them whatever matched, so the answer's timing says
 * nothing about which operator or how much of a hash matched. A malformed hash or name stops the service at start,
 * naming the key (never a value).
 */
@Singleton
public class Operators {

    /** The operator {@code gateway.ops.token} authenticates. */
    public static final String OPS = "ops";
    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9._-]{0,63}");
    private static final Pattern SHA256_HEX = Pattern.compile("[0-9a-f]{64}");

    /** Operator name → SHA-256 of its token. */
    private final Map<String, byte[]> hashes;

    @Inject
    Operators(GatewayConfig config) {
        this(hashesOf(config));
    }

    /** Operators from their names and token hashes (lowercase hex); for tests and tools. */
    public Operators(Map<String, String> tokenSha256ByName, Optional<String> opsToken) {
        this(hashesOf(tokenSha256ByName, opsToken));
    }

    private Operators(Map<String, byte[]> hashes) {
        this.hashes = hashes;
    }

    private static Map<String, byte[]> hashesOf(GatewayConfig config) {
        Map<String, String> named = new TreeMap<>();
        config.operators().forEach((name, operator) -> named.put(name, operator.tokenSha256()));
        return hashesOf(named, config.ops().token());
    }

    private static Map<String, byte[]> hashesOf(Map<String, String> named, Optional<String> opsToken) {
        Map<String, byte[]> hashes = new LinkedHashMap<>();
        new TreeMap<>(named).forEach((name, hex) -> {
            String key = "gateway.operators." + name + ".token-sha256";
            if (!NAME.matcher(name).matches()) {
                throw new IllegalStateException(key + ": an operator name is 1-64 of [a-z0-9._-], starting with a letter"
                        + " or digit");
            }
            if (hex == null || !SHA256_HEX.matcher(hex.strip()).matches()) {
                throw new IllegalStateException(key + " must be the lowercase hex SHA-256 of the token (64 characters)");
            }
            hashes.put(name, HexFormat.of().parseHex(hex.strip()));
        });
        opsToken.filter(token -> !token.isEmpty()).ifPresent(token -> {
            byte[] hash = sha256(token);
            byte[] configured = hashes.get(OPS);
            if (configured != null && !MessageDigest.isEqual(configured, hash)) {
                throw new IllegalStateException("gateway.operators.ops.token-sha256 and gateway.ops.token name two "
                        + "tokens for operator ops: set one of them");
            }
            hashes.put(OPS, hash);
        });
        return Map.copyOf(hashes);
    }

    /**
     * The operator whose token {@code token} is; empty for any other token. Every configured hash is compared, in
     * constant time each.
     */
    public Optional<String> authenticate(String token) {
        if (token == null || token.isEmpty()) {
            return Optional.empty();
        }
        byte[] presented = sha256(token);
        String match = null;
        for (Map.Entry<String, byte[]> operator : hashes.entrySet()) {
            if (MessageDigest.isEqual(operator.getValue(), presented) && match == null) {
                match = operator.getKey();
            }
        }
        return Optional.ofNullable(match);
    }

    /** Whether any operator is configured (none: every operations endpoint answers 401). */
    public boolean any() {
        return !hashes.isEmpty();
    }

    /** The lowercase hex SHA-256 of {@code token}: what {@code gateway.operators.<name>.token-sha256} holds. */
    public static String tokenSha256(String token) {
        return Digests.sha256Hex(token.getBytes(StandardCharsets.UTF_8));
    }

    private static byte[] sha256(String token) {
        return HexFormat.of().parseHex(tokenSha256(token));
    }
}

package io.paygate.kit.auth;

import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.kit.config.GatewayConfig;
import io.paygate.model.json.Json;
import io.paygate.model.net.Cidr;
import io.paygate.model.signing.WebhookSecret;
import io.paygate.model.snap.SnapKeys;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The merchants of {@code gateway.merchants.<id>.*}, checked once at start-up: a malformed notification secret, a
 * malformed SNAP client key or public key, a client key two merchants share, an address block that does not parse or a
 * rate limit that is not positive stops the service, naming the key and never showing a secret. (A missing
 * notification secret stops only the service that signs notifications, when it asks for it.)
 */
final class ConfiguredMerchants {

    /** docs/contract.md §9: visible ASCII without {@code |} (the separator of the access-token signature). */
    static final Pattern CLIENT_KEY = Pattern.compile("[\\x21-\\x7B\\x7D\\x7E]{1,64}");

    private ConfiguredMerchants() {
    }

    /** Every configured merchant, by id. */
    static Map<String, Merchant> read(GatewayConfig config) {
        Map<String, Merchant> merchants = new TreeMap<>();
        Map<String, String> clientKeys = new TreeMap<>();
        config.merchants().forEach((id, m) -> {
            String prefix = "gateway.merchants." + id + ".";
            WebhookSecret secret;
            try {
                secret = m.notificationSecret().map(WebhookSecret::parse).orElse(null);
            } catch (IllegalArgumentException e) {
                throw new IllegalStateException(prefix + "notification-secret is not a whsec_ secret");
            }
            SnapClient snap = m.snap().map(keys -> snapClient(prefix + "snap.", keys.clientKey(), keys.publicKey()))
                    .orElse(null);
            if (snap != null && clientKeys.put(snap.clientKey(), id) != null) {
                throw new IllegalStateException(prefix + "snap.client-key is another merchant's too");
            }
            Merchant merchant = Merchant.builder(id).name(m.name()).clientSecret(m.clientSecret())
                    .notificationSecrets(secret == null ? null : WebhookSecrets.of(secret))
                    .currency(m.currency()).provider(m.provider()).snapClient(snap)
                    .partnerServiceIds(m.snap().flatMap(GatewayConfig.Snap::partnerServiceIds).orElse(List.of()))
                    .methods(m.methods().orElse(List.of()))
                    .ipAllowlist(blocks(prefix + "ip-allowlist", m.ipAllowlist().orElse(List.of())))
                    .fees(m.fees().map(text -> fees(prefix + "fees", text)).orElse(null))
                    .settlementDelayDays(m.settlementDelayDays().orElse(null))
                    .rateLimit(m.rateLimit().map(limit -> rateLimit(prefix + "rate-limit.",
                            limit.perSecond().orElse(null), limit.burst().orElse(null))).orElse(null))
                    .build();
            merchants.put(id, merchant);
        });
        return merchants;
    }

    /** The §12 fee table of {@code key}: a JSON object, or the service does not start. */
    static JsonNode fees(String key, String text) {
        JsonNode fees;
        try {
            fees = Json.tree(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(key + " is not JSON");
        }
        if (!fees.isObject()) {
            throw new IllegalStateException(key + " is not a JSON object of method codes");
        }
        return fees;
    }

    /** The SNAP keys named by {@code prefix}, or why the service does not start. */
    static SnapClient snapClient(String prefix, String clientKey, String publicKey) {
        if (!CLIENT_KEY.matcher(clientKey).matches()) {
            throw new IllegalStateException(prefix + "client-key must be 1-64 visible ASCII characters without '|'");
        }
        try {
            return new SnapClient(clientKey, SnapKeys.publicKey(publicKey));
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(prefix + "public-key is not an RSA public key of at least "
                    + SnapKeys.MIN_BITS + " bits in PEM or base64 DER: " + e.getMessage());
        }
    }

    /** The address blocks of an allowlist named {@code key}. */
    static List<Cidr> blocks(String key, List<String> texts) {
        List<Cidr> blocks = new ArrayList<>();
        for (String text : texts) {
            if (!text.isBlank()) {
                try {
                    blocks.add(Cidr.of(text));
                } catch (IllegalArgumentException e) {
                    throw new IllegalStateException(key + ": " + e.getMessage());
                }
            }
        }
        return blocks;
    }

    /** A merchant's own rate limit named {@code prefix}: each member given positive. */
    static Merchant.RateLimit rateLimit(String prefix, Double perSecond, Integer burst) {
        if (perSecond != null && !(perSecond > 0 && Double.isFinite(perSecond))) {
            throw new IllegalStateException(prefix + "per-second must be a positive number");
        }
        if (burst != null && burst < 1) {
            throw new IllegalStateException(prefix + "burst must be at least 1");
        }
        return perSecond == null && burst == null ? null : new Merchant.RateLimit(perSecond, burst);
    }
}

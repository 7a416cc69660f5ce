package io.paygate.kit.auth;

import io.paygate.kit.config.GatewayConfig;
import io.paygate.kit.observability.MerchantDirectory;
import io.paygate.model.signing.WebhookSecret;
import io.paygate.model.snap.SnapKeys;
import jakarta.inject.Singleton;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The configured merchants, checked once at start-up (a malformed notification secret stops the service; a missing
 * one stops only the service that signs notifications, when it asks for it; a malformed SNAP client key or public key,
 * or a client key two merchants share, stops the service).
 */
// @Singleton, not @ApplicationScoped: used on every initiation, where a client proxy's lookup per call
// cost 4.6 % of the service's CPU (bench/README.md, issue 36); a singleton is injected as itself
@Singleton
public class Merchants implements MerchantDirectory {

    /** docs/contract.md §9: visible ASCII without {@code |} (the separator of the access-token signature). */
    private static final Pattern CLIENT_KEY = Pattern.compile("[\\x21-\\x7B\\x7D\\x7E]{1,64}");

    private final Map<String, Merchant> byId;
    private final Map<String, Merchant> bySnapClientKey;

    Merchants(GatewayConfig config) {
        Map<String, Merchant> merchants = new TreeMap<>();
        Map<String, Merchant> byClientKey = new TreeMap<>();
        config.merchants().forEach((id, m) -> {
            WebhookSecret secret;
            try {
                secret = m.notificationSecret().map(WebhookSecret::parse).orElse(null);
            } catch (IllegalArgumentException e) {
                throw new IllegalStateException("gateway.merchants." + id + ".notification-secret is not a whsec_ secret");
            }
            SnapClient snap = m.snap().map(keys -> snapClient(id, keys.clientKey(), keys.publicKey())).orElse(null);
            Merchant merchant = new Merchant(id, m.name(), m.clientSecret(), secret, m.currency(), snap);
            merchants.put(id, merchant);
            if (snap != null && byClientKey.put(snap.clientKey(), merchant) != null) {
                throw new IllegalStateException("gateway.merchants." + id + ".snap.client-key is another merchant's too");
            }
        });
        this.byId = Map.copyOf(merchants);
        this.bySnapClientKey = Map.copyOf(byClientKey);
    }

    /** Merchant {@code id}'s SNAP keys as configured, or why the service does not start. */
    static SnapClient snapClient(String id, String clientKey, String publicKey) {
        String prefix = "gateway.merchants." + id + ".snap.";
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

    /** The merchant whose SNAP client key is {@code clientKey} (docs/contract.md §9). */
    public Optional<Merchant> findBySnapClientKey(String clientKey) {
        return clientKey == null ? Optional.empty() : Optional.ofNullable(bySnapClientKey.get(clientKey));
    }

    /** Whether any merchant has SNAP keys. */
    public boolean anySnapClient() {
        return !bySnapClientKey.isEmpty();
    }

    /** Every configured merchant, by id. */
    public Collection<Merchant> all() {
        return byId.values();
    }

    public Optional<Merchant> find(String id) {
        return id == null ? Optional.empty() : Optional.ofNullable(byId.get(id));
    }

    @Override
    public boolean isConfigured(String merchantId) {
        return find(merchantId).isPresent();
    }

    @Override
    public List<String> configuredIds() {
        return List.copyOf(byId.keySet());
    }

    /** The merchant; for ids that come from our own records. */
    public Merchant get(String id) {
        return find(id).orElseThrow(() -> new IllegalStateException("Merchant no longer configured: " + id));
    }
}

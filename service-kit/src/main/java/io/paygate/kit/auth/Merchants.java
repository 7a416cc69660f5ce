package io.paygate.kit.auth;

import io.paygate.kit.config.GatewayConfig;
import io.paygate.kit.observability.MerchantDirectory;
import io.paygate.model.signing.WebhookSecret;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The configured merchants, checked once at start-up (a malformed notification secret stops the service; a missing
 * one stops only the service that signs notifications, when it asks for it).
 */
@ApplicationScoped
public class Merchants implements MerchantDirectory {

    private final Map<String, Merchant> byId;

    Merchants(GatewayConfig config) {
        Map<String, Merchant> merchants = new TreeMap<>();
        config.merchants().forEach((id, m) -> {
            WebhookSecret secret;
            try {
                secret = m.notificationSecret().map(WebhookSecret::parse).orElse(null);
            } catch (IllegalArgumentException e) {
                throw new IllegalStateException("gateway.merchants." + id + ".notification-secret is not a whsec_ secret");
            }
            merchants.put(id, new Merchant(id, m.name(), m.clientSecret(), secret, m.currency()));
        });
        this.byId = Map.copyOf(merchants);
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

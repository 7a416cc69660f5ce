package io.paygate.payment.provider.midtrans;

import io.paygate.kit.config.GatewayConfig;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The Midtrans accounts of the merchants with {@code gateway.merchants.<id>.provider=midtrans}. Made at start-up,
 * where a merchant without its server key, client key or a usable base URL stops the service with a message naming
 * the key (never its value).
 */
@ApplicationScoped
public class MidtransAccounts {

    public static final String PROVIDER = "midtrans";

    private final Map<String, MidtransAccount> accounts = new LinkedHashMap<>();

    MidtransAccounts(GatewayConfig gateway) {
        gateway.merchants().forEach((id, merchant) -> {
            if (PROVIDER.equals(merchant.provider())) {
                accounts.put(id, accountOf(id, merchant.midtrans()));
            }
        });
    }

    void check(@Observes StartupEvent event) {
        // made (and checked) at start-up, not at the first charge
    }

    static MidtransAccount accountOf(String id, Optional<GatewayConfig.Midtrans> config) {
        String prefix = "gateway.merchants." + id + ".midtrans.";
        String serverKey = config.flatMap(GatewayConfig.Midtrans::serverKey).filter(k -> !k.isBlank())
                .orElseThrow(() -> missing(id, prefix + "server-key"));
        String clientKey = config.flatMap(GatewayConfig.Midtrans::clientKey).filter(k -> !k.isBlank())
                .orElseThrow(() -> missing(id, prefix + "client-key"));
        String baseUrl = config.map(GatewayConfig.Midtrans::baseUrl).orElse("https://api.sandbox.midtrans.com")
                .strip().replaceAll("/+$", "");
        URI uri;
        try {
            uri = URI.create(baseUrl);
        } catch (IllegalArgumentException e) {
            uri = null;
        }
        if (uri == null || uri.getHost() == null || !("https".equals(uri.getScheme()) || "http".equals(uri.getScheme()))
                || uri.getRawQuery() != null) {
            throw new IllegalStateException(prefix + "base-url must be an absolute http(s) URL such as "
                    + "https://api.midtrans.com (merchant " + id + " uses provider=midtrans)");
        }
        return new MidtransAccount(id, serverKey.strip(), clientKey.strip(), baseUrl);
    }

    private static IllegalStateException missing(String id, String key) {
        return new IllegalStateException(key + " is not set: merchant " + id + " uses provider=midtrans, which needs "
                + "its Midtrans server key and client key (gateway.merchants." + id + ".midtrans.server-key, "
                + ".client-key; the Secret in Kubernetes)");
    }

    /** The account of {@code merchantId}, if it is a Midtrans merchant. */
    public Optional<MidtransAccount> of(String merchantId) {
        return Optional.ofNullable(merchantId == null ? null : accounts.get(merchantId));
    }

    /** The account of {@code merchantId}; a merchant without one is a programming error here. */
    MidtransAccount require(String merchantId) {
        return of(merchantId).orElseThrow(() -> new IllegalStateException("merchant " + merchantId
                + " has no Midtrans account"));
    }

    public Map<String, MidtransAccount> all() {
        return Map.copyOf(accounts);
    }
}

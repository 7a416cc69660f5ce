package io.paygate.payment.provider.midtrans;

import io.paygate.kit.auth.Merchant;
import io.paygate.kit.auth.Merchants;
import io.paygate.kit.config.GatewayConfig;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The Midtrans accounts of the merchants: those configured with {@code gateway.merchants.<id>.provider=midtrans},
 * made at start-up, where a merchant without its server key, client key or a usable base URL stops the service with a
 * message naming the key (never its value); and for a merchant the registry knows (docs/contract.md §10), the account
 * the registry gives it (its server key opened by {@code kit.auth.Merchants}), whatever the configuration holds. A
 * registry merchant keeps its account while it has one, whatever its provider now, so the payments its account took
 * are still followed up; one whose account does not check out has none (logged at each state of it that has one, naming the merchant).
 */
@ApplicationScoped
public class MidtransAccounts {

    public static final String PROVIDER = "midtrans";

    private static final Logger LOG = Logger.getLogger(MidtransAccounts.class);

    private final Map<String, MidtransAccount> accounts = new LinkedHashMap<>();
    private final Merchants merchants;
    private final Map<String, Registered> registered = new ConcurrentHashMap<>();

    /** A registry merchant's account as made from one state of it. */
    private record Registered(Merchant source, Optional<MidtransAccount> account) {
    }

    @Inject
    MidtransAccounts(GatewayConfig gateway, Merchants merchants) {
        gateway.merchants().forEach((id, merchant) -> {
            if (PROVIDER.equals(merchant.provider())) {
                accounts.put(id, accountOf(id, merchant.midtrans()));
            }
        });
        this.merchants = merchants;
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
        return account(id, prefix, serverKey, clientKey,
                config.map(GatewayConfig.Midtrans::baseUrl).orElse("https://api.sandbox.midtrans.com"));
    }

    /** The account of a registry merchant, or empty when it has none or one that does not check out. */
    static Optional<MidtransAccount> accountOf(Merchant merchant) {
        Merchant.Midtrans midtrans = merchant.midtrans().orElse(null);
        if (midtrans == null) {
            return Optional.empty();
        }
        try {
            if (midtrans.serverKey() == null || midtrans.serverKey().isBlank() || midtrans.clientKey() == null
                    || midtrans.clientKey().isBlank()) {
                throw new IllegalStateException("its Midtrans server key or client key is empty");
            }
            return Optional.of(account(merchant.id(), "merchant-config's midtrans.", midtrans.serverKey().strip(),
                    midtrans.clientKey().strip(),
                    midtrans.baseUrl() == null ? "https://api.sandbox.midtrans.com" : midtrans.baseUrl()));
        } catch (IllegalStateException e) {
            LOG.warnf("merchant %s has no usable Midtrans account in the registry: %s", merchant.id(), e.getMessage());
            return Optional.empty();
        }
    }

    private static MidtransAccount account(String id, String prefix, String serverKey, String clientKey,
                                           String configuredBaseUrl) {
        String baseUrl = configuredBaseUrl.strip().replaceAll("/+$", "");
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

    /** The account of {@code merchantId}, if it is a Midtrans merchant (the registry's, where it knows it). */
    public Optional<MidtransAccount> of(String merchantId) {
        if (merchantId == null) {
            return Optional.empty();
        }
        Merchant merchant = merchants.find(merchantId).orElse(null);
        if (merchant == null || !merchant.fromRegistry()) {
            return Optional.ofNullable(accounts.get(merchantId));
        }
        Registered account = registered.get(merchantId);
        if (account == null || account.source() != merchant) {
            account = new Registered(merchant, accountOf(merchant));
            registered.put(merchantId, account);
        }
        return account.account();
    }

    /** The account of {@code merchantId}; a merchant without one is a programming error here. */
    MidtransAccount require(String merchantId) {
        return of(merchantId).orElseThrow(() -> new IllegalStateException("merchant " + merchantId
                + " has no Midtrans account"));
    }

    /** The configured accounts. */
    public Map<String, MidtransAccount> all() {
        return Map.copyOf(accounts);
    }
}

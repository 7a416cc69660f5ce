package io.paygate.merchant.seeding;

import io.paygate.kit.config.GatewayConfig;
import io.paygate.kit.error.ApiException;
import io.paygate.kit.snap.PartnerServiceIds;
import io.paygate.merchant.registry.Actor;
import io.paygate.merchant.registry.GeneratedSecrets;
import io.paygate.merchant.registry.MerchantCreation;
import io.paygate.merchant.registry.MerchantRules;
import io.paygate.merchant.registry.RegistryConfig;
import io.paygate.model.api.merchant.MerchantRequest;
import io.paygate.model.json.Json;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validator;
import org.eclipse.microprofile.config.Config;
import org.jboss.logging.Logger;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Seeding (docs/contract.md §10): each merchant configured under {@code gateway.merchants.<id>.*} is created at start
 * when the registry lacks it, with its configured secrets, and never overwrites one the registry has (a suspended
 * merchant stays suspended, a rotated secret stays rotated). The registry's {@code INSERT … ON CONFLICT DO NOTHING}
 * claim makes it safe with several replicas starting at once: one creates, the others find it there. Each creation is
 * an audit entry ({@code system:seed}) and a merchant-config event like any other.
 *
 * <p>Beyond service-kit's {@code GatewayConfig} members (name, secrets, currency, provider, midtrans, snap), a seed
 * may set {@code .methods}, {@code .ip-allowlist} (comma-separated), {@code .rate-limit.per-second} and
 * {@code .burst}, {@code .fees} (the §12 table as JSON) and {@code .settlement-delay-days}. A seed the rules refuse is
 * logged at ERROR naming its key and left out; the others are seeded.
 */
@ApplicationScoped
public class ConfigSeeds {

    private static final Logger LOG = Logger.getLogger(ConfigSeeds.class);
    private static final Actor SEED = Actor.system("seed");

    private final GatewayConfig gateway;
    private final RegistryConfig registry;
    private final Config config;
    private final MerchantCreation creation;
    private final Validator validator;

    ConfigSeeds(GatewayConfig gateway, RegistryConfig registry, Config config, MerchantCreation creation,
                Validator validator) {
        this.gateway = gateway;
        this.registry = registry;
        this.config = config;
        this.creation = creation;
        this.validator = validator;
    }

    void onStart(@Observes StartupEvent event) {
        if (registry.seed()) {
            seedAll();
        }
    }

    /** Seeds every configured merchant the registry lacks; returns how many this call created. */
    public int seedAll() {
        int created = 0;
        for (Map.Entry<String, GatewayConfig.MerchantConfig> merchant : new TreeMap<>(gateway.merchants()).entrySet()) {
            if (seed(merchant.getKey(), merchant.getValue())) {
                created++;
            }
        }
        if (created > 0) {
            LOG.infof("seeded %d merchant(s) from configuration", created);
        }
        return created;
    }

    /** Creates configured merchant {@code id} unless the registry has it; whether this call created it. */
    public boolean seed(String id, GatewayConfig.MerchantConfig merchant) {
        MerchantRequest checked;
        MerchantCreation.Secrets secrets;
        try {
            MerchantRequest request = request(id, merchant);
            Set<ConstraintViolation<MerchantRequest>> violations = validator.validate(request);
            if (!violations.isEmpty()) {
                throw ApiException.invalidFormat(violations.iterator().next().getPropertyPath().toString());
            }
            checked = MerchantRules.checked(request, false);
            secrets = secrets(merchant, checked.snap() != null);
        } catch (ApiException | IllegalArgumentException e) {
            LOG.errorf("gateway.merchants.%s is not seeded: %s", id, reason(e));
            return false;
        }
        try {
            return creation.create(SEED, "seed", checked, secrets).isPresent();
        } catch (ApiException e) {
            LOG.errorf("gateway.merchants.%s is not seeded: %s (another merchant of the registry holds it)", id,
                    reason(e));
            return false;
        }
    }

    private MerchantRequest request(String id, GatewayConfig.MerchantConfig merchant) {
        String prefix = "gateway.merchants." + id + ".";
        MerchantRequest.Midtrans midtrans = merchant.midtrans().map(m -> new MerchantRequest.Midtrans(
                m.serverKey().orElse(null), m.clientKey().orElse(null), m.baseUrl())).orElse(null);
        MerchantRequest.Snap snap = merchant.snap().map(s -> new MerchantRequest.Snap(s.clientKey(), s.publicKey(),
                s.partnerServiceIds().orElse(List.of()).stream().map(PartnerServiceIds::padded).toList()))
                .orElse(null);
        // rate-limit.* as service-kit reads it (GatewayConfig.MerchantRateLimit), whole numbers per second here
        MerchantRequest.RateLimit rateLimit = merchant.rateLimit().flatMap(GatewayConfig.MerchantRateLimit::perSecond)
                .map(perSecond -> new MerchantRequest.RateLimit(perSecond.intValue(),
                        merchant.rateLimit().flatMap(GatewayConfig.MerchantRateLimit::burst)
                                .orElse(perSecond.intValue())))
                .orElse(null);
        return new MerchantRequest(id, merchant.name(), merchant.provider(), merchant.currency(), midtrans, snap,
                merchant.methods().orElse(null), merchant.ipAllowlist().orElse(null), rateLimit,
                config.getOptionalValue(prefix + "fees", String.class).map(Json::tree).orElse(null),
                config.getOptionalValue(prefix + "settlement-delay-days", Integer.class).orElse(null));
    }

    private static MerchantCreation.Secrets secrets(GatewayConfig.MerchantConfig merchant, boolean snap) {
        GeneratedSecrets.SigningKey signingKey = null;
        GeneratedSecrets.SigningKey previous = null;
        if (snap) {
            GatewayConfig.Snap keys = merchant.snap().orElseThrow();
            signingKey = keys.signingKey().map(GeneratedSecrets::signingKey).orElseGet(GeneratedSecrets::signingKey);
            previous = keys.previousSigningKey().map(GeneratedSecrets::signingKey).orElse(null);
        }
        return new MerchantCreation.Secrets(merchant.clientSecret(),
                merchant.notificationSecret().orElseGet(GeneratedSecrets::notificationSecret), signingKey, previous);
    }

    /** What was wrong, never a value: the member an {@link ApiException} names, or the key reader's reason. */
    private static String reason(RuntimeException e) {
        return e instanceof ApiException api ? api.getMessage() : "a key or value that does not read";
    }
}

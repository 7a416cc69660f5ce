package io.paygate.kit.observability;

import jakarta.inject.Singleton;

import java.util.List;

/**
 * The {@code merchant} tag of a metric: a known merchant's id (configured, or made known by the registry, docs/contract.md
 * §10), so the number of series stays bounded by the merchants. An id no merchant has (a forged event, an unknown
 * X-PARTNER-ID) is never a tag value: it is counted as {@value #UNKNOWN}; no merchant at all (a page, an ops
 * call) is {@value #NONE}.
 */
// @Singleton, not @ApplicationScoped: used on every initiation, where a client proxy's lookup per call
// cost 4.6 % of the service's CPU (bench/README.md, issue 36); a singleton is injected as itself
@Singleton
public class MerchantTags {

    public static final String TAG = "merchant";
    public static final String UNKNOWN = "unknown";
    public static final String NONE = "none";

    private final MerchantDirectory merchants;

    MerchantTags(MerchantDirectory merchants) {
        this.merchants = merchants;
    }

    /** {@code merchantId} if it is configured, {@value #UNKNOWN} if not, {@value #NONE} for null. */
    public String of(String merchantId) {
        if (merchantId == null) {
            return NONE;
        }
        return merchants.isConfigured(merchantId) ? merchantId : UNKNOWN;
    }

    /** Every configured merchant's tag value, to register series at 0 when a service starts. */
    public List<String> configured() {
        return merchants.configuredIds();
    }
}

package io.paygate.kit.observability;

import java.util.List;

/**
 * The merchants' ids, as metrics need them (implemented by {@code auth.Merchants}: the configured merchants and those
 * the registry made known since, docs/contract.md §10).
 */
public interface MerchantDirectory {

    /** Whether {@code merchantId} is a merchant this service knows (configured, or from the registry). */
    boolean isConfigured(String merchantId);

    /** Every configured merchant's id (the series registered at start). */
    List<String> configuredIds();
}

package io.paygate.kit.observability;

import java.util.List;

/** The configured merchants' ids, as metrics need them (implemented by the merchant configuration). */
public interface MerchantDirectory {

    /** Whether {@code merchantId} is a configured merchant. */
    boolean isConfigured(String merchantId);

    /** Every configured merchant's id. */
    List<String> configuredIds();
}

package io.paygate.payment.recurring;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/** The cycle scheduler's settings (docs/contract.md §1b). */
@ConfigMapping(prefix = "gateway.payment.recurring")
public interface RecurringConfig {

    /** How often every replica looks for due cycles and retries. */
    @WithDefault("5s")
    Duration scanInterval();

    /**
     * How long a claim keeps other replicas off a subscription before they look at it again (a replica that dies
     * holding one only delays it by this much; its charge, if it was made, is found and never made twice).
     */
    @WithDefault("60s")
    Duration lease();

    /** How many due subscriptions one replica claims at a time. */
    @WithDefault("50")
    int batch();
}

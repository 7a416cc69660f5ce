package io.paygate.kit.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;
import java.time.ZoneId;
import java.util.Map;
import java.util.Optional;

/**
 * The configuration every service reads with the same keys (CONTRACT §0, §8). Service-specific keys live in
 * each service's own mapping ({@code gateway.payment}, {@code gateway.binding}, {@code gateway.notification}).
 */
@ConfigMapping(prefix = "gateway")
public interface GatewayConfig {

    /** Time zone of the times shown to merchants and customers ({@code expiryLink}, {@code expiresAt}). */
    @WithDefault("Asia/Jakarta")
    ZoneId timezone();

    /** Merchants by id: {@code gateway.merchants.<id>.*} (a Kubernetes Secret in production). */
    Map<String, MerchantConfig> merchants();

    Ops ops();

    Internal internal();

    Callbacks callbacks();

    Outbox outbox();

    interface MerchantConfig {
        /** Display name (hosted page). */
        String name();

        /** Key of the merchant's request signatures ({@code X-SIGNATURE}, CONTRACT §0). */
        String clientSecret();

        /** {@code whsec_} + base64 of 24–64 random bytes: key of the notification signatures. */
        String notificationSecret();

        /** Default currency of the merchant's payments. */
        @WithDefault("IDR")
        String currency();
    }

    interface Ops {
        /** Bearer token of the operations and sandbox endpoints; unset disables them (401). */
        Optional<String> token();
    }

    interface Internal {
        /** Bearer token of service-to-service endpoints; unset disables them (401). */
        Optional<String> token();
    }

    interface Callbacks {
        /** Allow {@code http} and loopback callback URLs: the local stack only, never production. */
        @WithDefault("false")
        boolean allowLocal();
    }

    interface Outbox {
        /** Whether this service runs the relay (a service that never writes events turns it off). */
        @WithDefault("true")
        boolean enabled();

        /** How often the relay looks for unpublished events when no commit woke it earlier. */
        @WithDefault("1s")
        Duration pollInterval();

        /** Events published per round trip. */
        @WithDefault("500")
        int batchSize();

        /** How long one publish may wait for the broker before the batch is retried later. */
        @WithDefault("10s")
        Duration publishTimeout();

        /** How long published events stay in the table (for inspection) before they are purged. */
        @WithDefault("7d")
        Duration retention();
    }
}

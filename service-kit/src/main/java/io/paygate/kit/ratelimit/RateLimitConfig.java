package io.paygate.kit.ratelimit;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.util.List;

/**
 * {@code gateway.rate-limit.*} (docs/contract.md §0 "Rate limits"). A mapping of its own beside {@code GatewayConfig}, so the
 * rate limits stay one piece of service-kit ({@code kit.ratelimit}).
 */
@ConfigMapping(prefix = "gateway.rate-limit")
public interface RateLimitConfig {

    /** Off: nothing is limited and no bucket is touched (benchmarks compare on against off). */
    @WithDefault("true")
    boolean enabled();

    /** Each merchant's bucket, shared by every replica (PostgreSQL). */
    Merchant merchant();

    /** Per client address: requests that fail authentication and requests to unauthenticated paths. */
    Address address();

    /** Per client address, the hosted pages a customer uses (payment page, bank page): see {@link #pagePaths()}. */
    Page page();

    /**
     * Path prefixes of the hosted pages, limited by {@link #page()} instead of {@link #address()}: the payment page, the
     * payment link's page, the bank page, and the sandbox's customer pages (bank app, QRIS app, wallet, cashier), which a customer uses within
     * one payment. Their authenticated neighbours under {@code /pg/sandbox/} (ops token) are not affected.
     */
    @WithDefault("/pg/pay/,/pg/link/,/pg/bind/,/pg/sandbox/")
    List<String> pagePaths();

    /**
     * Path prefixes that are never charged before their resource runs: endpoints that verify a signature of their
     * own (the payment provider's callback). A failed verification there counts as failed authentication.
     */
    @WithDefault("/pg/provider/")
    List<String> exemptPaths();

    interface Merchant {
        /** Tokens refilled per second. */
        @WithDefault("100")
        double perSecond();

        /** Size of the bucket: requests that may arrive at once. */
        @WithDefault("200")
        int burst();
    }

    interface Address {
        @WithDefault("20")
        double perSecond();

        @WithDefault("40")
        int burst();
    }

    interface Page {
        /** A customer's payment polls its status once a second while it is processed; a few page loads around it. */
        @WithDefault("10")
        double perSecond();

        @WithDefault("60")
        int burst();
    }
}

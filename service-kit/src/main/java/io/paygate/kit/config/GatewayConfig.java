package io.paygate.kit.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The configuration every service reads with the same keys (docs/contract.md §0, §8). Service-specific keys live in
 * each service's own mapping ({@code gateway.payment}, {@code gateway.binding}, {@code gateway.notification}).
 */
@ConfigMapping(prefix = "gateway")
public interface GatewayConfig {

    /** Time zone of the times shown to merchants and customers ({@code expiryLink}, {@code expiresAt}). */
    @WithDefault("Asia/Jakarta")
    ZoneId timezone();

    /**
     * Merchants by id: {@code gateway.merchants.<id>.*} (a Kubernetes Secret in production). Where merchant-service's
     * registry is followed ({@link MerchantRegistryConfig}), these are the base it is laid on: a merchant the registry
     * knows is as the registry says (docs/contract.md §10 "Seeding").
     */
    Map<String, MerchantConfig> merchants();

    Ops ops();

    /**
     * Named operators of the operator API (docs/contract.md §10): {@code gateway.operators.<name>.token-sha256}, each
     * the lowercase hex SHA-256 of that operator's bearer token, so no configuration holds a usable token
     * ({@code kit.auth.Operators}). {@code gateway.ops.token} is operator {@code ops} besides.
     */
    Map<String, Operator> operators();

    Internal internal();

    Callbacks callbacks();

    Outbox outbox();

    Sandbox sandbox();

    /**
     * The proxies in front of the service (CIDR list, e.g. the Ingress controller's pod network
     * {@code 10.0.0.0/8}); none by default. Only from these are {@code X-Forwarded-For} (the client address of the
     * rate limits) and {@code X-Forwarded-Proto} (https, for HSTS) believed ({@code web.ClientAddresses}).
     */
    Optional<List<String>> trustedProxies();

    Events events();

    interface MerchantConfig {
        /** Display name (hosted page). */
        String name();

        /** Key of the merchant's request signatures ({@code X-SIGNATURE}, docs/contract.md §0). */
        String clientSecret();

        /**
         * {@code whsec_} + base64 of 24–64 random bytes: key of the notification signatures. Only
         * notification-service needs it (and refuses to start without it); the other services' Secrets leave it out.
         */
        Optional<String> notificationSecret();

        /** Default currency of the merchant's payments. */
        @WithDefault("IDR")
        String currency();

        /**
         * The merchant's payment channel (docs/contract.md §2): {@code sandbox} (the sandbox provider) or {@code midtrans}
         * (the Midtrans Core API, with {@link #midtrans()}). Read by payment-service, which refuses to start on a
         * channel it does not have, or on {@code midtrans} without keys.
         */
        @WithDefault("sandbox")
        String provider();

        /** The merchant's Midtrans account ({@code gateway.merchants.<id>.midtrans.*}); only for {@code midtrans}. */
        Optional<Midtrans> midtrans();

        /**
         * The merchant's SNAP BI keys ({@code gateway.merchants.<id>.snap.*}, docs/contract.md §9); a merchant without
         * them gets {@code 4017300} from the token endpoint. Read by every service that serves SNAP.
         */
        Optional<Snap> snap();

        /** The §2a method codes the merchant may use (docs/contract.md §10 {@code methods}); unset: every method. */
        Optional<List<String>> methods();

        /**
         * The address blocks its requests may come from (IPv4/IPv6 CIDRs or single addresses, docs/contract.md §10
         * {@code ipAllowlist}); unset: any address. Another address is {@code 403SS06}. A block that does not parse
         * stops the service.
         */
        Optional<List<String>> ipAllowlist();

        /** Its own token bucket instead of {@code gateway.rate-limit.merchant.*} (docs/contract.md §0, §10). */
        Optional<MerchantRateLimit> rateLimit();

        /**
         * Its fee table as JSON (docs/contract.md §10, §12), e.g. {@code {"CARD": {"percent": "2.9", "fixed": "2000"}}};
         * unset: no fees. Not JSON, or not an object, stops the service.
         */
        Optional<String> fees();

        /** Days from capture to settlement (docs/contract.md §12); unset: the reader's default (1). */
        Optional<Integer> settlementDelayDays();
    }

    /** A merchant's own rate limit; a member left out keeps the service's default. */
    interface MerchantRateLimit {
        Optional<Double> perSecond();

        Optional<Integer> burst();
    }

    /**
     * A merchant's SNAP BI keys (docs/contract.md §9). The client key and the merchant's public key are public; the
     * signing keys are the gateway's secrets, notification-service's alone.
     */
    interface Snap {
        /**
         * What the merchant sends as {@code X-CLIENT-KEY} and {@code X-PARTNER-ID}: 1–64 visible ASCII characters
         * without {@code |}, unique among merchants (the local stack uses the merchant id).
         */
        String clientKey();

        /**
         * The merchant's RSA public key, at least 2048 bits: PEM ({@code BEGIN PUBLIC KEY} or {@code BEGIN RSA PUBLIC
         * KEY}) or the base64 of its DER bytes, so one environment variable holds it. A bad key stops the service.
         */
        String publicKey();

        /**
         * The gateway's RSA private key that signs this merchant's SNAP notifications (PEM or base64 DER, at least 3072
         * bits), this merchant's alone: a key two merchants share, or one too short, stops the service
         * ({@code kit.snap.ConfiguredSnapSigningKeys}). Its public half is served at
         * {@code GET /pg/snap/public-keys/<client key>.pem}. Only notification-service holds it, and it refuses to
         * start while a merchant with SNAP keys has none.
         */
        Optional<String> signingKey();

        /**
         * The signing key before the last rotation: it signs nothing, but its public half is still served (second) so
         * that a merchant that fetched its keys before the switch keeps verifying. Remove it once the merchant fetched.
         */
        Optional<String> previousSigningKey();

        /**
         * The merchant's SNAP company codes ({@code partnerServiceId}, docs/contract.md §9: the codes a bank assigned
         * it), comma-separated, each 1–8 digits written without its padding: a code shorter than 8 is right-aligned
         * with spaces ({@code 12345} is {@code "   12345"}), as properties files and environment variables drop
         * leading spaces. create-va with another code is refused; a code two merchants share, or one that begins
         * another merchant's, stops the service ({@code kit.snap.PartnerServiceIds}).
         */
        Optional<List<String>> partnerServiceIds();
    }

    /** A merchant's Midtrans account (the Secret in Kubernetes). Never logged. */
    interface Midtrans {
        /** Server key (HTTP Basic user of the charge and status calls, and the notification signature key). */
        Optional<String> serverKey();

        /** Client key (the card token call). */
        Optional<String> clientKey();

        /** The Core API: sandbox {@code https://api.sandbox.midtrans.com}, production {@code https://api.midtrans.com}. */
        @WithDefault("https://api.sandbox.midtrans.com")
        String baseUrl();
    }

    interface Sandbox {
        /**
         * Whether a production deployment may run sandbox paths (a sandbox channel, the sandbox bank, the simulate
         * endpoints); without it, it refuses to start while any is on (docs/contract.md §2, {@code ProductionPosture}).
         */
        @WithDefault("false")
        boolean allowedInProduction();
    }

    interface Ops {
        /** Bearer token of the operations and sandbox endpoints; unset disables them (401). */
        Optional<String> token();
    }

    interface Operator {
        /** Lowercase hex SHA-256 of the operator's bearer token (64 characters): {@code sha256sum} of the token. */
        String tokenSha256();
    }

    interface Internal {
        /** Bearer token of service-to-service endpoints; unset disables them (401). */
        Optional<String> token();
    }

    interface Callbacks {
        /**
         * Allow {@code http} and loopback callback URLs (any port on a loopback host but {@link #gatewayPorts()}): the
         * local stack only.
         */
        @WithDefault("false")
        boolean allowLocal();

        /**
         * The gateway's own ports on this host: every service's and replica's API and management port (the local
         * stack lists its whole stack here). A callback URL on a loopback host is refused on any of them, and on the
         * service's own API and management ports, which each service adds by itself ({@code kit.net.GatewayPorts}).
         * Unset: only the service's own.
         */
        Optional<Set<Integer>> gatewayPorts();

        /** The ports a callback URL may use (docs/contract.md §6); the list replaces the default, 1–65535 each. */
        @WithDefault("443,8443")
        Set<Integer> allowedPorts();

        /**
         * How long a callback host name may take to resolve at registration or initiation (and at each delivery
         * attempt); one that has not resolved by then is refused like one that does not resolve.
         */
        @WithDefault("2s")
        Duration resolveTimeout();
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

        /**
         * How many times an event whose publication fails for a reason of its own (record too large, topic not
         * authorized, unreadable payload) is tried before it is parked for an operator. A broker outage counts
         * nothing, so it never parks an event.
         */
        @WithDefault("10")
        int maxAttempts();

        /** Wait before the second try of such an event; doubled for each further try, at most one minute. */
        @WithDefault("1s")
        Duration retryBackoff();

        /**
         * How often a replica that does not run the relay asks whether the leader is gone (the PostgreSQL advisory
         * lock of the leader's session was released): the longest a dead leader's events wait for a successor.
         */
        @WithDefault("2s")
        Duration leaderCheckInterval();
    }

    /** The producer signature of events between the services (docs/contract.md §7, record header {@code paygate-signature}). */
    interface Events {
        /**
         * Key of the event signatures, the same in every service (producers sign with it, notification-service
         * verifies): at least 32 bytes of UTF-8. Required: a service refuses to start without it (only {@code %test}
         * and {@code %dev} set one). A Kubernetes Secret in production.
         */
        String signingKey();

        /**
         * The key before the last rotation: producers still add a signature with it and verifiers still accept it,
         * so services can be switched to a new key in any order. Unset once every service holds the new key and the
         * events signed with the old one only are consumed.
         */
        Optional<String> previousSigningKey();
    }
}

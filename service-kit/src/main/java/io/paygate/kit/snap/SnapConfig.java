package io.paygate.kit.snap;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;
import java.util.Optional;

/**
 * The gateway's SNAP BI keys and settings (docs/contract.md §9, docs/operations.md "SNAP keys"). The merchants' SNAP
 * keys, and the gateway's signing key of each merchant's SNAP notifications, are {@code gateway.merchants.<id>.snap.*}
 * ({@code config.GatewayConfig}). Never logged.
 */
@ConfigMapping(prefix = "gateway.snap")
public interface SnapConfig {

    /**
     * Key of the access tokens' MAC (at least 32 bytes of UTF-8), the same in every service that serves SNAP, so a token
     * issued by one replica of one service is valid at every replica of every service with nothing shared at request
     * time. Required as soon as any merchant has SNAP keys (the service refuses to start without it); {@code %test} and
     * {@code %dev} set one, the local stack makes one per run, Kubernetes takes it from a Secret.
     */
    Optional<String> tokenKey();

    /**
     * Whether this service serves SNAP requests ({@code /v1.0/…}, a bearer token). notification-service sets
     * {@code false}: it signs SNAP notifications and reads the merchants' SNAP client keys ({@code X-PARTNER-ID}) but
     * takes no token, so it is not given the token key (least privilege) and does not require it.
     */
    @WithDefault("true")
    boolean servesRequests();

    /**
     * The token key before the last rotation: tokens it made are still accepted (new ones use {@link #tokenKey()}), so
     * services can be switched to a new key in any order. Remove it 900 s after every service holds the new key.
     */
    Optional<String> previousTokenKey();

    /**
     * How many days of {@code X-EXTERNAL-ID}s are kept after their day ended (days in {@code gateway.timezone}); a reuse
     * is refused on its own day, the extra day covers requests in flight at midnight.
     */
    @WithDefault("2")
    int externalIdDays();

    /**
     * How long a request claims its {@code partnerReferenceNo} before it stored its reply: a second request with the
     * same body meanwhile is {@code 409xx00}; after this (a replica that died mid-request) it may run again.
     */
    @WithDefault("60s")
    Duration idempotencyLease();
}

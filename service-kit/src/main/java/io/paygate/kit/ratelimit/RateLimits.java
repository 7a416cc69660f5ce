package io.paygate.kit.ratelimit;

import io.paygate.kit.auth.Merchant;
import io.paygate.kit.db.DatabaseOutage;
import io.paygate.kit.ratelimit.RateLimitDecisions.Bucket;
import io.paygate.kit.web.AddressCharges;
import io.paygate.model.error.ErrorCase;
import io.paygate.model.error.ErrorResponse;
import io.paygate.model.error.ServiceCode;
import jakarta.inject.Singleton;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.jboss.logging.Logger;

import java.sql.SQLException;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The rate limits of docs/contract.md §0: which bucket a request draws from, and the {@code 429SS00} reply when it is empty.
 * <ul>
 *     <li>a merchant's authenticated request: {@code m:<merchant>} at {@code gateway.rate-limit.merchant.*}, or at the
 *     merchant's own rate limit where it has one (docs/contract.md §10, each member it leaves out keeping the
 *     default);</li>
 *     <li>a failed authentication, or a request to an unauthenticated path: {@code a:<address>} at
 *     {@code gateway.rate-limit.address.*};</li>
 *     <li>a hosted page: {@code p:<address>} at {@code gateway.rate-limit.page.*}.</li>
 * </ul>
 * All buckets are {@link SharedBuckets} in PostgreSQL, shared by the replicas. An address whose bucket was found empty
 * is also remembered here until its {@code Retry-After}, so that its next requests to authenticated endpoints are
 * refused before their credentials are checked (a guess that is checked is a guess made), without a database round
 * trip.
 * <p>
 * When the database cannot be asked, the request goes on (fail open): every limited endpoint needs the same database
 * for its own work and fails there, and refusing everything while PostgreSQL blinks would turn a blip into an outage.
 * A request that needs the database is then answered {@code 503SS00} by its own work (service-kit's ErrorMappers); one
 * that does not is served. After a failure that says the database cannot be reached ({@link DatabaseOutage}), the
 * buckets are not asked for {@value #SKIP_AFTER_OUTAGE_MILLIS} ms (renewed by every such failure, also the requests'
 * own: {@link #databaseUnreachable()}), so that a request waits for a connection once, in its own work, not twice.
 * Every decision is counted ({@link RateLimitDecisions}).
 */
// @Singleton, not @ApplicationScoped: used on every initiation, where a client proxy's lookup per call
// cost 4.6 % of the service's CPU (bench/README.md, issue 36); a singleton is injected as itself
@Singleton
public class RateLimits implements AddressCharges {

    private static final Logger LOG = Logger.getLogger(RateLimits.class);
    public static final String RETRY_AFTER = "Retry-After";
    /** Remembered refusals beyond this many are not remembered (the database still refuses them). */
    private static final int MAX_BLOCKED = 10_000;
    private static final long WARN_EVERY_NANOS = 10_000_000_000L;
    static final long SKIP_AFTER_OUTAGE_MILLIS = 5_000;

    private final boolean enabled;
    private final Rate merchant;
    private final Rate address;
    private final Rate page;
    private final List<String> pagePaths;
    private final List<String> exemptPaths;
    private final SharedBuckets buckets;
    private final RateLimitDecisions decisions;
    private final ConcurrentHashMap<String, MerchantBucket> merchantBuckets = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, Long> blockedUntil = new ConcurrentHashMap<>();
    private final AtomicLong lastWarning = new AtomicLong(System.nanoTime() - WARN_EVERY_NANOS);
    /** nanoTime until which the buckets are not asked (the database could not be reached just before). */
    private volatile long skipUntil = System.nanoTime();

    RateLimits(RateLimitConfig config, SharedBuckets buckets) {
        this(config, buckets, RateLimitDecisions.uncounted());
    }

    @Inject
    RateLimits(RateLimitConfig config, SharedBuckets buckets, RateLimitDecisions decisions) {
        this.decisions = decisions;
        this.enabled = config.enabled();
        this.merchant = new Rate(config.merchant().perSecond(), config.merchant().burst());
        this.address = new Rate(config.address().perSecond(), config.address().burst());
        this.page = new Rate(config.page().perSecond(), config.page().burst());
        this.pagePaths = List.copyOf(config.pagePaths());
        this.exemptPaths = List.copyOf(config.exemptPaths());
        this.buckets = buckets;
    }

    /** A merchant's rate and the tokens this replica holds for it, for the merchant's own limit {@code own}. */
    private record MerchantBucket(Merchant.RateLimit own, Rate rate, Reserve reserve) {
    }

    @Override
    public boolean enabled() {
        return enabled;
    }

    /**
     * An authenticated merchant request. Empty = go on; otherwise the {@code Retry-After} seconds. A busy merchant's
     * tokens are taken a few at a time ({@link Reserve}).
     */
    public OptionalLong merchant(String merchantId) {
        return merchant(merchantId, null);
    }

    /**
     * {@link #merchant(String)} at the merchant's own limit {@code own} (null: the defaults). A merchant whose limit
     * changed starts afresh on this replica (the shared bucket keeps its time).
     */
    public OptionalLong merchant(String merchantId, Merchant.RateLimit own) {
        if (!enabled) {
            return OptionalLong.empty();
        }
        MerchantBucket bucket = merchantBuckets.get(merchantId);
        if (bucket == null || !Objects.equals(bucket.own(), own)) {
            Rate limit = own == null ? merchant : new Rate(own.perSecond() == null ? merchant.perSecond()
                    : own.perSecond(), own.burst() == null ? merchant.burst() : own.burst());
            bucket = new MerchantBucket(own, limit, new Reserve(Reserve.maxFor(limit.burst())));
            merchantBuckets.put(merchantId, bucket);
        }
        Rate rate = bucket.rate();
        Reserve reserve = bucket.reserve();
        if (reserve.tryUse(System.nanoTime())) {
            return decisions.allowed(Bucket.MERCHANT, merchantId);
        }
        if (skipping()) {
            return decisions.unchecked(Bucket.MERCHANT, merchantId);
        }
        try {
            int taken = buckets.take("m:" + merchantId, rate, reserve.wanted());
            if (taken == 0) {
                return decisions.refused(Bucket.MERCHANT, merchantId, rate.retryAfterSeconds());
            }
            reserve.keep(taken - 1, System.nanoTime());
            return decisions.allowed(Bucket.MERCHANT, merchantId);
        } catch (SQLException e) {
            unanswered(e);
            return decisions.unchecked(Bucket.MERCHANT, merchantId);
        }
    }

    /**
     * A request to a path without authentication of the gateway's own: hosted pages draw from their page bucket,
     * exempt paths from none, every other one from the address bucket.
     */
    public OptionalLong unauthenticated(String client, String path) {
        if (startsWithAny(path, exemptPaths)) {
            return OptionalLong.empty();
        }
        if (startsWithAny(path, pagePaths)) {
            return take(Bucket.PAGE, "p:" + client, page);
        }
        OptionalLong refused = blocked(client);
        return refused.isPresent() ? refused : remember(client, take(Bucket.ADDRESS, "a:" + client, address));
    }

    /** A request that failed authentication: it costs its address a token. */
    public OptionalLong failedAuthentication(String client) {
        return remember(client, take(Bucket.ADDRESS, "a:" + client, address));
    }

    /**
     * {@code count} refused requests of {@code client} that cost its address a token each, charged at once (requests
     * refused before any worker thread took them, e.g. over the per-address bound: {@code web.AddressConnections}).
     * Empty when the bucket had them all; otherwise the {@code Retry-After} seconds, and the address is remembered as
     * refused like a failed authentication.
     */
    @Override
    public OptionalLong chargeAddress(String client, int count) {
        if (!enabled || count <= 0 || skipping()) {
            return OptionalLong.empty();
        }
        try {
            int taken = buckets.take("a:" + client, address, count);
            return remember(client, taken < count ? OptionalLong.of(address.retryAfterSeconds()) : OptionalLong.empty());
        } catch (SQLException e) {
            unanswered(e);
            return OptionalLong.empty();
        }
    }

    /** Whether {@code client} was refused recently (memory of this replica only; no database). */
    public OptionalLong blocked(String client) {
        if (!enabled) {
            return OptionalLong.empty();
        }
        Long until = blockedUntil.get(client);
        if (until == null) {
            return OptionalLong.empty();
        }
        long left = until - System.nanoTime();
        if (left <= 0) {
            blockedUntil.remove(client, until);
            return OptionalLong.empty();
        }
        return decisions.refused(Bucket.ADDRESS, null, Math.max(1, (left + 999_999_999) / 1_000_000_000));
    }

    /** The {@code 429SS00 Too Many Requests} reply with its {@code Retry-After} (docs/contract.md §0). */
    public static Response tooManyRequests(ServiceCode service, long retryAfterSeconds) {
        return Response.status(ErrorCase.TOO_MANY_REQUESTS.httpStatus())
                .type(MediaType.APPLICATION_JSON_TYPE)
                .header(RETRY_AFTER, Math.max(1, retryAfterSeconds))
                .entity(ErrorResponse.of(service, ErrorCase.TOO_MANY_REQUESTS, null))
                .build();
    }

    private OptionalLong take(Bucket bucket, String key, Rate rate) {
        if (!enabled) {
            return OptionalLong.empty();
        }
        if (skipping()) {
            return decisions.unchecked(bucket, null);
        }
        try {
            return buckets.tryTake(key, rate) ? decisions.allowed(bucket, null)
                    : decisions.refused(bucket, null, rate.retryAfterSeconds());
        } catch (SQLException e) {
            unanswered(e);
            return decisions.unchecked(bucket, null);
        }
    }

    /** The database did not answer: the request goes on (see the class comment), with a warning now and then. */
    private void unanswered(SQLException e) {
        long now = System.nanoTime();
        if (DatabaseOutage.isCause(e)) {
            databaseUnreachable();
        }
        long last = lastWarning.get();
        if (now - last >= WARN_EVERY_NANOS && lastWarning.compareAndSet(last, now)) {
            LOG.warnf("Rate limits not applied: the database did not answer (%s); requests go on unlimited",
                    e.getMessage());
        }
    }

    /** The database could not be reached (by a request's own work): do not ask the buckets for a few seconds. */
    public void databaseUnreachable() {
        skipUntil = System.nanoTime() + SKIP_AFTER_OUTAGE_MILLIS * 1_000_000L;
    }

    private boolean skipping() {
        return System.nanoTime() - skipUntil < 0;
    }

    private OptionalLong remember(String client, OptionalLong refused) {
        if (refused.isPresent()) {
            if (blockedUntil.size() >= MAX_BLOCKED) {
                long now = System.nanoTime();
                blockedUntil.values().removeIf(until -> until - now <= 0);
            }
            if (blockedUntil.size() < MAX_BLOCKED) {
                blockedUntil.put(client, System.nanoTime() + refused.getAsLong() * 1_000_000_000L);
            }
        }
        return refused;
    }

    private static boolean startsWithAny(String path, List<String> prefixes) {
        for (String prefix : prefixes) {
            if (path.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }
}

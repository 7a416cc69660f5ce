package io.paygate.kit.ratelimit;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.paygate.kit.observability.MerchantTags;
import io.paygate.kit.observability.Rejections;
import io.paygate.model.error.ErrorCase;
import jakarta.inject.Singleton;
import jakarta.inject.Inject;

import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Counts every rate-limit decision, {@code paygate_rate_limit_decisions_total{bucket, decision, merchant}}: bucket
 * {@code merchant}, {@code address} or {@code page}; decision {@code allowed}, {@code refused}, or {@code unchecked}
 * (the database could not be asked: let through, see {@link RateLimits}); merchant the configured id for the merchant
 * bucket and {@code none} for the address buckets (addresses are never a tag: they are unbounded). A refusal is also
 * noted as the request's reason for its access-log line.
 */
// @Singleton, not @ApplicationScoped: used on every initiation, where a client proxy's lookup per call
// cost 4.6 % of the service's CPU (bench/README.md, issue 36); a singleton is injected as itself
@Singleton
public class RateLimitDecisions {

    enum Bucket {
        MERCHANT("merchant over its rate limit"),
        ADDRESS("client address over its rate limit"),
        PAGE("client address over the hosted pages' rate limit");

        private final String refusal;
        private final String tag;

        Bucket(String refusal) {
            this.refusal = refusal;
            this.tag = name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    private static final String NAME = "paygate.rate.limit.decisions";

    private final MeterRegistry registry;
    private final MerchantTags merchants;
    private final ConcurrentHashMap<String, Counter> counters = new ConcurrentHashMap<>();

    @Inject
    RateLimitDecisions(MeterRegistry registry, MerchantTags merchants) {
        this.registry = registry;
        this.merchants = merchants;
        // Every merchant's series from the start at 0, so an alert on an increase sees the first refusal too.
        for (String merchant : merchants == null ? List.<String>of() : merchants.configured()) {
            counter(Bucket.MERCHANT, "refused", merchant);
            counter(Bucket.MERCHANT, "allowed", merchant);
        }
        for (Bucket bucket : List.of(Bucket.ADDRESS, Bucket.PAGE)) {
            counter(bucket, "refused", MerchantTags.NONE);
        }
    }

    /** Decisions that are counted nowhere (unit tests that build {@link RateLimits} by hand). */
    static RateLimitDecisions uncounted() {
        return new RateLimitDecisions(new SimpleMeterRegistry(), null);
    }

    OptionalLong allowed(Bucket bucket, String merchantId) {
        counter(bucket, "allowed", tag(merchantId)).increment();
        return OptionalLong.empty();
    }

    OptionalLong unchecked(Bucket bucket, String merchantId) {
        counter(bucket, "unchecked", tag(merchantId)).increment();
        return OptionalLong.empty();
    }

    OptionalLong refused(Bucket bucket, String merchantId, long retryAfterSeconds) {
        counter(bucket, "refused", tag(merchantId)).increment();
        Rejections.note(ErrorCase.TOO_MANY_REQUESTS, bucket.refusal);
        return OptionalLong.of(retryAfterSeconds);
    }

    private String tag(String merchantId) {
        if (merchantId == null) {
            return MerchantTags.NONE;
        }
        return merchants == null ? MerchantTags.UNKNOWN : merchants.of(merchantId);
    }

    private Counter counter(Bucket bucket, String decision, String merchant) {
        return counters.computeIfAbsent(bucket.tag + ' ' + decision + ' ' + merchant, key -> Counter.builder(NAME)
                .description("Rate-limit decisions by bucket and outcome (docs/contract.md §0)")
                .tag("bucket", bucket.tag).tag("decision", decision).tag(MerchantTags.TAG, merchant)
                .register(registry));
    }
}

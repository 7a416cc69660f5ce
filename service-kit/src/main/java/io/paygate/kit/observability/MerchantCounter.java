package io.paygate.kit.observability;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

import java.util.concurrent.ConcurrentHashMap;

/**
 * A counter with one series per configured merchant ({@link MerchantTags}), each registered at 0 when it is made,
 * so an alert on an increase sees the first one too.
 */
public final class MerchantCounter {

    private final MeterRegistry registry;
    private final MerchantTags merchants;
    private final String name;
    private final String description;
    private final ConcurrentHashMap<String, Counter> byMerchant = new ConcurrentHashMap<>();

    private MerchantCounter(MeterRegistry registry, MerchantTags merchants, String name, String description) {
        this.registry = registry;
        this.merchants = merchants;
        this.name = name;
        this.description = description;
    }

    public static MerchantCounter register(MeterRegistry registry, MerchantTags merchants, String name,
                                           String description) {
        MerchantCounter counter = new MerchantCounter(registry, merchants, name, description);
        merchants.configured().forEach(counter::series);
        return counter;
    }

    public void increment(String merchantId) {
        series(merchants.of(merchantId)).increment();
    }

    private Counter series(String tag) {
        return byMerchant.computeIfAbsent(tag, t -> Counter.builder(name).description(description)
                .tag(MerchantTags.TAG, t).register(registry));
    }
}

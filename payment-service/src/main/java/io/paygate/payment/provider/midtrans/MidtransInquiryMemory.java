package io.paygate.payment.provider.midtrans;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Ticker;

import java.time.Duration;

/**
 * Which states of which charges this replica asked Midtrans about lately ({@code gateway.payment.midtrans.inquiry-memory},
 * docs/contract.md §2): a notification telling of a state already asked about within the memory is acknowledged
 * without a new status inquiry. Bounded twice: an entry lives at most the memory, and at most {@value #CAPACITY}
 * entries are kept (the least useful go first), so notifications for ever more orders cannot grow it; a state evicted
 * early is simply asked about again. Per JVM: each replica remembers what it asked itself.
 */
final class MidtransInquiryMemory {

    /** At most this many (charge, state) pairs, about 10 MB at worst. */
    static final int CAPACITY = 50_000;

    private final Cache<String, Boolean> asked;

    MidtransInquiryMemory(Duration memory) {
        this(memory, CAPACITY, Ticker.systemTicker());
    }

    MidtransInquiryMemory(Duration memory, long capacity, Ticker ticker) {
        this.asked = memory.isZero() || memory.isNegative() ? null : Caffeine.newBuilder()
                .maximumSize(capacity)
                .expireAfterWrite(memory)
                .ticker(ticker)
                .executor(Runnable::run)
                .build();
    }

    /** Whether {@code state} of {@code charge} was asked about within the memory. */
    boolean asked(String charge, String state) {
        return asked != null && asked.getIfPresent(key(charge, state)) != null;
    }

    /** Midtrans was just asked about {@code state} of {@code charge}. */
    void remember(String charge, String state) {
        if (asked != null) {
            asked.put(key(charge, state), Boolean.TRUE);
        }
    }

    /** How many states are remembered now (after pending evictions). */
    long size() {
        if (asked == null) {
            return 0;
        }
        asked.cleanUp();
        return asked.estimatedSize();
    }

    private static String key(String charge, String state) {
        return charge + '\n' + state;
    }
}

package io.paygate.kit.ratelimit;

import org.junit.jupiter.api.Test;

import javax.sql.DataSource;
import java.lang.reflect.Proxy;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the limits do without a database: switched off they never ask it; when it does not answer they let go. */
class RateLimitsTest {

    final AtomicInteger asked = new AtomicInteger();
    /** A database that is down: every connection attempt fails, and is counted. */
    final DataSource down = (DataSource) Proxy.newProxyInstance(getClass().getClassLoader(),
            new Class<?>[]{DataSource.class}, (proxy, method, args) -> {
                asked.incrementAndGet();
                throw new SQLException("connection refused");
            });

    @Test
    void switchedOffNothingIsLimitedAndNoBucketIsTouched() {
        RateLimits limits = new RateLimits(config(false), new SharedBuckets(down));
        assertTrue(limits.merchant("demo").isEmpty());
        assertTrue(limits.unauthenticated("198.51.100.1", "/pg/kit/open").isEmpty());
        assertTrue(limits.unauthenticated("198.51.100.1", "/pg/pay/PC1").isEmpty());
        assertTrue(limits.failedAuthentication("198.51.100.1").isEmpty());
        assertEquals(0, asked.get());
    }

    @Test
    void whenTheDatabaseDoesNotAnswerRequestsGoOn() {
        RateLimits limits = new RateLimits(config(true), new SharedBuckets(down));
        assertTrue(limits.merchant("demo").isEmpty());
        assertTrue(limits.failedAuthentication("198.51.100.1").isEmpty());
        assertTrue(limits.unauthenticated("198.51.100.1", "/pg/kit/open").isEmpty());
        assertTrue(limits.blocked("198.51.100.1").isEmpty());
        assertEquals(3, asked.get());
    }

    @Test
    void exemptPathsAreNeverCharged() {
        RateLimits limits = new RateLimits(config(true), new SharedBuckets(down));
        assertTrue(limits.unauthenticated("198.51.100.1", "/pg/provider/sandbox/callback").isEmpty());
        assertEquals(0, asked.get());
    }

    @Test
    void aBusyMerchantTakesItsTokensAFewAtATimeAndIsNeverServedBeyondWhatTheBucketGave() {
        AtomicInteger calls = new AtomicInteger();
        AtomicInteger given = new AtomicInteger();
        AtomicInteger left = new AtomicInteger(1_000_000);
        SharedBuckets counting = new SharedBuckets(down) {
            @Override
            public int take(String key, Rate rate, int wanted) {
                calls.incrementAndGet();
                int granted = Math.max(0, Math.min(wanted, left.get()));
                left.addAndGet(-granted);
                given.addAndGet(granted);
                return granted;
            }
        };
        RateLimits limits = new RateLimits(config(true, 100, 200), counting);
        int served = 0;
        int requests = 2_000;
        for (int i = 0; i < requests; i++) {
            if (limits.merchant("demo").isEmpty()) {
                served++;
            }
        }
        assertEquals(requests, served);
        assertTrue(calls.get() < requests / 5, calls + " round trips for " + requests + " requests");
        assertTrue(given.get() >= served && given.get() - served < 10, "held " + (given.get() - served));

        left.set(0); // the shared bucket is empty: at most the tokens held are still served, then 429
        int more = 0;
        while (limits.merchant("demo").isEmpty()) {
            more++;
            assertTrue(more < 10, "served beyond the tokens held");
        }
        assertEquals(given.get(), served + more);
    }

    static RateLimitConfig config(boolean enabled) {
        return config(enabled, 1, 1);
    }

    static RateLimitConfig config(boolean enabled, double merchantPerSecond, int merchantBurst) {
        return new RateLimitConfig() {
            @Override
            public boolean enabled() {
                return enabled;
            }

            @Override
            public Merchant merchant() {
                return new Merchant() {
                    public double perSecond() {
                        return merchantPerSecond;
                    }

                    public int burst() {
                        return merchantBurst;
                    }
                };
            }

            @Override
            public Address address() {
                return new Address() {
                    public double perSecond() {
                        return 1;
                    }

                    public int burst() {
                        return 1;
                    }
                };
            }

            @Override
            public Page page() {
                return new Page() {
                    public double perSecond() {
                        return 1;
                    }

                    public int burst() {
                        return 1;
                    }
                };
            }

            @Override
            public List<String> pagePaths() {
                return List.of("/pg/pay/", "/pg/bind/");
            }

            @Override
            public List<String> exemptPaths() {
                return List.of("/pg/provider/");
            }
        };
    }
}

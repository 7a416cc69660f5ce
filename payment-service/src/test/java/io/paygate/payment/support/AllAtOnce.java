package io.paygate.payment.support;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Calls made at the same moment, one thread each, released together: a race as concurrent clients make one. */
public final class AllAtOnce {

    private AllAtOnce() {
    }

    /** Every call's result, in the order of {@code calls}. */
    public static <T> List<T> run(List<Callable<T>> calls) throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(calls.size());
        try {
            List<Future<T>> sent = new ArrayList<>();
            for (Callable<T> call : calls) {
                sent.add(pool.submit(() -> {
                    start.await();
                    return call.call();
                }));
            }
            start.countDown();
            List<T> results = new ArrayList<>();
            for (Future<T> f : sent) {
                results.add(f.get());
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }
}

package io.paygate.model.net;

import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BoundedResolverTest {

    static final List<InetAddress> PUBLIC = List.of(CallbackUrlPolicyTest.literal("93.184.216.34"));

    @Test
    void aNameThatDoesNotAnswerInTimeDoesNotResolve() {
        CountDownLatch never = new CountDownLatch(1);
        BoundedResolver resolver = new BoundedResolver(host -> {
            await(never);
            return PUBLIC;
        }, Duration.ofMillis(200), 4);
        long t0 = System.nanoTime();
        UnknownHostException e = assertThrows(UnknownHostException.class, () -> resolver.resolve("slow.example.com"));
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        assertTrue(ms >= 150 && ms < 2_000, "gave up after " + ms + " ms");
        assertEquals("slow.example.com: no answer within 200 ms", e.getMessage());
        never.countDown();
    }

    @Test
    void aPolicyWithABoundedResolverRefusesASlowNameQuickly() {
        CountDownLatch never = new CountDownLatch(1);
        CallbackUrlPolicy policy = new CallbackUrlPolicy(false, new BoundedResolver(host -> {
            await(never);
            return PUBLIC;
        }, Duration.ofMillis(100), 4));
        long t0 = System.nanoTime();
        assertEquals(Optional.of("host does not resolve"), policy.check("https://slow.example.com/cb"));
        assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(2));
        never.countDown();
    }

    @Test
    void answersAndFailuresOfTheResolverPassThrough() throws Exception {
        BoundedResolver resolver = new BoundedResolver(host -> {
            if (host.equals("merchant.example.com")) {
                return PUBLIC;
            }
            throw new UnknownHostException(host);
        }, Duration.ofSeconds(2), 2);
        assertEquals(PUBLIC, resolver.resolve("merchant.example.com"));
        assertEquals("nowhere.example.com",
                assertThrows(UnknownHostException.class, () -> resolver.resolve("nowhere.example.com")).getMessage());
    }

    @Test
    void callersOfTheSameNameShareOneLookup() throws Exception {
        AtomicInteger lookups = new AtomicInteger();
        CountDownLatch release = new CountDownLatch(1);
        BoundedResolver resolver = new BoundedResolver(host -> {
            lookups.incrementAndGet();
            await(release);
            return PUBLIC;
        }, Duration.ofSeconds(5), 4);
        ExecutorService callers = Executors.newFixedThreadPool(8);
        try {
            List<Future<List<InetAddress>>> answers = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                answers.add(callers.submit(() -> resolver.resolve("merchant.example.com")));
            }
            Thread.sleep(200);
            release.countDown();
            for (Future<List<InetAddress>> answer : answers) {
                assertEquals(PUBLIC, answer.get(5, TimeUnit.SECONDS));
            }
            assertEquals(1, lookups.get());
        } finally {
            callers.shutdownNow();
        }
    }

    @Test
    void beyondTheLookupLimitANameIsRefusedAtOnce() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        BoundedResolver resolver = new BoundedResolver(host -> {
            await(release);
            return PUBLIC;
        }, Duration.ofSeconds(5), 1);
        List<Thread> hanging = new ArrayList<>();
        List<String> names = new ArrayList<>(List.of("hanging.example.com")); // looked up; the others wait for it
        for (int i = 0; i < BoundedResolver.WAITING_PER_THREAD; i++) {
            names.add("waiting-" + i + ".example.com");
        }
        for (String name : names) {
            hanging.add(Thread.ofPlatform().start(() -> {
                try {
                    resolver.resolve(name);
                } catch (UnknownHostException ignored) {
                    // the test looks at the third name
                }
            }));
        }
        Thread.sleep(300);
        long t0 = System.nanoTime();
        UnknownHostException e = assertThrows(UnknownHostException.class, () -> resolver.resolve("other.example.com"));
        assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(1));
        assertEquals("other.example.com: too many lookups in progress", e.getMessage());
        release.countDown();
        for (Thread thread : hanging) {
            thread.join();
        }
        assertEquals(PUBLIC, resolver.resolve("other.example.com"), "the thread is free again");
    }

    @Test
    void theSystemResolverReadsAddressLiteralsWithoutALookupThread() throws Exception {
        BoundedResolver resolver = BoundedResolver.system(Duration.ofSeconds(2), 1);
        assertEquals(List.of(CallbackUrlPolicyTest.literal("10.0.0.1")), resolver.resolve("10.0.0.1"));
        assertEquals(List.of(CallbackUrlPolicyTest.literal("2002:a9fe:a9fe::")), resolver.resolve("2002:a9fe:a9fe::"));
        assertTrue(BoundedResolver.isLiteral("127.0.0.1"));
        assertTrue(BoundedResolver.isLiteral("::ffff:10.0.0.1"));
        assertTrue(!BoundedResolver.isLiteral("127.1") && !BoundedResolver.isLiteral("merchant.example.com"),
                "short and named forms go to the lookup threads");
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

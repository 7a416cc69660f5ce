package io.paygate.kit.outbox;

import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The notifier's coalescing and its recovery, against a recording stand-in for the JDBC connection. */
class CommitNotifierTest {

    private final List<String> executed = new CopyOnWriteArrayList<>();

    @Test
    void signalsDuringANotifyInFlightCauseExactlyOneMore() throws Exception {
        CountDownLatch inFlight = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger notifies = new AtomicInteger();
        CommitNotifier notifier = new CommitNotifier(() -> connection(sql -> {
            if (sql.startsWith("NOTIFY") && notifies.incrementAndGet() == 1) {
                inFlight.countDown();
                await(release);
            }
        }), "test-notifier");
        notifier.start();
        try {
            notifier.signal();
            assertTrue(inFlight.await(10, TimeUnit.SECONDS));
            for (int i = 0; i < 500; i++) {
                notifier.signal(); // 500 commits while the first NOTIFY is in flight
            }
            release.countDown();
            awaitSent(notifier, 2);
            Thread.sleep(300);
            assertEquals(2, notifier.sent(), "one NOTIFY for the burst, not one per commit");
            assertEquals(List.of("SET application_name = 'outbox-notifier'", "SET synchronous_commit = off",
                    "NOTIFY outbox_event", "NOTIFY outbox_event"), executed);
        } finally {
            notifier.stop();
        }
    }

    @Test
    void aFailedNotifyIsRetriedOnANewConnectionAndNeverReachesTheWriter() throws Exception {
        AtomicInteger opened = new AtomicInteger();
        CommitNotifier notifier = new CommitNotifier(() -> {
            if (opened.incrementAndGet() == 1) {
                throw new SQLException("database is starting up");
            }
            return connection(sql -> { });
        }, "test-notifier");
        notifier.start();
        try {
            notifier.signal(); // returns although the first connection fails
            awaitSent(notifier, 1);
            assertEquals(2, opened.get());
        } finally {
            notifier.stop();
        }
    }

    private void awaitSent(CommitNotifier notifier, long expected) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (notifier.sent() < expected && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(expected, notifier.sent());
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private Connection connection(java.util.function.Consumer<String> onExecute) {
        Statement statement = (Statement) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[]{Statement.class}, (proxy, method, args) -> {
                    if (method.getName().equals("execute")) {
                        executed.add((String) args[0]);
                        onExecute.accept((String) args[0]);
                        return false;
                    }
                    return null;
                });
        return (Connection) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[]{Connection.class},
                (proxy, method, args) -> method.getName().equals("createStatement") ? statement : null);
    }
}

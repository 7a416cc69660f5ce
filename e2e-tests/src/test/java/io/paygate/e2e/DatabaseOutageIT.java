package io.paygate.e2e;

import io.paygate.local.LocalStack;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.sink.MerchantSink;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * PostgreSQL stops for {@code -Dpaygate.e2e.db-outage-seconds} (default 60) under a steady load of initiations and
 * card payments, against a stack of three replicas of every service (issue #16). While it is away every replica's
 * readiness goes DOWN and its liveness stays UP (no restart), and merchant calls and the hosted page answer
 * {@code 503SS00} with {@code Retry-After} within seconds, never a 500 or a hang. Once it is back every replica is
 * ready again without a restart, and every payment the gateway accepted (initiation 200, card form 303), before, during
 * or after, reaches CAPTURED and is notified to the merchant under one {@code webhook-id} with one body.
 * Its own stack on port offset {@link Stack#PORT_OFFSET} + 300, stopped at the end.
 */
@OwnStack
class DatabaseOutageIT {

    static final int REPLICAS = 3;
    static final Duration OUTAGE = Duration.ofSeconds(Integer.getInteger("paygate.e2e.db-outage-seconds", 60));
    static final Duration STEADY = Duration.ofSeconds(10);
    static final int SHOPPERS = 4;
    static final SandboxMerchants.Merchant MERCHANT = SandboxMerchants.DEMO;
    static LocalStack stack;
    static MerchantSink sink;

    @BeforeAll
    static void launch() throws Exception {
        Path root = Path.of(System.getProperty("paygate.home", "..")).toAbsolutePath().normalize();
        long t0 = System.nanoTime();
        stack = LocalStack.launch(LocalStack.Options.forTests(root, Stack.PORT_OFFSET + 300, List.of(
                "gateway.notification.retry.delays=1s,1s,2s,5s,10s",
                "gateway.rate-limit.merchant.per-second=1000000",
                "gateway.rate-limit.merchant.burst=1000000",
                "gateway.rate-limit.address.per-second=1000000",
                "gateway.rate-limit.address.burst=1000000",
                "gateway.rate-limit.page.per-second=1000000",
                "gateway.rate-limit.page.burst=1000000")).withReplicas(REPLICAS)
                .withServiceJvmOptions(ReplicatedStack.JVM_OPTIONS));
        System.out.printf("DatabaseOutageIT: %d processes ready in %.1f s%n",
                HealthWatch.SERVICES.size() * REPLICAS, (System.nanoTime() - t0) / 1e9);
        sink = MerchantSink.start();
    }

    @AfterAll
    static void stop() {
        if (stack != null) {
            printLogVolume();
        }
        if (sink != null) {
            sink.close();
        }
        if (stack != null) {
            stack.stop();
        }
    }

    /** What one shopper saw: initiations and card forms by phase and status, with their answer times. */
    static final class Tally {
        final Set<String> accepted = ConcurrentHashMap.newKeySet();
        final Set<String> cardsTried = ConcurrentHashMap.newKeySet();
        final Map<String, AtomicInteger> counts = new ConcurrentHashMap<>();
        final List<Double> outageSeconds = Collections.synchronizedList(new ArrayList<>());
        final List<String> wrong = Collections.synchronizedList(new ArrayList<>());

        void count(String what) {
            counts.computeIfAbsent(what, k -> new AtomicInteger()).incrementAndGet();
        }

        int count(String what, int status) {
            AtomicInteger n = counts.get(what + " " + status);
            return n == null ? 0 : n.get();
        }
    }

    @Test
    @Timeout(value = 4, unit = TimeUnit.MINUTES)
    void everyServiceRidesOutADatabaseOutageAndLosesNothing() throws Exception {
        Tally tally = new Tally();
        String callback = sink.url("/db-outage");
        AtomicInteger phase = new AtomicInteger(); // 0 before, 1 outage, 2 after
        List<Thread> shoppers = new ArrayList<>();
        double restartedAfter;
        double recovered;
        Map<String, Double> downAfter = new HashMap<>();
        List<String> liveness;
        try (HealthWatch health = new HealthWatch(stack)) {
            await().atMost(Duration.ofSeconds(30)).until(health::allReady);
            for (int i = 0; i < SHOPPERS; i++) {
                int shopper = i;
                shoppers.add(Thread.ofVirtual().start(() -> shop(shopper, callback, phase, tally)));
            }
            Thread.sleep(STEADY.toMillis());

            health.mark();
            long stopped = System.nanoTime();
            try {
                stack.postgres().stop();
                phase.set(1);
                checkOtherEndpointsAnswer503();
                Thread.sleep(Math.max(0, OUTAGE.toMillis() - (System.nanoTime() - stopped) / 1_000_000));
                for (String service : HealthWatch.SERVICES) {
                    downAfter.put(service, health.secondsUntilAllDown(service));
                }
            } finally {
                stack.postgres().restart();
            }
            long restarted = System.nanoTime();
            restartedAfter = (restarted - stopped) / 1e9;
            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100)).until(health::allReady);
            recovered = (System.nanoTime() - restarted) / 1e9;
            phase.set(2);
            Thread.sleep(STEADY.toMillis());
            phase.set(3);
            for (Thread shopper : shoppers) {
                shopper.join();
            }
            liveness = health.livenessFailures();
        } finally {
            phase.set(3);
        }

        // Nothing accepted is lost or doubled: each reaches CAPTURED, one webhook-id with one body per payment.
        long drainStart = System.nanoTime();
        await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(500))
                .until(() -> notifiedOrders().containsAll(tally.accepted));
        double drained = (System.nanoTime() - drainStart) / 1e9;
        Thread.sleep(5_000); // anything sent twice would arrive within the retry schedule
        List<MerchantSink.Received> received = sink.received();
        Map<String, Set<String>> idsPerOrder = new HashMap<>();
        Map<String, Set<String>> bodiesPerId = new HashMap<>();
        for (MerchantSink.Received r : received) {
            JsonPath body = JsonPath.from(r.body());
            idsPerOrder.computeIfAbsent(body.getString("order.id"), o -> new HashSet<>()).add(r.header("webhook-id"));
            bodiesPerId.computeIfAbsent(r.header("webhook-id"), o -> new HashSet<>()).add(r.body());
            assertEquals("CAPTURED", body.getString("result.payment.status"), r.body());
        }
        int redelivered = received.size() - bodiesPerId.size();

        System.out.printf("db outage: %d s without PostgreSQL (restarted after %.1f s) under %d shoppers, %d replicas "
                        + "of each service%n", OUTAGE.toSeconds(), restartedAfter, SHOPPERS, REPLICAS);
        downAfter.forEach((service, s) -> System.out.printf("  %-21s every replica not ready %.1f s after the stop%n",
                service, s));
        System.out.printf("  all %d replicas ready again %.1f s after the restart; liveness answers other than 200: %d%n",
                HealthWatch.SERVICES.size() * REPLICAS, recovered, liveness.size());
        System.out.printf("  during the outage: initiations %d x 503, %d x 200; card forms %d x 503; answer time p50 %.2f s,"
                        + " p99 %.2f s, max %.2f s%n", tally.count("initiate@1", 503), tally.count("initiate@1", 200),
                tally.count("card@1", 503), percentile(tally.outageSeconds, 50), percentile(tally.outageSeconds, 99),
                percentile(tally.outageSeconds, 100));
        System.out.printf("  accepted payments: %d (before %d, during %d, after %d); all notified %.1f s after the load "
                        + "ended; %d webhook-ids, %d redelivered with the same body%n", tally.accepted.size(),
                tally.count("card@0", 303), tally.count("card@1", 303), tally.count("card@2", 303), drained,
                bodiesPerId.size(), redelivered);

        assertEquals(List.of(), tally.wrong, "answers other than 200/303 or a clear 503");
        assertEquals(List.of(), liveness, "liveness must stay UP through the outage");
        for (Map.Entry<String, Double> down : downAfter.entrySet()) {
            assertTrue(down.getValue() < 30, down.getKey() + " was not DOWN on every replica: " + down.getValue());
        }
        assertTrue(tally.count("initiate@1", 503) > 0, "initiations answered 503 during the outage");
        assertTrue(percentile(tally.outageSeconds, 100) < 10, "an answer during the outage took "
                + percentile(tally.outageSeconds, 100) + " s");
        assertTrue(tally.count("card@0", 303) > 0 && tally.count("card@2", 303) > 0,
                "payments accepted before and after the outage: " + tally.counts);
        assertEquals(tally.accepted, Set.copyOf(notifiedOrders().stream().filter(tally.accepted::contains).toList()));
        assertTrue(tally.cardsTried.containsAll(idsPerOrder.keySet()), "notified orders no card was posted for");
        assertTrue(idsPerOrder.values().stream().allMatch(ids -> ids.size() == 1),
                "one webhook-id per payment: " + idsPerOrder.entrySet().stream().filter(e -> e.getValue().size() > 1).toList());
        assertTrue(bodiesPerId.values().stream().allMatch(bodies -> bodies.size() == 1), "one body per webhook-id");
        for (String orderId : tally.accepted) {
            TimedHttp.Reply status = TimedHttp.signed(stack.baseUrl("payment-service"), MERCHANT, "GET",
                    "/pg/payment/card/status/" + orderId, null);
            assertEquals(200, status.status(), status.body());
            assertEquals("CAPTURED", JsonPath.from(status.body()).getString("result.payment.status"), orderId);
        }
    }

    /** One shopper: initiate at a replica, pay by card at another, until phase 3; a pause between payments. */
    private static void shop(int shopper, String callback, AtomicInteger phase, Tally tally) {
        int n = shopper;
        while (phase.get() < 3) {
            n++;
            int at = phase.get();
            String orderId = "ORD-" + UUID.randomUUID();
            TimedHttp.Reply initiated = TimedHttp.signed(stack.baseUrl("payment-service", n % REPLICAS), MERCHANT,
                    "POST", "/pg/payment/card/initiate", """
                            {"order":{"id":"%s","amount":"150000.00","description":"Coffee"},"customer":{"id":"CUST-9",\
                            "email":"budi@example.com","firstName":"Budi","lastName":"Santoso","mobilePhone":"+6281234567890"},\
                            "url":{"callbackUrl":"%s"}}""".formatted(orderId, callback));
            record(tally, "initiate@" + at, initiated, at, "5030100");
            if (initiated.status() == 200) {
                String redirect = JsonPath.from(initiated.body()).getString("redirecturl");
                String code = redirect.substring(redirect.lastIndexOf('/') + 1);
                at = phase.get();
                tally.cardsTried.add(orderId);
                TimedHttp.Reply paid = TimedHttp.form(stack.baseUrl("payment-service", (n + 1) % REPLICAS),
                        "/pg/pay/" + code + "/card", Map.of("cardNumber", "4111111111111111", "expiryMonth", "12",
                                "expiryYear", "2031", "cvv", "123", "cardholderName", "Budi Santoso"));
                record(tally, "card@" + at, paid, at, null);
                if (paid.status() == 303) {
                    tally.accepted.add(orderId);
                }
            }
            try {
                Thread.sleep(at == 1 ? 100 : 50);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** Counts a reply; anything but success or a well-formed 503 (with Retry-After) is wrong. */
    private static void record(Tally tally, String what, TimedHttp.Reply reply, int at, String code503) {
        tally.count(what + " " + reply.status());
        if (at == 1) {
            tally.outageSeconds.add(reply.seconds());
        }
        boolean success = reply.status() == 200 || reply.status() == 303;
        boolean unavailable = reply.status() == 503 && reply.header("Retry-After") != null
                && (code503 == null ? reply.body().contains("<html") || reply.body().contains("<!DOCTYPE")
                : reply.body().contains("\"responseCode\":\"" + code503 + "\"")
                        && reply.body().contains("\"responseMessage\":\"Service Unavailable\""));
        if (!success && !unavailable) {
            tally.wrong.add(what + " answered " + reply.status() + " after " + String.format("%.2f", reply.seconds())
                    + " s: " + (reply.failure() != null ? reply.failure() : reply.body().substring(0,
                    Math.min(200, reply.body().length()))));
        }
    }

    /** Status, notifications list and binding: each answers its own 503SS00 while the database is away. */
    private static void checkOtherEndpointsAnswer503() {
        List<String> wrong = new ArrayList<>();
        expect503(wrong, TimedHttp.signed(stack.baseUrl("payment-service", 1), MERCHANT, "GET",
                "/pg/payment/card/status/ORD-none", null), "5030300");
        expect503(wrong, TimedHttp.signed(stack.baseUrl("notification-service", 2), MERCHANT, "GET",
                "/pg/notifications", null), "5030700");
        expect503(wrong, TimedHttp.signed(stack.baseUrl("binding-service", 0), MERCHANT, "POST",
                "/pg/payment/card/directdebit/bind", """
                        {"customer":{"id":"CUST-OUT","email":"budi@example.com","firstName":"Budi","lastName":"Santoso",\
                        "mobilePhone":"+6281234567890"},"sourceOfFunds":{"type":"MANDIRI_DD"}}"""), "5030200");
        assertEquals(List.of(), wrong);
    }

    private static void expect503(List<String> wrong, TimedHttp.Reply reply, String code) {
        if (reply.status() != 503 || reply.header("Retry-After") == null || reply.seconds() > 10
                || !reply.body().contains("\"responseCode\":\"" + code + "\"")) {
            wrong.add(reply.status() + " after " + reply.seconds() + " s: " + reply.body());
        }
    }

    /** How loud the outage was: WARN and ERROR lines and stack-trace lines in each service's logs (all replicas). */
    private static void printLogVolume() {
        for (String service : HealthWatch.SERVICES) {
            long warn = 0;
            long error = 0;
            long trace = 0;
            Set<String> samples = new java.util.LinkedHashSet<>();
            for (int k = 0; k < REPLICAS; k++) {
                try (var lines = java.nio.file.Files.lines(stack.log(service, k))) {
                    String previous = "";
                    int incidentLines = 0; // an unexpected failure is a bug: its whole trace is printed
                    for (String line : (Iterable<String>) lines::iterator) {
                        if (line.contains("Unexpected failure")) {
                            incidentLines = 80;
                            System.out.println("  " + service + "-" + k + " incident:");
                        } else if (incidentLines > 0 && !Character.isDigit(line.isEmpty() ? ' ' : line.charAt(0))) {
                            System.out.println("    " + line);
                            incidentLines--;
                        } else {
                            incidentLines = 0;
                        }
                        if (line.contains(" WARN ")) {
                            warn++;
                        } else if (line.contains(" ERROR ")) {
                            error++;
                            samples.add(line.substring(Math.min(24, line.length()), Math.min(200, line.length())));
                        } else if (line.startsWith("\tat ")) {
                            trace++;
                            if (!previous.startsWith("\tat ") && !previous.startsWith("Caused by")) {
                                samples.add(previous.substring(Math.min(24, previous.length()),
                                        Math.min(200, previous.length())));
                            }
                        }
                        previous = line;
                    }
                } catch (Exception e) {
                    System.out.println("  could not read " + stack.log(service, k) + ": " + e);
                }
            }
            System.out.printf("  %-21s log lines over the run, %d replicas: %d WARN, %d ERROR, %d stack-trace lines%n",
                    service, REPLICAS, warn, error, trace);
            samples.stream().limit(8).forEach(line -> System.out.println("      " + line));
        }
    }

    private static Set<String> notifiedOrders() {
        return sink.received().stream().map(r -> JsonPath.from(r.body()).getString("order.id"))
                .collect(Collectors.toSet());
    }

    private static double percentile(List<Double> values, int p) {
        List<Double> sorted;
        synchronized (values) {
            sorted = new ArrayList<>(values);
        }
        if (sorted.isEmpty()) {
            return Double.NaN;
        }
        Collections.sort(sorted);
        int index = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, index)));
    }
}

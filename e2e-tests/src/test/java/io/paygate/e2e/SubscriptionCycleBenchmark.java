package io.paygate.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.testsupport.sink.MerchantSink;
import io.restassured.response.Response;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import java.util.stream.Stream;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 34's figure: the time from "due" to the cycle's notification, over {@link #COUNT} card subscriptions at three
 * replicas ({@link ReplicatedStack}), in one run. Run on demand, never by {@code ./mvnw verify} (the name matches
 * neither surefire's nor failsafe's default includes); the command is in bench/README.md.
 * <ol>
 *   <li>{@link #COUNT} subscriptions (monthly, {@code maxInterval} 3) whose first payment a customer pays on the hosted
 *   page's card form, {@link #SETUP_WORKERS} at a time; all ACTIVE and their first notifications delivered before
 *   anything is measured;</li>
 *   <li>every one made due by the sandbox's time control, {@link #DUE_WORKERS} calls at a time, each call's answer
 *   timed;</li>
 *   <li>per subscription: due answered → the merchant endpoint receives cycle 2's {@code CAPTURED} notification (both
 *   signatures checked), and from payment-service's database due → the cycle's payment created (the claim) and due →
 *   its {@code CAPTURED} (what the status API then reports); p50/p90/p99/max with HdrHistogram, the throughput, the
 *   configuration that bounds it and the machine's load average.</li>
 * </ol>
 * It fails unless every cycle was notified exactly once (one delivery, so one {@code webhook-id} and one body) and
 * charged exactly once (one {@code sandbox_charge} row, {@code CAPTURED}, per cycle payment, and no other cycle).
 * {@code -Dpaygate.bench.subscriptions=N} changes the count; {@code -Dpaygate.bench.config="k=v;k=v"} adds service
 * configuration (e.g. {@code gateway.payment.recurring.scan-interval=1s}).
 */
class SubscriptionCycleBenchmark {

    static final int COUNT = Integer.getInteger("paygate.bench.subscriptions", 1_000);
    static final int SETUP_WORKERS = 8;
    static final int DUE_WORKERS = 16;
    static final int ATTEMPTS = 40;
    static final String PATH = "/subscriptions";
    /** The defaults of what bounds a cycle's way, as the services declare them, unless the run overrides them. */
    static final Map<String, String> BOUNDS = new java.util.LinkedHashMap<>(Map.of(
            "gateway.payment.recurring.scan-interval", "5s",
            "gateway.payment.recurring.batch", "50",
            "gateway.payment.recurring.lease", "60s",
            "gateway.payment.sandbox.decision-delay", "500ms",
            "gateway.payment.sandbox.dispatch-interval", "1s",
            "gateway.outbox.poll-interval", "1s",
            "gateway.notification.delivery.concurrency", "256",
            "gateway.notification.delivery.per-merchant-concurrency", "128"));

    @Test
    @Timeout(value = 45, unit = TimeUnit.MINUTES)
    void dueToNotification() throws Exception {
        List<String> config = new ArrayList<>(Stack.CONFIG.stream().filter(c -> c.startsWith("gateway.rate-limit."))
                .toList());
        String extra = System.getProperty("paygate.bench.config", "");
        Stream.of(extra.split(";")).map(String::trim).filter(s -> !s.isEmpty()).forEach(config::add);
        config.forEach(c -> BOUNDS.computeIfPresent(c.substring(0, c.indexOf('=')), (k, v) -> c.substring(c.indexOf('=') + 1)));
        String tag = "BN" + UUID.randomUUID().toString().replace("-", "").substring(0, 8);
        try (ReplicatedStack stack = ReplicatedStack.launch(config); MerchantSink sink = MerchantSink.start()) {
            CycleLedger ledger = new CycleLedger(stack.stack().jdbcUrl("payment"), tag);
            System.out.printf("BENCH load average at start: %s; %d processors%n", load(),
                    Runtime.getRuntime().availableProcessors());

            long t0 = System.nanoTime();
            List<String> ids = subscribe(stack, sink, tag);
            ledger.awaitActive(COUNT, Duration.ofMinutes(5));
            int firsts = awaitQuiet(sink, 2 * COUNT, Duration.ofMinutes(5));
            System.out.printf("BENCH setup: %d subscriptions ACTIVE, %d first notifications delivered, in %.1f s%n",
                    ids.size(), firsts, (System.nanoTime() - t0) / 1e9);
            int before = sink.received().size();

            System.out.printf("BENCH load average before due: %s%n", load());
            Map<String, Instant[]> due = makeDue(stack, ids);
            Instant firstDue = due.values().stream().map(d -> d[1]).min(Instant::compareTo).orElseThrow();
            Instant lastDue = due.values().stream().map(d -> d[1]).max(Instant::compareTo).orElseThrow();
            System.out.printf("BENCH %d due calls answered within %d ms%n", due.size(),
                    Duration.between(firstDue, lastDue).toMillis());

            Map<String, List<MerchantSink.Received>> cycles = awaitCycles(sink, before, tag, Duration.ofMinutes(15));
            Instant lastNotified = cycles.values().stream().flatMap(List::stream).map(MerchantSink.Received::receivedAt)
                    .max(Instant::compareTo).orElseThrow();
            System.out.printf("BENCH load average after the last notification: %s%n", load());
            Thread.sleep(15_000); // what arrives late (a second delivery) arrives now
            cycles = collect(sink.received().subList(before, sink.received().size()), tag);

            List<CycleLedger.Cycle> rows = ledger.cycles();
            report(due, cycles, rows, firstDue, lastNotified);
            check(ids, cycles, rows);
        }
    }

    /** {@link #COUNT} subscriptions, their first payments posted on the card form; their recurring ids. */
    private static List<String> subscribe(ReplicatedStack stack, MerchantSink sink, String tag)
            throws Exception {
        List<String> ids = Collections.synchronizedList(new ArrayList<>());
        AtomicInteger next = new AtomicInteger();
        List<String> failures = Collections.synchronizedList(new ArrayList<>());
        // All at once, with one card number: two first payments storing it at the same moment get one token
        // (SandboxVault.keep; this benchmark's first run found them colliding, 2 of 1,000 left PROCESSING).
        Load.times(COUNT, SETUP_WORKERS, () -> {
            String rid = tag + "." + next.getAndIncrement();
            try {
                subscribeOne(stack, sink, rid);
                ids.add(rid);
            } catch (Throwable e) {
                failures.add(rid + ": " + e.getMessage());
            }
            return null;
        });
        assertTrue(failures.isEmpty(), "subscriptions not made: " + failures.stream().limit(10).toList());
        assertEquals(COUNT, ids.size());
        return List.copyOf(ids);
    }

    private static void subscribeOne(ReplicatedStack stack, MerchantSink sink, String rid) throws Exception {
        String body = """
                {"order":{"id":"ORD-%s","amount":"150000.00","description":"Coffee club"},"customer":{"id":"C-%s",\
                "email":"budi@example.com","firstName":"Budi","lastName":"Santoso","mobilePhone":"+6281234567890"},\
                "url":{"callbackUrl":"%s"},"recurring":{"subscribe":"Y","type":"PURCHASE","id":"%s",\
                "amount":"150000.00","interval":1,"intervalUnit":"monthly","maxInterval":3}}"""
                .formatted(UUID.randomUUID(), rid, sink.url(PATH), rid);
        String redirect = stack.payments.send("initiate", ATTEMPTS, base -> Merchant.api(base)
                .config(Ingress.TIMEOUTS).body(body).post("/pg/payment/card/initiate"), ok(200)).path("redirecturl");
        String code = redirect.substring(redirect.lastIndexOf('/') + 1);
        stack.payments.send("card", ATTEMPTS, base -> given().baseUri(base).config(Ingress.TIMEOUTS)
                .redirects().follow(false).contentType("application/x-www-form-urlencoded")
                .formParams(Map.of("cardNumber", "4111111111111111", "expiryMonth", "12", "expiryYear", "2031",
                        "cvv", "123", "cardholderName", "Budi Santoso"))
                .post("/pg/pay/" + code + "/card"), ok(303, 409));
    }

    /** Waits until at least {@code count} notifications arrived and none for 3 s; how many arrived. */
    private static int awaitQuiet(MerchantSink sink, int count, Duration upTo) throws InterruptedException {
        long deadline = System.nanoTime() + upTo.toNanos();
        int last = -1;
        while (System.nanoTime() < deadline) {
            int now = sink.received().size();
            if (now >= count && now == last) {
                return now;
            }
            last = now;
            Thread.sleep(3_000);
        }
        throw new AssertionError("first notifications: " + sink.received().size() + " of at least " + count);
    }

    /** Every subscription made due, {@link #DUE_WORKERS} calls at a time: recurring id → {sent, answered}. */
    private static Map<String, Instant[]> makeDue(ReplicatedStack stack, List<String> ids) throws InterruptedException {
        Map<String, Instant[]> due = new ConcurrentHashMap<>();
        AtomicInteger next = new AtomicInteger();
        Load load = Load.times(ids.size(), DUE_WORKERS, () -> {
            String rid = ids.get(next.getAndIncrement());
            Instant sent = Instant.now();
            stack.payments.send("due", ATTEMPTS, base -> Merchant.api(base).config(Ingress.TIMEOUTS)
                    .post("/pg/sandbox/subscriptions/" + rid + "/due"), ok(200));
            due.put(rid, new Instant[] {sent, Instant.now()});
            return null;
        });
        assertTrue(load.failures().isEmpty(), "due calls failed: " + load.failures().stream().limit(10).toList());
        assertEquals(ids.size(), due.size());
        return due;
    }

    /** Waits until every subscription's cycle 2 was notified; recurring id → its cycle payments' notifications. */
    private static Map<String, List<MerchantSink.Received>> awaitCycles(MerchantSink sink, int from, String tag,
                                                                       Duration upTo) throws InterruptedException {
        long deadline = System.nanoTime() + upTo.toNanos();
        Map<String, List<MerchantSink.Received>> cycles = new HashMap<>();
        int seen = from;
        while (true) {
            List<MerchantSink.Received> all = sink.received();
            collectInto(cycles, all.subList(seen, all.size()), tag);
            seen = all.size();
            if (cycles.size() >= COUNT) {
                return cycles;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("cycles notified: " + cycles.size() + " of " + COUNT + " after " + upTo);
            }
            Thread.sleep(250);
        }
    }

    private static Map<String, List<MerchantSink.Received>> collect(List<MerchantSink.Received> received, String tag) {
        Map<String, List<MerchantSink.Received>> cycles = new HashMap<>();
        collectInto(cycles, received, tag);
        return cycles;
    }

    /** Payment notifications of this run's later cycles, by recurring id (subscription notifications left out). */
    private static void collectInto(Map<String, List<MerchantSink.Received>> cycles, List<MerchantSink.Received> received,
                                    String tag) {
        for (MerchantSink.Received r : received) {
            JsonNode body = Signatures.read(r.body());
            String orderId = body.path("order").path("id").asText("");
            if (r.path().equals(PATH) && orderId.startsWith(tag + ".")) {
                String rid = orderId.substring(0, orderId.lastIndexOf('-'));
                cycles.computeIfAbsent(rid, k -> new ArrayList<>()).add(r);
            }
        }
    }

    private static void report(Map<String, Instant[]> due, Map<String, List<MerchantSink.Received>> cycles,
                               List<CycleLedger.Cycle> rows, Instant firstDue, Instant lastNotified) {
        Histogram notified = new Histogram(3_600_000, 3);
        Histogram captured = new Histogram(3_600_000, 3);
        Histogram created = new Histogram(3_600_000, 3);
        Histogram dueCall = new Histogram(3_600_000, 3);
        int early = 0;
        for (Map.Entry<String, Instant[]> d : due.entrySet()) {
            Instant answered = d.getValue()[1];
            dueCall.recordValue(Duration.between(d.getValue()[0], answered).toMillis());
            List<MerchantSink.Received> received = cycles.get(d.getKey());
            if (received != null) {
                notified.recordValue(Math.max(0, Duration.between(answered, received.get(0).receivedAt()).toMillis()));
            }
        }
        for (CycleLedger.Cycle row : rows) {
            Instant answered = due.get(row.recurringId())[1];
            long c = Duration.between(answered, row.createdAt()).toMillis();
            early += c < 0 ? 1 : 0;
            created.recordValue(Math.max(0, c));
            if (row.status().equals("CAPTURED")) {
                captured.recordValue(Math.max(0, Duration.between(answered, row.updatedAt()).toMillis()));
            }
        }
        System.out.printf("BENCH configuration: %s; 3 replicas of each service (C1, SerialGC, -Xmx384m)%n", BOUNDS);
        print("due call answered (sent → answered)", dueCall);
        print("due → cycle payment created (claimed), payment DB", created);
        print("due → cycle payment CAPTURED (status API from then), payment DB", captured);
        print("due → merchant received the CAPTURED notification", notified);
        double seconds = Duration.between(firstDue, lastNotified).toMillis() / 1e3;
        System.out.printf("BENCH throughput: %d cycles notified in %.1f s from the first due answered = %.1f cycles/s; "
                + "%d payments created before their due call's answer arrived (counted as 0)%n",
                notified.getTotalCount(), seconds, notified.getTotalCount() / seconds, early);
    }

    private static void print(String what, Histogram h) {
        System.out.printf("BENCH %s: n=%d p50 %d ms, p90 %d ms, p99 %d ms, max %d ms%n", what, h.getTotalCount(),
                h.getValueAtPercentile(50), h.getValueAtPercentile(90), h.getValueAtPercentile(99), h.getMaxValue());
    }

    /** Every cycle notified exactly once, signed, CAPTURED; charged exactly once; nothing else charged. */
    private static void check(List<String> ids, Map<String, List<MerchantSink.Received>> cycles,
                              List<CycleLedger.Cycle> rows) {
        Map<String, String> wrong = new TreeMap<>();
        for (String rid : ids) {
            List<MerchantSink.Received> received = cycles.getOrDefault(rid, List.of());
            if (received.size() != 1) {
                Set<String> webhookIds = new java.util.TreeSet<>();
                Set<String> bodies = new java.util.HashSet<>();
                received.forEach(r -> {
                    webhookIds.add(r.header("webhook-id"));
                    bodies.add(r.body());
                });
                wrong.put(rid, received.size() + " deliveries, " + webhookIds.size() + " webhook-ids, " + bodies.size()
                        + " bodies");
                continue;
            }
            MerchantSink.Received r = received.get(0);
            try {
                Signatures.verify(r);
            } catch (Throwable e) {
                wrong.put(rid, "signature: " + e.getMessage());
                continue;
            }
            JsonNode body = Signatures.read(r.body());
            String state = body.path("order").path("id").asText() + " " + body.path("result").path("payment")
                    .path("status").asText() + " cycle " + body.path("recurring").path("cycle").asText();
            if (!state.equals(rid + "-2 CAPTURED cycle 2")) {
                wrong.put(rid, "notified " + state);
            }
        }
        Map<String, List<CycleLedger.Cycle>> byId = new HashMap<>();
        rows.forEach(row -> byId.computeIfAbsent(row.recurringId(), k -> new ArrayList<>()).add(row));
        for (String rid : ids) {
            List<CycleLedger.Cycle> own = byId.getOrDefault(rid, List.of());
            if (own.size() != 1 || own.get(0).cycle() != 2 || !own.get(0).status().equals("CAPTURED")
                    || own.get(0).charges() != 1 || own.get(0).capturedCharges() != 1) {
                wrong.merge(rid, "charged: " + own, (a, b) -> a + "; " + b);
            }
        }
        System.out.printf("BENCH checked: %d subscriptions, %d cycle payments, %d wrong%n", ids.size(), rows.size(),
                wrong.size());
        assertEquals(ids.size(), rows.size(), "cycle payments of this run");
        assertTrue(wrong.isEmpty(), "cycles not notified once or not charged once: "
                + wrong.entrySet().stream().limit(20).toList());
    }

    private static String load() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).trim();
        } catch (java.io.IOException e) {
            return "unknown";
        }
    }

    private static Predicate<Response> ok(int... statuses) {
        return response -> java.util.Arrays.stream(statuses).anyMatch(s -> s == response.statusCode());
    }
}

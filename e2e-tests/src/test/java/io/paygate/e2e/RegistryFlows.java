package io.paygate.e2e;

import io.paygate.e2e.TimedHttp.Reply;
import io.paygate.model.json.Json;
import io.paygate.model.signing.NotificationVerifier;
import io.paygate.model.signing.SignatureVerificationException;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.sink.MerchantSink;
import org.HdrHistogram.Histogram;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 45's flows at three replicas of every service ({@link ReplicatedStackIT}): merchants as data. A change made
 * at merchant-service reaches every replica of every service through merchant-config; measured, and a rotation of
 * either secret under traffic refuses nothing that was correctly signed (docs/contract.md §6, §10).
 */
final class RegistryFlows {

    /** How often each replica is asked while a change is awaited. */
    private static final Duration POLL = Duration.ofMillis(25);
    /** The contract's bound: a change is in force at every replica within 5 s of merchant-service's reply. */
    static final Duration IN_FORCE = Duration.ofSeconds(5);

    private final ReplicatedStack replicas;
    private final List<Registry.Probe> probes;

    RegistryFlows(ReplicatedStack replicas) {
        this.replicas = replicas;
        this.probes = Registry.probes(replicas);
    }

    String merchantService(int k) {
        return replicas.baseUrl("merchant-service", k);
    }

    /**
     * A new merchant, then {@code rounds} suspensions and reactivations by the operator: per change, the time from
     * merchant-service's reply to the first request each replica of each service accepts (new, reactivated) or refuses
     * {@code 403xx05} (suspended). Returns the histogram of those times in milliseconds.
     */
    Histogram propagation(int rounds) throws Exception {
        Histogram millis = new Histogram(60_000, 3);
        Registry.Created created = Registry.create(merchantService(0));
        long t0 = System.nanoTime();
        record(millis, awaitEveryReplica(created.merchant(), Registry::accepted, t0));
        String path = "/admin/merchants/" + created.merchant().id();
        for (int round = 0; round < rounds; round++) {
            int k = round % ReplicatedStack.REPLICAS;
            Reply suspended = Registry.operator(merchantService(k), "POST", path + "/suspend", "{\"reason\":\"e2e\"}");
            t0 = System.nanoTime(); // from the operator's reply (docs/contract.md §10)
            assertEquals(200, suspended.status(), suspended.body());
            record(millis, awaitEveryReplica(created.merchant(), RegistryFlows::suspended, t0));
            Reply reactivated = Registry.operator(merchantService((k + 1) % ReplicatedStack.REPLICAS), "POST",
                    path + "/reactivate", null);
            t0 = System.nanoTime();
            assertEquals(200, reactivated.status(), reactivated.body());
            record(millis, awaitEveryReplica(created.merchant(), Registry::accepted, t0));
        }
        return millis;
    }

    static boolean suspended(Reply reply) {
        return reply.status() == 403 && Registry.code(reply).endsWith("05");
    }

    private static void record(Histogram histogram, List<Long> millis) {
        millis.forEach(histogram::recordValue);
    }

    /** Per replica, the milliseconds from {@code t0} to its first reply that {@code inForce} accepts. */
    List<Long> awaitEveryReplica(SandboxMerchants.Merchant merchant, Predicate<Reply> inForce, long t0)
            throws Exception {
        List<Future<Long>> waits = new ArrayList<>();
        try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {
            for (Registry.Probe probe : probes) {
                waits.add(executor.submit(() -> {
                    while (true) {
                        Reply reply = probe.send(merchant);
                        if (inForce.test(reply)) {
                            return (System.nanoTime() - t0) / 1_000_000;
                        }
                        if (System.nanoTime() - t0 > Duration.ofSeconds(60).toNanos()) {
                            throw new AssertionError(probe + " not in force after 60 s, last " + reply.status() + " "
                                    + reply.body());
                        }
                        Thread.sleep(POLL);
                    }
                }));
            }
        }
        List<Long> millis = new ArrayList<>();
        for (Future<Long> wait : waits) {
            millis.add(wait.get());
        }
        return millis;
    }

    /**
     * The merchant's client secret rotated (self-service, at a merchant-service replica) while every replica of every
     * service is asked without pause: signed with the old secret until 5 s after the rotation's reply, then with the
     * old and the new one in turn (both live), then, once the merchant ended the previous secret, with the new one
     * only. Returns the refusals (none expected) and the requests sent, per phase; the old secret is then refused
     * everywhere.
     */
    Map<String, Integer> clientSecretRotationUnderTraffic() throws Exception {
        Registry.Created created = Registry.create(merchantService(0));
        SandboxMerchants.Merchant old = created.merchant();
        awaitEveryReplica(old, Registry::accepted, System.nanoTime());
        AtomicReference<String> phase = new AtomicReference<>("old");
        AtomicReference<SandboxMerchants.Merchant> fresh = new AtomicReference<>();
        Map<String, LongAdder> sent = new ConcurrentHashMap<>();
        List<String> refusals = java.util.Collections.synchronizedList(new ArrayList<>());
        AtomicBoolean running = new AtomicBoolean(true);
        java.util.concurrent.atomic.AtomicLong endSentAt = new java.util.concurrent.atomic.AtomicLong(Long.MAX_VALUE);
        List<Future<?>> loaders = new ArrayList<>();
        try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {
            for (Registry.Probe probe : probes) {
                loaders.add(executor.submit(() -> {
                    int n = 0;
                    while (running.get()) {
                        String now = phase.get();
                        SandboxMerchants.Merchant signer = switch (now) {
                            case "old", "rotated" -> old;
                            case "both" -> n++ % 2 == 0 ? old : fresh.get();
                            default -> fresh.get();
                        };
                        Reply reply = probe.send(signer);
                        long answeredAt = System.nanoTime();
                        String key = now + (signer == old ? " signed old" : " signed new");
                        sent.computeIfAbsent(key, x -> new LongAdder()).increment();
                        // the previous secret is live until the merchant ends it: a reply to it after that may refuse
                        long end = endSentAt.get();
                        boolean live = signer != old || end == Long.MAX_VALUE || answeredAt - end < 0;
                        if (live && !Registry.accepted(reply)) {
                            refusals.add(probe + " " + key + ": " + reply.status() + " " + reply.body());
                        }
                        Thread.sleep(20);
                    }
                    return null;
                }));
            }
            Thread.sleep(1_500);
            Reply rotated = TimedHttp.signed(merchantService(1), old, "POST", "/pg/merchant/client-secret/rotate",
                    "{\"graceSeconds\":600}");
            assertEquals(200, rotated.status(), rotated.body());
            fresh.set(Registry.withClientSecret(old, Json.tree(rotated.body()).path("clientSecret").asText()));
            phase.set("rotated");
            Thread.sleep(IN_FORCE.toMillis());
            phase.set("both");
            Thread.sleep(4_000);
            // The merchant stops signing with the previous secret before it ends it: a request it signed with the
            // previous one and sent after ending it is rightly refused (at once at the replica that ended it).
            phase.set("new");
            Thread.sleep(500);
            endSentAt.set(System.nanoTime());
            Reply ended = TimedHttp.signed(merchantService(2), fresh.get(), "DELETE",
                    "/pg/merchant/client-secret/previous", null);
            assertEquals(200, ended.status(), ended.body());
            Thread.sleep(3_000);
            running.set(false);
            for (Future<?> loader : loaders) {
                loader.get();
            }
        }
        Map<String, Integer> counts = new TreeMap<>();
        sent.forEach((k, v) -> counts.put(k, v.intValue()));
        counts.put("refused", refusals.size());
        System.out.println("client secret rotated under traffic at " + probes.size() + " replicas: " + counts
                + (refusals.isEmpty() ? "" : " first refusals " + refusals.subList(0, Math.min(5, refusals.size()))));
        assertEquals(List.of(), refusals.subList(0, Math.min(20, refusals.size())),
                "a request signed with a live secret refused");
        // the previous secret, ended by the merchant, is refused everywhere within 5 s
        awaitEveryReplica(old, r -> r.status() == 401, System.nanoTime());
        return counts;
    }

    /**
     * The merchant's notification secret rotated and then activated while test notifications are sent through every
     * notification-service replica, verified as the merchant's receiver would: with the old secret alone until it
     * deploys the new one (both), then, 5 s after it activated the new one, with the new secret alone. Returns how
     * many were verified and how many failed (none expected).
     */
    Map<String, Integer> notificationSecretRotationUnderDeliveries() throws Exception {
        Registry.Created created = Registry.create(merchantService(0));
        SandboxMerchants.Merchant merchant = created.merchant();
        awaitEveryReplica(merchant, Registry::accepted, System.nanoTime());
        Map<String, NotificationVerifier> verifierByOrder = new ConcurrentHashMap<>();
        Map<String, String> phaseByOrder = new ConcurrentHashMap<>();
        AtomicReference<String> phase = new AtomicReference<>("old");
        AtomicReference<NotificationVerifier> receiver = new AtomicReference<>(
                NotificationVerifier.of(created.notificationSecret()));
        AtomicBoolean running = new AtomicBoolean(true);
        AtomicInteger undelivered = new AtomicInteger();
        List<String> problems = java.util.Collections.synchronizedList(new ArrayList<>());
        try (MerchantSink sink = MerchantSink.start();
             ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {
            String body = "{\"type\":\"payment\",\"url\":\"" + sink.url("/rotation") + "\"}";
            List<Future<?>> senders = new ArrayList<>();
            for (int k = 0; k < ReplicatedStack.REPLICAS; k++) {
                String notifications = replicas.baseUrl("notification-service", k);
                senders.add(executor.submit(() -> {
                    while (running.get()) {
                        String now = phase.get();
                        NotificationVerifier verifier = receiver.get();
                        Reply reply = TimedHttp.signed(notifications, merchant, "POST", "/pg/merchant/callbacks/test",
                                body);
                        if (reply.status() != 200) {
                            problems.add("test notification " + reply.status() + " " + reply.body());
                        } else {
                            String orderId = Json.tree(reply.body()).path("orderId").asText();
                            verifierByOrder.put(orderId, verifier);
                            phaseByOrder.put(orderId, now);
                            if (!Json.tree(reply.body()).path("delivered").asBoolean()) {
                                undelivered.incrementAndGet();
                            }
                        }
                        Thread.sleep(50);
                    }
                    return null;
                }));
            }
            Thread.sleep(1_500);
            Reply rotated = TimedHttp.signed(merchantService(1), merchant, "POST",
                    "/pg/merchant/notification-secret/rotate", "{\"graceSeconds\":600}");
            assertEquals(200, rotated.status(), rotated.body());
            String newSecret = Json.tree(rotated.body()).path("notificationSecret").asText();
            phase.set("rotated, receiver on old");
            Thread.sleep(IN_FORCE.toMillis());
            receiver.set(NotificationVerifier.of(created.notificationSecret(), newSecret));
            phase.set("receiver on both");
            Thread.sleep(2_000);
            Reply activated = TimedHttp.signed(merchantService(2), merchant, "POST",
                    "/pg/merchant/notification-secret/activate", null);
            assertEquals(200, activated.status(), activated.body());
            phase.set("activated, receiver on both");
            Thread.sleep(IN_FORCE.toMillis());
            receiver.set(NotificationVerifier.of(newSecret));
            phase.set("receiver on new");
            Thread.sleep(3_000);
            running.set(false);
            for (Future<?> sender : senders) {
                sender.get();
            }
            Map<String, Integer> verified = new TreeMap<>();
            for (MerchantSink.Received received : sink.received()) {
                String orderId = Json.tree(received.body()).path("order").path("id").asText();
                NotificationVerifier verifier = verifierByOrder.get(orderId);
                if (verifier == null) {
                    continue; // its sender's reply never came back
                }
                Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
                received.headers().forEach((name, values) -> headers.put(name, values.get(0)));
                try {
                    verifier.verify(headers, received.body());
                    verified.merge(phaseByOrder.get(orderId), 1, Integer::sum);
                } catch (SignatureVerificationException e) {
                    problems.add(phaseByOrder.get(orderId) + ": " + orderId + " " + e.getMessage());
                }
            }
            verified.put("failed", problems.size());
            verified.put("undelivered", undelivered.get());
            System.out.println("notification secret rotated and activated under deliveries at "
                    + ReplicatedStack.REPLICAS + " notification-service replicas: " + verified
                    + (problems.isEmpty() ? "" : " first " + problems.subList(0, Math.min(5, problems.size()))));
            assertEquals(List.of(), problems.subList(0, Math.min(20, problems.size())),
                    "a notification the merchant's receiver could not verify");
            assertTrue(verified.getOrDefault("receiver on new", 0) > 0 && verified.getOrDefault("rotated, receiver on old", 0) > 0,
                    "notifications verified in every phase: " + verified);
            return verified;
        }
    }

    /**
     * Two operators suspending and reactivating one merchant at once, at different merchant-service replicas: once
     * they stop, every replica of every service holds the state merchant-service last committed.
     */
    String racingOperators() throws Exception {
        Registry.Created created = Registry.create(merchantService(0));
        SandboxMerchants.Merchant merchant = created.merchant();
        String path = "/admin/merchants/" + merchant.id();
        Map<String, Integer> answers = new ConcurrentHashMap<>();
        try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<?>> operators = new ArrayList<>();
            for (int op = 0; op < 2; op++) {
                String at = merchantService(op + 1);
                operators.add(executor.submit(() -> {
                    for (int i = 0; i < 20; i++) {
                        boolean suspend = java.util.concurrent.ThreadLocalRandom.current().nextBoolean();
                        Reply reply = suspend
                                ? Registry.operator(at, "POST", path + "/suspend", "{\"reason\":\"race\"}")
                                : Registry.operator(at, "POST", path + "/reactivate", null);
                        answers.merge((suspend ? "suspend " : "reactivate ") + reply.status(), 1, Integer::sum);
                    }
                    return null;
                }));
            }
            for (Future<?> operator : operators) {
                operator.get();
            }
        }
        Reply last = Registry.operator(merchantService(0), "GET", path, null);
        String status = Json.tree(last.body()).path("status").asText();
        long version = Json.tree(last.body()).path("version").asLong();
        System.out.println("two operators raced: " + new TreeMap<>(answers) + "; last committed " + status
                + " version " + version);
        assertTrue(answers.keySet().stream().allMatch(a -> a.endsWith(" 200") || a.endsWith(" 409")),
                "only 200 or 409: " + answers);
        long t0 = System.nanoTime();
        Predicate<Reply> expected = "SUSPENDED".equals(status) ? RegistryFlows::suspended : Registry::accepted;
        List<Long> millis = awaitEveryReplica(merchant, expected, t0);
        // and it stays so: nothing older arrives later at any replica
        Thread.sleep(1_000);
        for (Registry.Probe probe : probes) {
            Reply reply = probe.send(merchant);
            assertTrue(expected.test(reply), probe + " left " + status + ": " + reply.status() + " " + reply.body());
        }
        for (int k = 0; k < ReplicatedStack.REPLICAS; k++) {
            Reply view = Registry.operator(merchantService(k), "GET", path, null);
            assertEquals(version, Json.tree(view.body()).path("version").asLong(), "version at merchant-service#" + k);
        }
        return status + " everywhere within " + millis.stream().mapToLong(Long::longValue).max().orElse(0) + " ms";
    }
}

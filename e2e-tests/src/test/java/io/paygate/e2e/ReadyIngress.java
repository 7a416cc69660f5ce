package io.paygate.e2e;

import io.paygate.model.auth.RequestSigner;
import io.paygate.testsupport.SandboxMerchants;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * What Kubernetes and an Ingress do in front of the replicas of one service during a rolling update, as far as the
 * shutdown test needs it: requests go round robin to the replicas in rotation, and a replica leaves the rotation
 * when its readiness (polled every {@value #POLL_MILLIS} ms, as the endpoints of a Service follow a pod with a
 * propagation delay) stops answering 200. Nothing is retried: a refused connection or a 503 reaches the client, as
 * through a Service's virtual IP. Every outcome is counted, per replica and after a mark: {@code ok} (2xx), the
 * status, {@code refused} (connection refused), {@code timeout} (no reply within 10 s), {@code broken} (the connection
 * failed otherwise).
 */
final class ReadyIngress implements AutoCloseable {

    static final long POLL_MILLIS = 1_000;
    /**
     * HTTP/1.1 with keep-alive, as ingress-nginx talks to its upstreams. (The JDK client's default, h2c, meets the
     * GOAWAY a Quarkus server in its shutdown delay sends on every HTTP/2 connection, and the JDK client fails the
     * streams still in flight on it: an artifact of this client, not what an Ingress sees.)
     */
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2)).followRedirects(HttpClient.Redirect.NEVER).build();

    private final List<String> apis;
    private final List<String> managements;
    private final Set<Integer> inRotation = ConcurrentHashMap.newKeySet();
    private final AtomicInteger next = new AtomicInteger();
    /** "replica outcome" → count, since the last {@link #mark()}. */
    private final Map<String, LongAdder> outcomes = new ConcurrentHashMap<>();
    private final List<Thread> load = new ArrayList<>();
    /** The first failures since the mark: replica, method and path, milliseconds since the mark, what happened. */
    private final List<String> failures = java.util.Collections.synchronizedList(new ArrayList<>());
    private volatile long markedAt = System.nanoTime();
    private final Thread poller;
    private volatile boolean running = true;
    private volatile boolean loading;

    ReadyIngress(List<String> apis, List<String> managements) {
        this.apis = List.copyOf(apis);
        this.managements = List.copyOf(managements);
        poll();
        this.poller = Thread.ofVirtual().name("ready-ingress-poller").start(() -> {
            while (running) {
                sleep(POLL_MILLIS);
                poll();
            }
        });
    }

    private void poll() {
        for (int k = 0; k < managements.size(); k++) {
            boolean ready;
            try {
                ready = HTTP.send(HttpRequest.newBuilder(URI.create(managements.get(k) + "/q/health/ready"))
                        .timeout(Duration.ofMillis(800)).GET().build(), HttpResponse.BodyHandlers.discarding())
                        .statusCode() == 200;
            } catch (IOException e) {
                ready = false;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            if (ready) {
                inRotation.add(k);
            } else {
                inRotation.remove(k);
            }
        }
    }

    boolean inRotation(int replica) {
        return inRotation.contains(replica);
    }

    /** Starts {@code clients} merchants, each initiating a payment and asking its status, over and over. */
    void startLoad(int clients) {
        loading = true;
        for (int c = 0; c < clients; c++) {
            load.add(Thread.ofVirtual().name("merchant-" + c).start(() -> {
                while (loading) {
                    String orderId = Merchant.newId("DRAIN");
                    send("POST", "/pg/payment/card/initiate", """
                            {"order":{"id":"%s","amount":"10000.00"},"customer":{"email":"budi@example.com",\
                            "firstName":"Budi","lastName":"Santoso","mobilePhone":"+6281234567890"},\
                            "url":{"callbackUrl":"http://127.0.0.1:9/never"}}""".formatted(orderId));
                    send("GET", "/pg/payment/card/status/" + orderId, null);
                    sleep(40);
                }
            }));
        }
    }

    void stopLoad() throws InterruptedException {
        loading = false;
        for (Thread t : load) {
            t.join(20_000);
        }
        load.clear();
    }

    /** Counts from now on only. */
    void mark() {
        outcomes.clear();
        failures.clear();
        markedAt = System.nanoTime();
    }

    /** The first failures since the mark (at most 10), each with its replica, request, time and cause. */
    List<String> failures() {
        synchronized (failures) {
            return List.copyOf(failures);
        }
    }

    private void failed(int replica, String method, String path, String what) {
        if (failures.size() < 10) {
            failures.add("#" + replica + " " + method + " " + path.replaceAll("/[^/]*$", "/…") + " at +"
                    + (System.nanoTime() - markedAt) / 1_000_000 + " ms: " + what);
        }
    }

    private void send(String method, String path, String json) {
        List<Integer> ready = List.copyOf(inRotation);
        if (ready.isEmpty()) {
            record(-1, "no-replica");
            return;
        }
        int replica = ready.get(Math.floorMod(next.getAndIncrement(), ready.size()));
        byte[] body = json == null ? new byte[0] : json.getBytes(StandardCharsets.UTF_8);
        String timestamp = RequestSigner.timestamp(Clock.systemDefaultZone());
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(apis.get(replica) + path))
                .timeout(Duration.ofSeconds(10))
                .header(RequestSigner.PARTNER_ID, SandboxMerchants.DEMO.id())
                .header(RequestSigner.TIMESTAMP, timestamp)
                .header(RequestSigner.SIGNATURE, RequestSigner.sign(SandboxMerchants.DEMO.clientSecret(), method, path,
                        body, timestamp))
                .method(method, json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        if (json != null) {
            request.header("Content-Type", "application/json");
        }
        try {
            int status = HTTP.send(request.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
            record(replica, status / 100 == 2 ? "ok" : Integer.toString(status));
            if (status >= 500) {
                failed(replica, method, path, "HTTP " + status);
            }
        } catch (java.net.http.HttpTimeoutException e) {
            record(replica, "timeout");
            failed(replica, method, path, e.toString());
        } catch (ConnectException e) {
            record(replica, "refused");
            failed(replica, method, path, e.toString());
        } catch (IOException e) {
            record(replica, "broken");
            failed(replica, method, path, e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void record(int replica, String outcome) {
        outcomes.computeIfAbsent(replica + " " + outcome, k -> new LongAdder()).increment();
    }

    /** {@code "replica outcome"} → count since the mark. */
    Map<String, Long> byReplica() {
        Map<String, Long> all = new TreeMap<>();
        outcomes.forEach((key, n) -> all.put(key, n.sum()));
        return all;
    }

    /** {@code outcome} → count since the mark, over every replica (e.g. {@code {ok=412, refused=3}}). */
    Map<String, Long> totals() {
        Map<String, Long> totals = new TreeMap<>();
        outcomes.forEach((key, n) -> totals.merge(key.substring(key.indexOf(' ') + 1), n.sum(), Long::sum));
        return totals;
    }

    /** How often {@code replica} answered {@code outcome} since the mark. */
    long count(int replica, String outcome) {
        LongAdder n = outcomes.get(replica + " " + outcome);
        return n == null ? 0 : n.sum();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() throws InterruptedException {
        stopLoad();
        running = false;
        poller.join(5_000);
    }
}

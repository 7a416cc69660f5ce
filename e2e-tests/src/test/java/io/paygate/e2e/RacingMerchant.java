package io.paygate.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.paygate.testsupport.sink.MerchantSink;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A merchant's callback endpoint as a busy merchant runs it: every notification takes it a random 0 to
 * {@code maxWork} to handle (a database write, a call to its warehouse), and only at the end of that does it record
 * the state it was told, then answer with the seed's success reply. So the state a merchant keeps for a resource is
 * the one of the notification it finished <em>last</em>: two notifications of one resource in flight at once can end
 * it on the older state. Every notification's signatures are checked (both ways, {@link Signatures}), and it notes
 * when one arrived while another of the same resource was still being handled (an overlap: docs/contract.md §7 says
 * notification-service never has two attempts in flight for one resource).
 */
final class RacingMerchant implements AutoCloseable {

    static final String PAYMENTS = "/payments";
    static final String BINDINGS = "/bindings";
    static final String DISBURSEMENTS = "/disbursements";
    /** A payment link's callbackUrl: its payment-link notifications and its payments' (docs/contract.md §11). */
    static final String LINKS = "/links";

    /** One notification as the merchant handled it. */
    record Delivery(String webhookId, String type, String resourceId, String state, String body, Instant arrivedAt,
                    Instant appliedAt) {
    }

    private final HttpServer server;
    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    private final Duration maxWork;
    private final List<Delivery> deliveries = new ArrayList<>();
    /** resource → state of the notification handled last. */
    private final Map<String, String> kept = new HashMap<>();
    /** resource → ids of the notifications being handled now (an id twice when it was sent again meanwhile). */
    private final Map<String, List<String>> inFlight = new HashMap<>();
    private final Set<String> overlapped = new LinkedHashSet<>();
    private final List<String> badSignatures = new ArrayList<>();
    private Instant lastActivity = Instant.now();

    private RacingMerchant(Duration maxWork) throws IOException {
        this.maxWork = maxWork;
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 256);
        server.createContext("/", this::handle);
        server.setExecutor(executor);
        server.start();
    }

    /** A merchant that takes a random 0 to {@code maxWork} per notification. */
    static RacingMerchant start(Duration maxWork) throws IOException {
        return new RacingMerchant(maxWork);
    }

    String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            Instant arrived = Instant.now();
            byte[] raw;
            try (InputStream in = exchange.getRequestBody()) {
                raw = in.readAllBytes();
            }
            String body = new String(raw, StandardCharsets.UTF_8);
            Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
            exchange.getRequestHeaders().forEach((name, values) -> headers.put(name, List.copyOf(values)));
            String path = exchange.getRequestURI().getPath();
            String webhookId = headers.getOrDefault("webhook-id", List.of("?")).get(0);
            String[] resource;
            try {
                resource = resourceAndState(path, body);
            } catch (Throwable e) {
                resource = new String[] {"?", "?"};
                synchronized (this) {
                    badSignatures.add(webhookId + ": not a notification body: " + e.getMessage());
                }
            }
            String key = path + " " + resource[0];
            synchronized (this) {
                lastActivity = arrived;
                List<String> handling = inFlight.computeIfAbsent(key, k -> new ArrayList<>());
                if (handling.stream().anyMatch(id -> !id.equals(webhookId))) {
                    overlapped.add(key); // another notification of it; the same one sent again (a timeout) may overlap
                }
                handling.add(webhookId);
            }
            try {
                Signatures.verify(new MerchantSink.Received("POST", path, headers, body, arrived));
            } catch (Throwable e) {
                synchronized (this) {
                    badSignatures.add(webhookId + " (" + key + "): " + e.getMessage());
                }
            }
            Thread.sleep(ThreadLocalRandom.current().nextLong(maxWork.toMillis() + 1));
            synchronized (this) {
                Instant applied = Instant.now();
                kept.put(key, resource[1]);
                deliveries.add(new Delivery(webhookId, path, resource[0], resource[1], body, arrived, applied));
                inFlight.get(key).remove(webhookId);
                lastActivity = applied;
            }
            byte[] reply = MerchantSink.Reply.SUCCESS_BODY.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, reply.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(reply);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException gone) {
            // the sender went away (a killed replica): what was handled is recorded
        }
    }

    /** The resource id and the state a notification carries, by where it was sent. */
    private static String[] resourceAndState(String path, String body) {
        JsonNode n = Signatures.read(body);
        return switch (path) {
            case PAYMENTS -> new String[] {n.path("order").path("reference").asText(),
                    n.path("result").path("payment").path("status").asText()};
            case BINDINGS -> new String[] {n.path("binding").path("id").asText(),
                    n.path("binding").path("status").asText()};
            case DISBURSEMENTS -> new String[] {n.path("originalPartnerReferenceNo").asText(),
                    n.path("latestTransactionStatus").asText()};
            case LINKS -> n.has("order") ? new String[] {n.path("order").path("reference").asText(),
                    n.path("result").path("payment").path("status").asText()}
                    : new String[] {n.path("link").path("id").asText(), n.path("link").path("status").asText()};
            default -> new String[] {"?", "?"};
        };
    }

    /** The bodies of the notifications handled for {@code path}, in the order handled. */
    synchronized List<String> bodies(String path) {
        return deliveries.stream().filter(d -> d.type().equals(path)).map(Delivery::body).toList();
    }

    /** The state the merchant keeps for a resource (the one handled last), or null when it heard nothing of it. */
    synchronized String kept(String path, String resourceId) {
        return kept.get(path + " " + resourceId);
    }

    /** Whether the merchant has handled a notification of this resource in this state. */
    synchronized boolean heard(String path, String resourceId, String state) {
        return deliveries.stream().anyMatch(d -> d.type().equals(path) && d.resourceId().equals(resourceId)
                && d.state().equals(state));
    }

    /** Nothing in flight and nothing arrived for {@code quiet}. */
    synchronized boolean idleFor(Duration quiet) {
        return inFlight.values().stream().allMatch(List::isEmpty)
                && lastActivity.plus(quiet).isBefore(Instant.now());
    }

    /** Resources ({@code path id}) of which a notification arrived while another one was still being handled. */
    synchronized Set<String> overlapped() {
        return new LinkedHashSet<>(overlapped);
    }

    synchronized List<String> badSignatures() {
        return List.copyOf(badSignatures);
    }

    synchronized List<Delivery> deliveries() {
        return List.copyOf(deliveries);
    }

    /** Notification ids that arrived with two different bodies (the same id twice with the same body is allowed). */
    synchronized Map<String, Set<String>> idsWithTwoBodies() {
        Map<String, Set<String>> bodies = new HashMap<>();
        deliveries.forEach(d -> bodies.computeIfAbsent(d.webhookId(), id -> new LinkedHashSet<>()).add(d.body()));
        bodies.values().removeIf(b -> b.size() < 2);
        return bodies;
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}

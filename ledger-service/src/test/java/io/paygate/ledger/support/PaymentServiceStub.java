package io.paygate.ledger.support;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.paygate.testsupport.quarkus.SandboxConfigResource;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A real HTTP server standing in for payment-service's internal API (the plan's
 * {@code GET /internal/disbursements/{merchantId}/{partnerReferenceNo}} and {@code GET /internal/ledger-facts}): a
 * path a test gave an answer gets it (200 with that JSON), any other 404; the facts a test gave for a day and kind are
 * served {@value #FACTS_PAGE} a page with a cursor (none given: an empty page), or 503 while {@link #factsDown} is set;
 * a request without the internal token 401. Every request's path (and query, for the facts) is recorded.
 */
public class PaymentServiceStub implements QuarkusTestResourceLifecycleManager {

    private static final String FACTS_PATH = "/internal/ledger-facts";
    private static final Map<String, String> ANSWERS = new ConcurrentHashMap<>();
    private static final List<String> REQUESTS = new CopyOnWriteArrayList<>();
    private static final Map<String, List<String>> FACTS = new ConcurrentHashMap<>();
    private static final int FACTS_PAGE = 2;
    private static volatile boolean factsDown;
    private HttpServer server;

    /** From now on, {@code GET path} answers 200 with {@code json}. */
    public static void answer(String path, String json) {
        ANSWERS.put(path, json);
    }

    /** From now on, the facts of {@code date} and {@code kind} are these (each a JSON object), oldest first. */
    public static void facts(LocalDate date, String kind, String... facts) {
        FACTS.put(date + "/" + kind, List.of(facts));
    }

    /** A fact as payment-service writes it. */
    public static String fact(String reference, String merchantId, String kind, String amount) {
        return "{\"reference\": \"" + reference + "\", \"merchantId\": \"" + merchantId + "\", \"kind\": \"" + kind
                + "\", \"amount\": \"" + amount + "\", \"at\": \"2021-03-15T10:00:00+07:00\"}";
    }

    /** While set, {@code /internal/ledger-facts} answers 503. */
    public static void factsDown(boolean down) {
        factsDown = down;
    }

    /** The paths asked so far. */
    public static List<String> requests() {
        return List.copyOf(REQUESTS);
    }

    @Override
    public Map<String, String> start() {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        server.createContext("/", this::handle);
        server.start();
        return Map.of("gateway.ledger.payment-service-url", "http://127.0.0.1:" + server.getAddress().getPort());
    }

    private void handle(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getRawPath();
        String query = exchange.getRequestURI().getRawQuery();
        REQUESTS.add(FACTS_PATH.equals(path) ? path + "?" + query : path);
        String auth = exchange.getRequestHeaders().getFirst("Authorization");
        String body;
        int status;
        if (!("Bearer " + SandboxConfigResource.INTERNAL_TOKEN).equals(auth)) {
            status = 401;
            body = "{\"responseCode\":\"4010000\",\"responseMessage\":\"Unauthorized.\"}";
        } else if (FACTS_PATH.equals(path) && factsDown) {
            status = 503;
            body = "{\"responseCode\":\"5030000\",\"responseMessage\":\"Service Unavailable\"}";
        } else if (FACTS_PATH.equals(path)) {
            status = 200;
            body = factsPage(query);
        } else if (ANSWERS.containsKey(path)) {
            status = 200;
            body = ANSWERS.get(path);
        } else {
            status = 404;
            body = "{\"responseCode\":\"4040401\",\"responseMessage\":\"Transaction Not Found\"}";
        }
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    private static String factsPage(String query) {
        Map<String, String> params = new HashMap<>();
        for (String pair : query == null ? new String[0] : query.split("&")) {
            int eq = pair.indexOf('=');
            params.put(pair.substring(0, eq), URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
        List<String> all = FACTS.getOrDefault(params.get("date") + "/" + params.get("kind"), List.of());
        int from = params.containsKey("cursor") ? Integer.parseInt(params.get("cursor")) : 0;
        int to = Math.min(all.size(), from + Math.min(FACTS_PAGE, Integer.parseInt(params.get("limit"))));
        return "{\"facts\": [" + String.join(", ", all.subList(from, to)) + "]"
                + (to < all.size() ? ", \"nextCursor\": \"" + to + "\"}" : "}");
    }

    @Override
    public void stop() {
        if (server != null) {
            server.stop(0);
        }
    }
}

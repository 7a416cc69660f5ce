package io.paygate.ledger.support;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.paygate.testsupport.quarkus.SandboxConfigResource;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A real HTTP server standing in for payment-service's internal API (the plan's
 * {@code GET /internal/disbursements/{merchantId}/{partnerReferenceNo}}): a path a test gave an answer gets it (200
 * with that JSON), any other 404; a request without the internal token 401. Every request's path is recorded.
 */
public class PaymentServiceStub implements QuarkusTestResourceLifecycleManager {

    private static final Map<String, String> ANSWERS = new ConcurrentHashMap<>();
    private static final List<String> REQUESTS = new CopyOnWriteArrayList<>();
    private HttpServer server;

    /** From now on, {@code GET path} answers 200 with {@code json}. */
    public static void answer(String path, String json) {
        ANSWERS.put(path, json);
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
        REQUESTS.add(path);
        String auth = exchange.getRequestHeaders().getFirst("Authorization");
        String body;
        int status;
        if (!("Bearer " + SandboxConfigResource.INTERNAL_TOKEN).equals(auth)) {
            status = 401;
            body = "{\"responseCode\":\"4010000\",\"responseMessage\":\"Unauthorized.\"}";
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

    @Override
    public void stop() {
        if (server != null) {
            server.stop(0);
        }
    }
}

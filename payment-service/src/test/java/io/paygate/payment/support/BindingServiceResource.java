package io.paygate.payment.support;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.paygate.model.api.binding.ActiveBinding;
import io.paygate.model.api.binding.InternalBinding;
import io.paygate.model.json.Json;
import io.paygate.model.status.BindingStatus;
import io.paygate.testsupport.quarkus.SandboxConfigResource;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * binding-service's internal API as payment-service calls it, over real HTTP on a free port
 * ({@code quarkus.rest-client.bindings.url}): {@code GET /internal/bindings/{id}?merchantId=} (404 for an unknown or
 * another merchant's binding) and {@code GET /internal/bindings?merchantId&customerId} (the ACTIVE ones), with the
 * internal bearer token. Tests put bindings in it ({@link #bind}), change their state ({@link #setStatus}) or make it
 * fail ({@link #failing}).
 */
public class BindingServiceResource implements QuarkusTestResourceLifecycleManager {

    private static final Map<String, Stored> BINDINGS = new ConcurrentHashMap<>();
    private static final AtomicBoolean FAILING = new AtomicBoolean();
    private static final AtomicInteger LOOKUPS = new AtomicInteger();
    private HttpServer server;

    private record Stored(String merchantId, InternalBinding binding) {
    }

    /** A new ACTIVE binding of {@code customerId} at {@code merchantId}; returns its id. */
    public static String bind(String merchantId, String customerId, String sourceType) {
        String id = "BND" + UUID.randomUUID().toString().replace("-", "").substring(0, 20).toUpperCase();
        BINDINGS.put(id, new Stored(merchantId, new InternalBinding(id, BindingStatus.ACTIVE, customerId, sourceType,
                sourceType.substring(0, 3) + " direct debit")));
        return id;
    }

    public static void setStatus(String bindingId, BindingStatus status) {
        Stored s = BINDINGS.get(bindingId);
        BINDINGS.put(bindingId, new Stored(s.merchantId(), new InternalBinding(bindingId, status,
                s.binding().customerId(), s.binding().sourceOfFundsType(), s.binding().label())));
    }

    /** Whether every call answers 503 from now on. */
    public static void failing(boolean failing) {
        FAILING.set(failing);
    }

    /** How many single-binding look-ups were answered so far. */
    public static int lookups() {
        return LOOKUPS.get();
    }

    @Override
    public Map<String, String> start() {
        server = StandInServers.start("/internal/bindings", this::handle, null);
        return Map.of("quarkus.rest-client.bindings.url", StandInServers.url(server));
    }

    @Override
    public void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            if (FAILING.get()) {
                StandInServers.answer(exchange, 503, "{\"responseCode\":\"5030200\",\"responseMessage\":\"Service Unavailable\"}");
                return;
            }
            if (!("Bearer " + SandboxConfigResource.INTERNAL_TOKEN)
                    .equals(exchange.getRequestHeaders().getFirst("Authorization"))) {
                StandInServers.answer(exchange, 401, "{\"responseCode\":\"4010200\",\"responseMessage\":\"Unauthorized.\"}");
                return;
            }
            Map<String, String> query = query(exchange.getRequestURI().getRawQuery());
            String path = exchange.getRequestURI().getPath();
            String merchantId = query.get("merchantId");
            if (path.equals("/internal/bindings") || path.equals("/internal/bindings/")) {
                List<ActiveBinding> active = BINDINGS.values().stream()
                        .filter(s -> s.merchantId().equals(merchantId)
                                && s.binding().customerId().equals(query.get("customerId"))
                                && s.binding().status() == BindingStatus.ACTIVE)
                        .map(s -> new ActiveBinding(s.binding().bindingId(), s.binding().customerId(),
                                s.binding().sourceOfFundsType(),
                                s.binding().label()))
                        .toList();
                StandInServers.answer(exchange, 200, Json.write(new ActiveBinding.Page(active)));
                return;
            }
            LOOKUPS.incrementAndGet();
            Stored s = BINDINGS.get(path.substring("/internal/bindings/".length()));
            if (s == null || !s.merchantId().equals(merchantId)) {
                StandInServers.answer(exchange, 404, "{\"responseCode\":\"4040201\",\"responseMessage\":\"Transaction Not Found\"}");
                return;
            }
            StandInServers.answer(exchange, 200, Json.write(s.binding()));
        }
    }

    private static Map<String, String> query(String raw) {
        Map<String, String> out = new HashMap<>();
        if (raw != null) {
            for (String pair : raw.split("&")) {
                int eq = pair.indexOf('=');
                if (eq > 0) {
                    out.put(URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                            URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
                }
            }
        }
        return out;
    }
}

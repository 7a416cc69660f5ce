package io.paygate.payment.support;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.paygate.model.api.ledger.HoldReply;
import io.paygate.model.api.ledger.HoldRequest;
import io.paygate.model.json.Json;
import io.paygate.testsupport.quarkus.SandboxConfigResource;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;

/**
 * ledger-service's internal hold API as payment-service calls it, over real HTTP on a free port
 * ({@code quarkus.rest-client.ledger.url}, docs/contract.md §12): {@code PUT /internal/holds/{merchantId}/{partnerReferenceNo}}
 * with the internal bearer token. Every merchant starts with {@value #OPENING} available; a hold takes its amount and
 * a fee of {@value #FEE} (201), the same key and amount again is the same hold (200), another amount or currency 409,
 * more than available 422 with nothing taken, a body it cannot read 400. Tests read the holds asked ({@link #calls}),
 * change a hold's state ({@link #setStatus}) or make the service away ({@link #mode}).
 */
public class LedgerServiceResource implements QuarkusTestResourceLifecycleManager {

    public static final String OPENING = "1000000000.00";
    public static final String FEE = "5000.00";

    /** How the stand-in answers. */
    public enum Mode {
        /** As ledger-service does. */
        NORMAL,
        /** 503 to everything, as a ledger-service whose database is away. */
        FAILING,
        /** Holds as {@link #NORMAL} but answers only after 3 s, past payment-service's 2 s read timeout. */
        SLOW
    }

    /** One hold request as it arrived. */
    public record Call(String merchantId, String partnerReferenceNo, String body) {
    }

    private record Hold(HoldRequest request, String holdId, String status) {
    }

    private static final Map<String, BigDecimal> AVAILABLE = new ConcurrentHashMap<>();
    private static final Map<String, Hold> HOLDS = new ConcurrentHashMap<>();
    private static final List<Call> CALLS = new ArrayList<>();
    private static volatile Mode mode = Mode.NORMAL;
    private HttpServer server;

    public static void mode(Mode next) {
        mode = next;
    }

    /** Sets the merchant's available balance. */
    public static synchronized void setAvailable(String merchantId, String amount) {
        AVAILABLE.put(merchantId, new BigDecimal(amount));
    }

    public static BigDecimal available(String merchantId) {
        return AVAILABLE.getOrDefault(merchantId, new BigDecimal(OPENING));
    }

    /** Sets the state of a hold (RELEASED, DEBITED), as ledger-service's reconciliation or a final event would. */
    public static synchronized void setStatus(String merchantId, String partnerReferenceNo, String status) {
        HOLDS.computeIfPresent(merchantId + "/" + partnerReferenceNo,
                (k, h) -> new Hold(h.request(), h.holdId(), status));
    }

    /** The hold requests that arrived for this key, oldest first (refused ones too). */
    public static synchronized List<Call> calls(String merchantId, String partnerReferenceNo) {
        return CALLS.stream().filter(c -> c.merchantId().equals(merchantId)
                && c.partnerReferenceNo().equals(partnerReferenceNo)).toList();
    }

    @Override
    public Map<String, String> start() {
        server = StandInServers.start("/internal/holds/", this::handle, Executors.newFixedThreadPool(4, r -> {
            Thread t = new Thread(r, "ledger-service-stand-in");
            t.setDaemon(true);
            return t;
        }));
        return Map.of("quarkus.rest-client.ledger.url", StandInServers.url(server));
    }

    @Override
    public void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            if (mode == Mode.FAILING) {
                StandInServers.answer(exchange, 503, "{\"responseCode\":\"5031400\",\"responseMessage\":\"Service Unavailable\"}");
                return;
            }
            if (!("Bearer " + SandboxConfigResource.INTERNAL_TOKEN)
                    .equals(exchange.getRequestHeaders().getFirst("Authorization"))) {
                StandInServers.answer(exchange, 401, "{\"responseCode\":\"4011400\",\"responseMessage\":\"Unauthorized.\"}");
                return;
            }
            String[] key = exchange.getRequestURI().getPath().substring("/internal/holds/".length()).split("/");
            if (!exchange.getRequestMethod().equals("PUT") || key.length != 2) {
                StandInServers.answer(exchange, 405, "{}");
                return;
            }
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            int status;
            String reply;
            synchronized (LedgerServiceResource.class) {
                CALLS.add(new Call(key[0], key[1], body));
                HoldRequest request;
                try {
                    request = Json.read(body, HoldRequest.class);
                } catch (RuntimeException e) {
                    request = null;
                }
                if (request == null || request.amount() == null || request.currency() == null) {
                    StandInServers.answer(exchange, 400, "{\"reason\":\"BAD_REQUEST\"}");
                    return;
                }
                Hold held = HOLDS.get(key[0] + "/" + key[1]);
                if (held != null) {
                    boolean same = held.request().amount().equals(request.amount())
                            && held.request().currency().equals(request.currency());
                    status = same ? 200 : 409;
                    reply = same ? Json.write(reply(key, held)) : "{\"reason\":\"CONFLICT\"}";
                } else {
                    BigDecimal required = new BigDecimal(request.amount()).add(new BigDecimal(FEE));
                    BigDecimal available = available(key[0]);
                    if (available.compareTo(required) < 0) {
                        status = 422;
                        reply = "{\"reason\":\"INSUFFICIENT_FUNDS\",\"available\":\"" + available.toPlainString()
                                + "\",\"required\":\"" + required.toPlainString() + "\"}";
                    } else {
                        AVAILABLE.put(key[0], available.subtract(required));
                        Hold hold = new Hold(request, "HLD" + UUID.randomUUID(), "HELD");
                        HOLDS.put(key[0] + "/" + key[1], hold);
                        status = 201;
                        reply = Json.write(reply(key, hold));
                    }
                }
            }
            if (mode == Mode.SLOW) {
                sleep(); // the hold is made, its answer late
            }
            StandInServers.answer(exchange, status, reply);
        }
    }

    private static HoldReply reply(String[] key, Hold hold) {
        return new HoldReply(hold.holdId(), key[0], key[1], hold.request().referenceNo(), hold.request().amount(), FEE,
                hold.status(), available(key[0]).toPlainString());
    }

    private static void sleep() {
        try {
            Thread.sleep(3000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

package io.paygate.qa;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.paygate.model.api.notification.BulkRedeliveryRequest;
import io.paygate.model.api.notification.TestNotificationRequest;
import io.paygate.model.auth.RequestAuthenticationException;
import io.paygate.model.auth.RequestSigner;
import io.paygate.model.auth.RequestVerifier;
import io.paygate.model.json.Json;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static io.paygate.qa.SnapClientTest.reply;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The kit's calls of the notification log's search, bulk redelivery and the test notification (docs/contract.md §6)
 * against a small gateway stand-in that verifies each request's merchant signature with common-model's
 * {@link RequestVerifier} over the path and query as received, and answers as the contract says.
 */
@ExtendWith(WithoutEnvironment.class)
class NotificationSelfServiceTest {

    static final String SECRET = "qa-client-secret";

    HttpServer server;
    Paygate paygate;
    final List<String> received = new ArrayList<>();

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/pg/", this::gateway);
        server.start();
        paygate = Paygate.of(PaygateTarget.of("http://127.0.0.1:" + server.getAddress().getPort(), "qa", SECRET,
                "whsec_cWEtbm90aWZpY2F0aW9uLXNlY3JldC0xMjM0NQ=="));
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private void gateway(HttpExchange exchange) throws IOException {
        byte[] body = exchange.getRequestBody().readAllBytes();
        String target = exchange.getRequestURI().getRawPath()
                + (exchange.getRequestURI().getRawQuery() == null ? "" : "?" + exchange.getRequestURI().getRawQuery());
        String method = exchange.getRequestMethod();
        try {
            RequestVerifier.standard(Clock.systemUTC()).verify(SECRET, method, target, body,
                    exchange.getRequestHeaders().getFirst(RequestSigner.TIMESTAMP),
                    exchange.getRequestHeaders().getFirst(RequestSigner.SIGNATURE));
        } catch (RequestAuthenticationException e) {
            reply(exchange, 401, "{\"responseCode\":\"4010700\",\"responseMessage\":\"Unauthorized. bad signature\"}");
            return;
        }
        String text = new String(body, StandardCharsets.UTF_8);
        synchronized (received) {
            received.add(method + " " + target + (text.isEmpty() ? "" : " " + text));
        }
        if (method.equals("GET") && target.startsWith("/pg/notifications?")) {
            boolean second = target.contains("cursor=c1");
            reply(exchange, 200, "{\"responseCode\":\"2000000\",\"responseMessage\":\"Success\","
                    + "\"notifications\":[{\"id\":" + (second ? "\"n2\"" : "\"n1\"")
                    + ",\"type\":\"payment\",\"resourceId\":\"PC1\"}],\"nextCursor\":"
                    + (second ? "null" : "\"c1\"") + "}");
        } else if (target.equals("/pg/notifications/redeliver")) {
            if (text.contains("\"DELIVERED\"")) {
                reply(exchange, 400,
                        "{\"responseCode\":\"4000701\",\"responseMessage\":\"Invalid Field Format status\"}");
            } else {
                reply(exchange, 200, "{\"responseCode\":\"2000000\",\"responseMessage\":\"Success\",\"count\":3}");
            }
        } else if (target.equals("/pg/merchant/callbacks/test")) {
            if (!text.contains("\"url\"")) {
                reply(exchange, 400,
                        "{\"responseCode\":\"4000602\",\"responseMessage\":\"Invalid Mandatory Field url\"}");
                return;
            }
            reply(exchange, 200, "{\"responseCode\":\"2000000\",\"responseMessage\":\"Success\",\"id\":\"t1\","
                    + "\"type\":\"snap-va\",\"orderId\":\"TEST-8F2K4Q7M1X9B3D0T\",\"delivered\":false,"
                    + "\"httpStatus\":401,"
                    + "\"durationMs\":12,\"reply\":\"{\\\"error\\\":\\\"bad signature\\\"}\",\"error\":\"HTTP 401\"}");
        } else {
            reply(exchange, 404, "{\"responseCode\":\"4040700\",\"responseMessage\":\"Not Found\"}");
        }
    }

    @Test
    void searchSendsTheFiltersSignedAndFollowsTheCursor() {
        OffsetDateTime from = OffsetDateTime.of(2026, 11, 21, 0, 0, 0, 0, ZoneOffset.ofHours(7));
        ListQuery query = ListQuery.all().orderId("ORD-1").type("payment").from(from).to(from.plusDays(1));
        ListPage first = paygate.notifications().search(query);
        assertEquals("n1", first.items().getFirst().get("id"));
        assertEquals("c1", first.nextCursor());

        List<Map<String, Object>> all = paygate.notifications().searchAll(query);
        assertEquals(List.of("n1", "n2"), all.stream().map(row -> row.get("id")).toList());
        assertEquals(3, received.size());
        for (String request : received) {
            assertTrue(request.startsWith("GET /pg/notifications?"), request);
            assertTrue(request.contains("orderId=ORD-1") && request.contains("type=payment"), request);
            assertTrue(request.contains("from=2026-11-21T00%3A00%2B07%3A00"), "+ is sent encoded: " + request);
        }
        assertTrue(received.get(2).contains("cursor=c1"), received.get(2));

        assertEquals(Optional.of("n1"), paygate.notifications().newestFor("payment", "PC1"));
        assertTrue(received.getLast().contains("resourceId=PC1") && received.getLast().contains("limit=1"),
                received.getLast());
        assertEquals(200, paygate.notifications().searchReply(ListQuery.all().eventId("e1")).statusCode());
        assertTrue(received.getLast().endsWith("?eventId=e1"), received.getLast());
    }

    @Test
    void bulkRedeliverySendsTheWindowAndReturnsTheCount() {
        OffsetDateTime from = OffsetDateTime.of(2026, 11, 21, 0, 0, 0, 0, ZoneOffset.ofHours(7));
        assertEquals(3, paygate.notifications().redeliver("FAILED", "disbursement", from, from.plusDays(1)));
        assertEquals("POST /pg/notifications/redeliver " + Json.write(new BulkRedeliveryRequest("FAILED",
                "disbursement", "2026-11-21T00:00+07:00", "2026-11-22T00:00+07:00")), received.getFirst());
        assertFalse(received.getFirst().contains("\"type\":null"));

        paygate.notifications().redeliver("PENDING", null, from, from.plusDays(1));
        assertFalse(received.getLast().contains("\"type\""), "no type: every type");

        var refused = paygate.notifications().redeliverReply(new BulkRedeliveryRequest("DELIVERED", null,
                from.toString(), from.plusDays(1).toString()));
        assertEquals(400, refused.statusCode());
        assertEquals("Invalid Field Format status", refused.jsonPath().getString("responseMessage"));
        assertThrows(AssertionError.class, () -> paygate.notifications().redeliver("DELIVERED", null, from,
                from.plusDays(1)));
    }

    @Test
    void aTestNotificationReturnsWhatTheEndpointDid() {
        TestNotification sent = paygate.callbacks().sendTest("snap-va",
                "https://shop.example/v1.0/transfer-va/payment");
        assertEquals("POST /pg/merchant/callbacks/test {\"type\":\"snap-va\",\"url\":"
                + "\"https://shop.example/v1.0/transfer-va/payment\"}", received.getFirst());
        assertEquals("t1", sent.id());
        assertEquals("snap-va", sent.type());
        assertEquals("TEST-8F2K4Q7M1X9B3D0T", sent.orderId());
        assertFalse(sent.delivered());
        assertEquals(401, sent.httpStatus());
        assertEquals(12, sent.durationMs());
        assertEquals("{\"error\":\"bad signature\"}", sent.reply());
        assertEquals("HTTP 401", sent.error());

        var refused = paygate.callbacks().sendTestReply(new TestNotificationRequest("payment", null));
        assertEquals(400, refused.statusCode());
        assertEquals("{\"type\":\"payment\"}", received.getLast().substring(received.getLast().indexOf('{')),
                "no url: the registered one");
        assertThrows(AssertionError.class, () -> paygate.callbacks().sendTest("payment", null));
        assertNull(paygate.callbacks().sendTest("binding", "https://shop.example/b").raw().get("missing"));
    }
}

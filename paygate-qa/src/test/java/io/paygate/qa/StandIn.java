package io.paygate.qa;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.paygate.model.auth.RequestAuthenticationException;
import io.paygate.model.auth.RequestSigner;
import io.paygate.model.auth.RequestVerifier;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A gateway stand-in for the kit's tests: a JDK HTTP server that records every request as it arrived (method, target
 * with its raw query, headers, body) and answers what {@code routes} says.
 */
final class StandIn implements AutoCloseable {

    /** One request as received. */
    record Request(String method, String target, Headers headers, String body) {

        String header(String name) {
            return headers.getFirst(name);
        }

        /** {@code METHOD target body}, the body left out when empty. */
        String line() {
            return method + " " + target + (body.isEmpty() ? "" : " " + body);
        }

        /** Whether it carries {@code Authorization: Bearer <token>}. */
        boolean bearer(String token) {
            return ("Bearer " + token).equals(header("Authorization"));
        }

        /** Whether it is signed as merchant {@code merchantId} with {@code secret} (docs/contract.md §0). */
        boolean signedBy(String merchantId, String secret) {
            if (!merchantId.equals(header(RequestSigner.PARTNER_ID))) {
                return false;
            }
            try {
                RequestVerifier.standard(Clock.systemUTC()).verify(secret, method, target,
                        body.getBytes(StandardCharsets.UTF_8), header(RequestSigner.TIMESTAMP),
                        header(RequestSigner.SIGNATURE));
                return true;
            } catch (RequestAuthenticationException e) {
                return false;
            }
        }
    }

    /** A reply: its status and JSON body (or another content type's text), with any headers of its own. */
    record Reply(int status, String json, String contentType, Map<String, String> headers) {

        Reply(int status, String json, String contentType) {
            this(status, json, contentType, Map.of());
        }

        Reply(int status, String json) {
            this(status, json, "application/json");
        }

        /** A page (a link's). */
        static Reply html(int status, String text, Map<String, String> headers) {
            return new Reply(status, text, "text/html; charset=UTF-8", headers);
        }

        /** A CSV report (a settlement's). */
        static Reply csv(String text) {
            return new Reply(200, text, "text/csv; charset=UTF-8");
        }

        static Reply ok(String json) {
            return new Reply(200, json);
        }

        static Reply unauthorized() {
            return new Reply(401, "{\"responseCode\":\"4011200\",\"responseMessage\":\"Unauthorized. Invalid token\"}");
        }
    }

    private final HttpServer server;
    private final List<Request> received = new ArrayList<>();

    StandIn(Function<Request, Reply> routes) throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> answer(exchange, routes));
        server.start();
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** Every request so far, in order. */
    List<Request> received() {
        synchronized (received) {
            return List.copyOf(received);
        }
    }

    Request last() {
        return received().getLast();
    }

    /** The requests' {@link Request#line() lines}, in order. */
    List<String> lines() {
        return received().stream().map(Request::line).toList();
    }

    @Override
    public void close() {
        server.stop(0);
    }

    private void answer(HttpExchange exchange, Function<Request, Reply> routes) throws IOException {
        String target = exchange.getRequestURI().getRawPath()
                + (exchange.getRequestURI().getRawQuery() == null ? "" : "?" + exchange.getRequestURI().getRawQuery());
        Request request = new Request(exchange.getRequestMethod(), target, exchange.getRequestHeaders(),
                new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
        synchronized (received) {
            received.add(request);
        }
        Reply reply;
        try {
            reply = routes.apply(request);
        } catch (RuntimeException e) {
            reply = new Reply(500, "{\"responseCode\":\"5001200\",\"responseMessage\":\"" + e + "\"}");
        }
        if (reply.contentType().equals("application/json")) {
            SnapClientTest.reply(exchange, reply.status(), reply.json());
            return;
        }
        byte[] bytes = reply.json().getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", reply.contentType());
        reply.headers().forEach(exchange.getResponseHeaders()::add);
        exchange.sendResponseHeaders(reply.status(), bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }
}

package io.paygate.payment.support;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executor;

/** The JDK HTTP server under the stand-ins of the other services payment-service calls (binding-, ledger-service). */
final class StandInServers {

    private StandInServers() {
    }

    /** A server on a free loopback port answering {@code context} with {@code handler}, started. */
    static HttpServer start(String context, HttpHandler handler, Executor executor) {
        HttpServer server;
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        server.setExecutor(executor);
        server.createContext(context, handler);
        server.start();
        return server;
    }

    static String url(HttpServer server) {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** Answers {@code body} as JSON with {@code status}. */
    static void answer(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
    }
}

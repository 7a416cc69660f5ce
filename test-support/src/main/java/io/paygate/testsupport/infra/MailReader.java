package io.paygate.testsupport.infra;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What an {@link EmbeddedMailServer} received, over HTTP on 127.0.0.1 (the local stack's way to read its mail):
 * <ul>
 *   <li>{@code GET /} — plain text, every mail oldest first: its headers and its plain-text body;</li>
 *   <li>{@code GET /messages} — JSON, an array of {@code {from, to, subject, sentAt, text, html}} oldest first;</li>
 *   <li>either with {@code ?to=ADDRESS}: only the mail received for that address.</li>
 * </ul>
 */
final class MailReader implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpServer server;

    private MailReader(HttpServer server) {
        this.server = server;
    }

    static MailReader start(EmbeddedMailServer mail, int port) {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 16);
            server.createContext("/", exchange -> {
                try (exchange) {
                    answer(exchange, mail);
                }
            });
            server.start();
            return new MailReader(server);
        } catch (IOException e) {
            throw new IllegalStateException("could not serve the mail reader on port " + port + ": " + e.getMessage(),
                    e);
        }
    }

    int port() {
        return server.getAddress().getPort();
    }

    String url() {
        return "http://127.0.0.1:" + port();
    }

    private static void answer(HttpExchange exchange, EmbeddedMailServer mail) throws IOException {
        String path = exchange.getRequestURI().getPath();
        if (!"GET".equals(exchange.getRequestMethod()) || !(path.equals("/") || path.equals("/messages"))) {
            send(exchange, 404, "text/plain", "GET / (text) or GET /messages (JSON), optionally ?to=ADDRESS\n");
            return;
        }
        String to = query(exchange.getRequestURI().getRawQuery(), "to");
        List<ReceivedMail> received = to == null ? mail.received() : mail.receivedBy(to);
        if (path.equals("/messages")) {
            List<Map<String, Object>> out = new ArrayList<>();
            for (ReceivedMail m : received) {
                Map<String, Object> item = new LinkedHashMap<>();
                item.put("from", m.from());
                item.put("to", m.to());
                item.put("subject", m.subject());
                item.put("sentAt", m.sentAt() == null ? null : m.sentAt().toString());
                item.put("text", m.text());
                item.put("html", m.html());
                out.add(item);
            }
            send(exchange, 200, "application/json", JSON.writeValueAsString(out));
            return;
        }
        StringBuilder text = new StringBuilder(received.size() + " mail" + (received.size() == 1 ? "" : "s")
                + (to == null ? "" : " to " + to) + "\n");
        for (ReceivedMail m : received) {
            text.append("\n==== ").append(m.sentAt()).append('\n')
                    .append("From: ").append(m.from()).append('\n')
                    .append("To: ").append(String.join(", ", m.to())).append('\n')
                    .append("Subject: ").append(m.subject()).append("\n\n")
                    .append(m.text() == null ? "(no plain-text part)" : m.text().strip()).append('\n');
        }
        send(exchange, 200, "text/plain", text.toString());
    }

    private static String query(String raw, String name) {
        if (raw == null) {
            return null;
        }
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            if (eq > 0 && pair.substring(0, eq).equals(name)) {
                return URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            }
        }
        return null;
    }

    private static void send(HttpExchange exchange, int status, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", type + "; charset=utf-8");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}

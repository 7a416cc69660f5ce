package io.paygate.testsupport.sink;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A merchant's callback endpoint for tests: a real HTTP server on 127.0.0.1 that records every
 * request it receives and answers as told — a scripted queue of replies first, then the default
 * reply (the seed's success body unless changed).
 */
public final class MerchantSink implements AutoCloseable {

    private final HttpServer server;
    private final ExecutorService executor;
    private final List<Received> received = new ArrayList<>();
    private final Deque<Reply> script = new ArrayDeque<>();
    private Reply defaultReply = Reply.ok();

    private MerchantSink(HttpServer server, ExecutorService executor) {
        this.server = server;
        this.executor = executor;
    }

    /** Starts a sink on a free port of the loopback interface. */
    public static MerchantSink start() {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
            ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
            MerchantSink sink = new MerchantSink(server, executor);
            server.createContext("/", sink::handle);
            server.setExecutor(executor);
            server.start();
            return sink;
        } catch (IOException e) {
            throw new IllegalStateException("Could not start the merchant sink", e);
        }
    }

    public int port() {
        return server.getAddress().getPort();
    }

    /** {@code http://127.0.0.1:<port><path>}. */
    public String url(String path) {
        return "http://127.0.0.1:" + port() + (path.startsWith("/") ? path : "/" + path);
    }

    /** The reply for every request once the script is used up. */
    public synchronized MerchantSink respondWith(Reply reply) {
        this.defaultReply = reply;
        return this;
    }

    /** Replies for the next requests, in order. */
    public synchronized MerchantSink enqueue(Reply... replies) {
        script.addAll(List.of(replies));
        return this;
    }

    /** What arrived so far, in arrival order. */
    public synchronized List<Received> received() {
        return List.copyOf(received);
    }

    /** Waits until at least {@code count} requests arrived; returns them all, or fails after the timeout. */
    public synchronized List<Received> awaitReceived(int count, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (received.size() < count) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError("Expected " + count + " request(s) at the merchant sink within "
                        + timeout + ", got " + received.size());
            }
            wait(Math.max(1, left / 1_000_000));
        }
        return List.copyOf(received);
    }

    /** Forgets what arrived and the scripted replies; the default goes back to success. */
    public synchronized void reset() {
        received.clear();
        script.clear();
        defaultReply = Reply.ok();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            byte[] body;
            try (InputStream in = exchange.getRequestBody()) {
                body = in.readAllBytes();
            }
            Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
            exchange.getRequestHeaders().forEach((name, values) -> headers.put(name, List.copyOf(values)));
            Reply reply;
            synchronized (this) {
                received.add(new Received(exchange.getRequestMethod(), exchange.getRequestURI().toString(),
                        headers, new String(body, StandardCharsets.UTF_8), Instant.now()));
                reply = script.isEmpty() ? defaultReply : script.poll();
                notifyAll();
            }
            if (!reply.delay().isZero()) {
                Thread.sleep(reply.delay());
            }
            if (reply.isHangUp()) {
                return; // closing the exchange before any response header closes the connection
            }
            byte[] out = reply.body().getBytes(StandardCharsets.UTF_8);
            reply.headers().forEach((name, value) -> exchange.getResponseHeaders().add(name, value));
            exchange.sendResponseHeaders(reply.status(), out.length == 0 ? -1 : out.length);
            if (out.length > 0) {
                try (OutputStream os = exchange.getResponseBody()) {
                    os.write(out);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }

    /** One request as the sink saw it. Header names are case-insensitive. */
    public record Received(String method, String path, Map<String, List<String>> headers, String body,
                           Instant receivedAt) {
        public String header(String name) {
            List<String> values = headers.get(name);
            return values == null || values.isEmpty() ? null : values.get(0);
        }
    }

    /** How the sink answers one request. */
    public record Reply(int status, String body, Map<String, String> headers, Duration delay) {

        private static final int HANG_UP = -1;

        public static final String SUCCESS_BODY =
                "{\"responseCode\":\"2000000\",\"responseMessage\":\"Success\",\"processingTime\":1}";

        /** HTTP 200 with the seed's success reply. */
        public static Reply ok() {
            return new Reply(200, SUCCESS_BODY, Map.of("Content-Type", "application/json"), Duration.ZERO);
        }

        public static Reply status(int status, String body) {
            return new Reply(status, body, Map.of("Content-Type", "application/json"), Duration.ZERO);
        }

        public static Reply redirect(String location) {
            return new Reply(302, "", Map.of("Location", location), Duration.ZERO);
        }

        /** No answer at all: the connection is closed after the request was read (a crashed merchant). */
        public static Reply hangUp() {
            return new Reply(HANG_UP, "", Map.of(), Duration.ZERO);
        }

        /** Whether this reply closes the connection instead of answering. */
        public boolean isHangUp() {
            return status == HANG_UP;
        }

        public Reply withHeader(String name, String value) {
            Map<String, String> copy = new TreeMap<>(headers);
            copy.put(name, value);
            return new Reply(status, body, Map.copyOf(copy), delay);
        }

        public Reply after(Duration wait) {
            return new Reply(status, body, headers, wait);
        }
    }
}

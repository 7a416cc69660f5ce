package io.paygate.e2e;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Issue 31's attacks on HTTP/1.1 itself, on raw sockets (docs/contract.md §0 "Slow clients"): a request whose framing
 * a front end and the gateway could read differently, hiding a second request in its body; and heads that trickle in
 * a byte at a time.
 */
final class FramingAttacks {

    private FramingAttacks() {
    }

    /** One way of framing a body ambiguously: the headers after {@code Host} and whether the body is chunked. */
    record Variant(String name, String version, String headers, boolean chunkedBody) {

        /** The request: {@code POST target}, these headers, and a body that holds {@code hidden} after its end. */
        String around(String target, String host, String hidden) {
            String body = (chunkedBody ? "0\r\n\r\n" : "") + hidden;
            return "POST " + target + " " + version + "\r\nHost: " + host + "\r\nContent-Type: application/json\r\n"
                    + headers.replace("{length}", Integer.toString(body.length())) + "\r\n" + body;
        }
    }

    /** The variants issue 31 found accepted, and the ones around them. */
    static final List<Variant> VARIANTS = List.of(
            new Variant("Content-Length and chunked", "HTTP/1.1",
                    "Content-Length: {length}\r\nTransfer-Encoding: chunked\r\n", true),
            new Variant("Content-Length and CHUNKED", "HTTP/1.1",
                    "Content-Length: {length}\r\nTransfer-Encoding: CHUNKED\r\n", true),
            new Variant("Content-Length and chunked, identity", "HTTP/1.1",
                    "Content-Length: {length}\r\nTransfer-Encoding: chunked, identity\r\n", true),
            new Variant("Content-Length and a tab before chunked", "HTTP/1.1",
                    "Content-Length: {length}\r\nTransfer-Encoding:\tchunked\r\n", true),
            new Variant("Content-Length and two Transfer-Encoding headers", "HTTP/1.1",
                    "Content-Length: {length}\r\nTransfer-Encoding: identity\r\nTransfer-Encoding: chunked\r\n", true),
            new Variant("chunked, identity alone", "HTTP/1.1", "Transfer-Encoding: chunked, identity\r\n", true),
            new Variant("identity alone", "HTTP/1.1", "Transfer-Encoding: identity\r\n", false),
            new Variant("two Content-Length headers", "HTTP/1.1",
                    "Content-Length: 0\r\nContent-Length: {length}\r\n", false),
            new Variant("chunked in HTTP/1.0", "HTTP/1.0",
                    "Connection: keep-alive\r\nTransfer-Encoding: chunked\r\n", true));

    /**
     * Writes {@code request} at once on a fresh connection to {@code baseUrl}; everything the server sends until it
     * closes the connection. A connection still open after 10 s fails: a refused request's connection is closed.
     */
    static String exchange(String baseUrl, String request) throws IOException {
        URI base = URI.create(baseUrl);
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(base.getHost(), base.getPort()), 5_000);
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            ByteArrayOutputStream reply = new ByteArrayOutputStream();
            try {
                socket.getInputStream().transferTo(reply);
            } catch (SocketTimeoutException open) {
                throw new AssertionError("the connection is still open after: " + reply.toString(StandardCharsets.UTF_8));
            }
            return reply.toString(StandardCharsets.UTF_8);
        }
    }

    /** Connections from one address that each sent the first bytes of a request head and add a byte every second. */
    static final class Trickle implements AutoCloseable {
        final List<Held> connections = new ArrayList<>();
        private final Thread writer;
        private volatile boolean running = true;

        Trickle(String baseUrl, String fromAddress, int count) throws IOException {
            URI base = URI.create(baseUrl);
            for (int i = 0; i < count; i++) {
                Socket socket = new Socket();
                socket.bind(new InetSocketAddress(fromAddress, 0));
                socket.connect(new InetSocketAddress(base.getHost(), base.getPort()), 5_000);
                socket.getOutputStream().write("POST /pg/pay".getBytes(StandardCharsets.ISO_8859_1));
                socket.getOutputStream().flush();
                connections.add(new Held(socket, System.nanoTime()));
            }
            writer = Thread.ofPlatform().daemon().start(() -> {
                while (running) {
                    try {
                        Thread.sleep(1_000);
                    } catch (InterruptedException e) {
                        return;
                    }
                    for (Held connection : connections) {
                        connection.trickle();
                    }
                }
            });
        }

        @Override
        public void close() {
            running = false;
            writer.interrupt();
            for (Held connection : connections) {
                connection.close();
            }
        }
    }

    /** One trickling connection; its reply, once the server sent one. */
    static final class Held {
        final Socket socket;
        final long openedNanos;
        private volatile boolean dead;

        Held(Socket socket, long openedNanos) {
            this.socket = socket;
            this.openedNanos = openedNanos;
        }

        void trickle() {
            if (dead) {
                return;
            }
            try {
                OutputStream out = socket.getOutputStream();
                out.write('x');
                out.flush();
            } catch (IOException closedByServer) {
                dead = true;
            }
        }

        /** The server's reply once it closed the connection, or null when it sent nothing within {@code millis}. */
        String replyWithin(int millis) throws IOException {
            socket.setSoTimeout(millis);
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream reply = new ByteArrayOutputStream();
            try {
                int first = in.read();
                if (first < 0) {
                    return "";
                }
                reply.write(first);
                socket.setSoTimeout(5_000);
                in.transferTo(reply);
            } catch (SocketTimeoutException nothingYet) {
                if (reply.size() == 0) {
                    return null;
                }
            }
            dead = true;
            return reply.toString(StandardCharsets.UTF_8);
        }

        void close() {
            dead = true;
            try {
                socket.close();
            } catch (IOException ignored) {
                // closing
            }
        }
    }
}

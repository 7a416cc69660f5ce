package io.paygate.kit.web;

import io.paygate.testsupport.quarkus.KafkaResource;
import io.paygate.testsupport.quarkus.PostgresResource;
import io.paygate.testsupport.quarkus.SandboxConfigResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/contract.md §0 "Slow clients", the header deadline (3 s in this profile, 10 s by default): the request line and
 * headers arrive whole within {@code gateway.http.header-timeout} of the request's first byte or the request is
 * {@code 408SS00} and its connection closed, and a connection counts against the per-address bound from that first
 * byte. Issue 31: a client sending one header byte every 8 s held its connection indefinitely, and 3,000 such
 * connections from one address were not counted at all, since a request was counted only once its headers ended.
 */
@QuarkusTest
@TestProfile(SlowClientsTest.ShortDeadline.class)
@WithTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "kit_slow"))
@WithTestResource(KafkaResource.class)
@WithTestResource(SandboxConfigResource.class)
class HeaderDeadlineTest {

    static final byte[] OPEN = "GET /pg/kit/open HTTP/1.1\r\nHost: localhost\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1);

    @BeforeEach
    void warmUp() {
        // A request of its own first, so that every connection below is one the gateway accepted after it started.
        given().get("/pg/kit/open").then().statusCode(200);
    }

    @Test
    @Timeout(30)
    void headersTrickledPastTheDeadlineAreRefusedAndTheConnectionClosed() throws Exception {
        try (Socket socket = RawRequests.connect("127.0.0.101")) {
            OutputStream out = socket.getOutputStream();
            long start = System.nanoTime();
            out.write("GET /pg/kit/open HTTP/1.1\r\nHost: localhost\r\n".getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            AtomicBoolean trickling = new AtomicBoolean(true);
            Thread trickle = Thread.ofPlatform().daemon().start(() -> {
                try {
                    out.write("X-Slow: ".getBytes(StandardCharsets.ISO_8859_1));
                    while (trickling.get()) { // one byte every 400 ms: far faster than any idle timeout
                        Thread.sleep(400);
                        out.write('a');
                        out.flush();
                    }
                } catch (IOException | InterruptedException closed) {
                    // the server closed the connection
                }
            });
            RawRequests.Held connection = new RawRequests.Held(socket);
            assertFalse(connection.answered(2_000), "still within the deadline");
            assertTrue(connection.answered(6_000), "refused at the deadline although bytes kept coming");
            long millis = (System.nanoTime() - start) / 1_000_000;
            trickling.set(false);
            RawRequests.Reply reply = connection.reply();
            assertEquals(408, reply.status(), reply.text());
            assertTrue(reply.has("\"responseCode\":\"4080100\""), reply.text());
            assertTrue(reply.text().toLowerCase().contains("\r\nconnection: close\r\n"), reply.text());
            assertTrue(millis >= 2_900, "not before the deadline: " + millis + " ms");
            trickle.join(2_000);
        }
    }

    /** docs/contract.md §9: a SNAP path's late head is refused with its SNAP code (service 26 for this one). */
    @Test
    @Timeout(30)
    void aSnapPathsLateHeadersAreRefusedWithItsSnapCode() throws Exception {
        try (Socket socket = RawRequests.connect("127.0.0.104")) {
            socket.getOutputStream().write(("POST " + SlowClientsTest.SNAP_PATH + " HTTP/1.1\r\nHost: localhost\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            RawRequests.Held connection = new RawRequests.Held(socket);
            assertTrue(connection.answered(6_000), "refused at the deadline");
            RawRequests.Reply reply = connection.reply();
            assertEquals(408, reply.status(), reply.text());
            assertTrue(reply.has("\"responseCode\":\"4082600\""), reply.text());
        }
    }

    /** The deadline starts at a request's first byte: a kept-alive connection may wait, as the idle timeout allows. */
    @Test
    @Timeout(30)
    void aKeptAliveConnectionWaitingForItsNextRequestOutlivesTheHeaderDeadline() throws Exception {
        try (Socket socket = RawRequests.connect("127.0.0.102")) {
            socket.setSoTimeout(5_000);
            socket.getOutputStream().write(OPEN);
            assertTrue(readReply(socket.getInputStream()).startsWith("HTTP/1.1 200 "));
            Thread.sleep(4_500); // longer than the header deadline, far shorter than the idle timeout
            socket.getOutputStream().write(OPEN);
            assertTrue(readReply(socket.getInputStream()).startsWith("HTTP/1.1 200 "));
        }
    }

    /** The next request's first bytes sent with the end of the previous one start its deadline, not its next read. */
    @Test
    @Timeout(30)
    void aPipelinedHeadThatNeverEndsIsRefusedAtItsDeadline() throws Exception {
        try (Socket socket = RawRequests.connect("127.0.0.103")) {
            socket.setSoTimeout(5_000);
            byte[] partial = "GET /pg/kit/op".getBytes(StandardCharsets.ISO_8859_1);
            byte[] both = new byte[OPEN.length + partial.length];
            System.arraycopy(OPEN, 0, both, 0, OPEN.length);
            System.arraycopy(partial, 0, both, OPEN.length, partial.length);
            socket.getOutputStream().write(both);
            assertTrue(readReply(socket.getInputStream()).startsWith("HTTP/1.1 200 "));
            RawRequests.Held connection = new RawRequests.Held(socket);
            assertTrue(connection.answered(6_000), "the pipelined head is given up at its deadline");
            RawRequests.Reply reply = connection.reply();
            assertEquals(408, reply.status(), reply.text());
            assertTrue(reply.has("\"responseCode\":\"4080100\""), reply.text());
        }
    }

    /**
     * 100 connections from one address that each send one byte: 64 count from that byte and are held to the deadline,
     * the other 36 are refused at once, and another address is served all along.
     */
    @Test
    @Timeout(60)
    void connectionsCountAgainstTheirAddressFromTheirFirstByte() throws Exception {
        String attacker = "127.0.0.104";
        List<RawRequests.Held> connections = new ArrayList<>();
        try {
            for (int i = 0; i < 100; i++) {
                Socket socket = RawRequests.connect(attacker);
                socket.getOutputStream().write('P');
                socket.getOutputStream().flush();
                connections.add(new RawRequests.Held(socket));
            }
            // The refusals are sent at each connection's first byte; the held ones have 3 s from theirs.
            List<RawRequests.Held> held = new ArrayList<>(connections);
            int refused = 0;
            long quietSince = System.nanoTime();
            while (System.nanoTime() - quietSince < 500_000_000L) {
                for (RawRequests.Held connection : List.copyOf(held)) {
                    if (connection.answered(1)) {
                        RawRequests.Reply reply = connection.reply();
                        assertEquals(429, reply.status(), reply.text());
                        assertTrue(reply.has("\"responseCode\":\"4290100\"") && reply.has("Retry-After: "),
                                reply.text());
                        refused++;
                        held.remove(connection);
                        quietSince = System.nanoTime();
                    }
                }
                Thread.sleep(20);
            }
            assertEquals(36, refused, "one address holds at most 64 requests, counted from their first byte");
            assertEquals(64, held.size());
            long[] during = SlowClientsTest.latencies("127.0.0.105", 10);
            assertTrue(during[during.length - 1] < 3_000, "another address kept being served");
            for (RawRequests.Held connection : held) {
                assertTrue(connection.answered(5_000), "every held head is given up at its deadline");
                assertEquals(408, connection.reply().status());
            }
        } finally {
            for (RawRequests.Held connection : connections) {
                connection.close();
            }
        }
    }

    /** Empty lines before a request line start nothing, but they do not let the request that follows go uncounted. */
    @Test
    @Timeout(60)
    void emptyLinesBeforeAHeadDoNotTakeItsRequestOutOfTheCount() throws Exception {
        List<RawRequests.Held> connections = new ArrayList<>();
        try {
            for (int i = 0; i < 100; i++) {
                Socket socket = RawRequests.connect("127.0.0.106");
                socket.getOutputStream().write(("\r\n\r\nPOST " + SlowClientsTest.ECHO + " HTTP/1.1\r\nHost: localhost\r\n"
                        + "Content-Type: application/json\r\nContent-Length: 60000\r\n\r\n{")
                        .getBytes(StandardCharsets.ISO_8859_1));
                socket.getOutputStream().flush();
                connections.add(new RawRequests.Held(socket));
            }
            int refused = 0;
            for (RawRequests.Held connection : connections) {
                if (connection.answered(50)) {
                    RawRequests.Reply reply = connection.reply();
                    if (reply.status() == 429) {
                        refused++;
                    } else {
                        assertEquals(408, reply.status(), "held until the body deadline: " + reply.text());
                    }
                }
            }
            assertEquals(36, refused, "each of the 100 slow bodies counted");
        } finally {
            for (RawRequests.Held connection : connections) {
                connection.close();
            }
        }
    }

    /** One reply with a Content-Length body, read without waiting for the connection to close. */
    static String readReply(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("closed after: " + head);
            }
            head.append((char) b);
        }
        String text = head.toString();
        int at = text.toLowerCase().indexOf("content-length: ");
        int length = at < 0 ? 0 : Integer.parseInt(text.substring(at + 16, text.indexOf("\r\n", at)).strip());
        byte[] body = in.readNBytes(length);
        return text + new String(body, StandardCharsets.UTF_8);
    }
}

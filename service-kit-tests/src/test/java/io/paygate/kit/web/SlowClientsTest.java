package io.paygate.kit.web;

import io.paygate.testsupport.quarkus.KafkaResource;
import io.paygate.testsupport.quarkus.PostgresResource;
import io.paygate.testsupport.quarkus.SandboxConfigResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/contract.md §0 "Slow clients", on a body deadline of 5 s and a header deadline of 3 s (so that the tests take
 * seconds; {@link HeaderDeadlineTest} and {@link RequestFramingTest} share this profile): every body is read on the
 * event loop within the deadline and refused as soon as it passes 64 KiB, chunked or not; one address holds at most
 * 64 unfinished requests, and the ones it is refused cost its address bucket. Issue 22: 210 connections that each
 * announced 60,000 bytes and sent one byte every 10 s took payment-service away from everyone, since the
 * authentication filter read bodies on worker threads with no deadline and no per-address bound.
 */
@QuarkusTest
@TestProfile(SlowClientsTest.ShortDeadline.class)
@WithTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "kit_slow"))
@WithTestResource(KafkaResource.class)
@WithTestResource(SandboxConfigResource.class)
class SlowClientsTest {

    static final String ECHO = "/pg/kit/echo";
    /** The kit's SNAP test endpoint (SNAP service 26). */
    static final String SNAP_PATH = "/v1.0/transfer-va/status";
    static final byte[] VALID = "{\"id\":\"ord-1\",\"amount\":\"100\",\"inner\":{\"name\":\"x\"}}"
            .getBytes(StandardCharsets.UTF_8);
    static final int SLOW_BODIES = 400;
    static final int PER_ADDRESS = 64;

    public static class ShortDeadline implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            // The address bucket: 40 at once, then one token every 20 s, so a charged address stays refused.
            return Map.of("gateway.http.body-timeout", "5s", "gateway.http.header-timeout", "3s",
                    "gateway.rate-limit.address.per-second", "0.05",
                    "gateway.rate-limit.address.burst", "40");
        }
    }

    /** One signed initiation-like request from {@code client}, answered in full: its status and how long it took. */
    static long[] signedEcho(String client) throws IOException {
        long start = System.nanoTime();
        RawRequests.Reply reply = RawRequests.send(client, "POST", ECHO, RawRequests.signedAsDemo("POST", ECHO, VALID),
                VALID);
        return new long[]{reply.status(), (System.nanoTime() - start) / 1_000_000};
    }

    @Test
    @Timeout(60)
    void fourHundredSlowBodiesFromOneAddressDelayNoOneElseAndCostTheirAddress() throws Exception {
        String attacker = "127.0.0.71";
        String customer = "127.0.0.72";
        long[] before = latencies(customer, 20);

        List<RawRequests.Held> slow = new ArrayList<>();
        try {
            for (int i = 0; i < SLOW_BODIES; i++) {
                Socket socket = RawRequests.connect(attacker);
                OutputStream out = socket.getOutputStream();
                out.write(("POST " + ECHO + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                        + "Content-Length: 60000\r\n\r\n{").getBytes(StandardCharsets.ISO_8859_1));
                out.flush();
                slow.add(new RawRequests.Held(socket));
            }
            // The refusals are sent as soon as the server has read each request's headers; the held bodies have 5 s.
            List<RawRequests.Held> held = new ArrayList<>(slow);
            int refused = 0;
            long quietSince = System.nanoTime();
            while (System.nanoTime() - quietSince < 700_000_000L) {
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
                Thread.sleep(50);
            }
            assertEquals(PER_ADDRESS, held.size(), "one address holds at most 64 unfinished requests");
            assertEquals(SLOW_BODIES - PER_ADDRESS, refused);
            long[] during = latencies(customer, 20); // while the attacker's 64 bodies are held

            for (RawRequests.Held connection : held) {
                assertTrue(connection.answered(7_000), "every held body is given up at its deadline");
                RawRequests.Reply reply = connection.reply();
                assertEquals(408, reply.status(), reply.text());
                assertTrue(reply.has("\"responseCode\":\"4080100\""), reply.text());
            }

            System.out.printf("signed requests of another address, ms: before p50 %d max %d; with %d slow bodies "
                            + "held p50 %d max %d%n", before[before.length / 2], before[before.length - 1],
                    SLOW_BODIES, during[during.length / 2], during[during.length - 1]);
            // A liveness bound, not a speed figure: before issue 22 these waited for the attacker's bodies (>10 s).
            assertTrue(during[during.length - 1] < 3_000, "another client kept being answered: " + Arrays.toString(during));
        } finally {
            for (RawRequests.Held connection : slow) {
                connection.close();
            }
        }

        // The refusals were charged to the attacker's address: its next signed request is refused before its
        // credentials are checked, while the customer's address is untouched.
        RawRequests.Reply afterwards = RawRequests.send(attacker, "POST", ECHO,
                RawRequests.signedAsDemo("POST", ECHO, VALID), VALID);
        assertEquals(429, afterwards.status(), afterwards.text());
        assertEquals(200, signedEcho(customer)[0]);
    }

    /** {@code count} signed requests one after the other, each answered 200: their latencies, sorted. */
    static long[] latencies(String client, int count) throws IOException {
        long[] millis = new long[count];
        for (int i = 0; i < count; i++) {
            long[] result = signedEcho(client);
            assertEquals(200, result[0], "request " + i + " of " + client);
            millis[i] = result[1];
        }
        Arrays.sort(millis);
        return millis;
    }

    @Test
    void aChunkedBodyIsRefusedAsSoonAsItPasses64KiBOnEveryPath() throws IOException {
        for (String path : List.of(ECHO, "/pg/provider/kit/callback")) {
            try (Socket socket = RawRequests.connect("127.0.0.73")) {
                OutputStream out = socket.getOutputStream();
                out.write(("POST " + path + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                        + "Transfer-Encoding: chunked\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
                byte[] chunk = new byte[8 * 1024];
                Arrays.fill(chunk, (byte) ' ');
                for (int i = 0; i < 9; i++) { // 72 KiB, and the body is never ended
                    out.write((Integer.toHexString(chunk.length) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
                    out.write(chunk);
                    out.write("\r\n".getBytes(StandardCharsets.ISO_8859_1));
                }
                out.flush();
                RawRequests.Held connection = new RawRequests.Held(socket);
                assertTrue(connection.answered(5_000), path + ": refused without waiting for the rest");
                RawRequests.Reply reply = connection.reply();
                assertEquals(413, reply.status(), path + ": " + reply.text());
                assertTrue(reply.has("\"responseCode\":\"4130100\""), reply.text());
            }
        }
    }

    /** Every path, a SNAP one with its SNAP code (docs/contract.md §9: service 26 for this one). */
    @Test
    void aBodyThatIsNotWholeWithinTheDeadlineIsRefusedOnEveryPath() throws IOException {
        Map<String, String> codes = Map.of(ECHO, "4080100", "/pg/provider/kit/callback", "4080100",
                SNAP_PATH, "4082600");
        for (String path : codes.keySet()) {
            try (Socket socket = RawRequests.connect("127.0.0.74")) {
                OutputStream out = socket.getOutputStream();
                out.write(("POST " + path + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                        + "Content-Length: 20\r\n\r\n{\"a\":").getBytes(StandardCharsets.ISO_8859_1));
                out.flush();
                RawRequests.Held connection = new RawRequests.Held(socket);
                assertFalse(connection.answered(1_000), path + ": still waiting within the deadline");
                assertTrue(connection.answered(6_000), path + ": refused at the deadline");
                RawRequests.Reply reply = connection.reply();
                assertEquals(408, reply.status(), path + ": " + reply.text());
                assertTrue(reply.has("\"responseCode\":\"" + codes.get(path) + "\""), reply.text());
            }
        }
    }

    /** curl and others wait for {@code 100 Continue} before a larger body: it comes once, before the body is read. */
    @Test
    void aClientWaitingFor100ContinueIsToldOnce() throws IOException {
        try (Socket socket = RawRequests.connect("127.0.0.76")) {
            OutputStream out = socket.getOutputStream();
            out.write(("POST " + ECHO + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
                    + "Content-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: " + VALID.length
                    + "\r\n" + RawRequests.signedAsDemo("POST", ECHO, VALID) + "\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            RawRequests.Held connection = new RawRequests.Held(socket);
            assertTrue(connection.answered(5_000), "100 Continue before the body");
            out.write(VALID);
            out.flush();
            RawRequests.Reply reply = connection.reply();
            assertTrue(reply.text().startsWith("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK"), reply.text());
            assertEquals(1, reply.text().split("100 Continue", -1).length - 1, reply.text());
        }
    }

    @Test
    void aWholeBodyStillReachesItsEndpointByteForByte() throws IOException {
        byte[] body = ("{\"pad\":\"" + "x".repeat(60_000) + "\"}").getBytes(StandardCharsets.UTF_8);
        RawRequests.Reply reply = RawRequests.send("127.0.0.75", "POST", "/pg/provider/kit/callback", "", body);
        assertEquals(200, reply.status(), reply.text());
        assertTrue(reply.has("\"bytes\":" + body.length), reply.text());
    }
}

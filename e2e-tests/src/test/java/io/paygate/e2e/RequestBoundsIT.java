package io.paygate.e2e;

import io.paygate.testsupport.SandboxMerchants;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 22's attacks on request targets and bodies, repeated against the whole stack as {@code deploy/local/run}
 * starts it (docs/contract.md §0): a signed request replayed with a query behind a {@code ;} segment, a chunked provider
 * notification past 64 KiB, 400 slow bodies from one address while another client is served, and a flood of provider
 * notifications for unknown orders. The last two run against a payment-service started beside the stack with the
 * contract's default limits (the suite's stack lifts the rate limits for the other tests). Loopback only; the attacker
 * is 127.0.0.2, everyone else 127.0.0.1.
 */
class RequestBoundsIT {

    static final String ATTACKER = "127.0.0.2";

    /**
     * A request signed for {@code GET /pg/notifications} was accepted as {@code GET /pg/notifications;x?limit=1&…} and
     * its unsigned query used; now every such form is {@code 400SS00} before authentication, on every service.
     */
    @Test
    void aQueryBehindAMatrixSegmentIsRefusedBeforeAuthenticationOnEveryService() throws Exception {
        assertEquals(200, RawHttp.signedGet(Stack.notification(), "/pg/notifications", "/pg/notifications").status());
        for (String target : List.of("/pg/notifications;x?limit=1&status=DELIVERED", "/pg/notifications;x?limit=bogus")) {
            RawHttp.Reply replayed = RawHttp.signedGet(Stack.notification(), target, "/pg/notifications");
            assertEquals(400, replayed.status(), replayed.text());
            assertTrue(replayed.text().contains("\"responseCode\":\"4000700\""), replayed.text());
            assertFalse(replayed.text().contains("Invalid Field Format limit"), "the query was never read");
            assertEquals(400, RawHttp.signedGet(Stack.notification(), target, target).status(),
                    "the same target signed as sent");
        }
        for (String target : List.of("/pg/notifications/..%2Fnotifications", "/pg//notifications",
                "/pg/./notifications", "/pg/notifications%3Bx")) {
            assertEquals(400, RawHttp.signedGet(Stack.notification(), target, target).status(), target);
        }
        String status = "/pg/payment/card/status/ORD-1;x";
        RawHttp.Reply payment = RawHttp.signedGet(Stack.payment(), status, status);
        assertEquals(400, payment.status(), payment.text());
        assertTrue(payment.text().contains("\"responseCode\":\"4000300\""), payment.text());
        String binding = "/pg/payment/card/directdebit/bind/bnd_1;x";
        assertEquals(400, RawHttp.signedGet(Stack.binding(), binding, binding).status());
        assertEquals(401, RawHttp.signedGet(Stack.notification(), "/pg/notifications?limit=1", "/pg/notifications")
                .status(), "a query the signature does not cover");
    }

    /** A chunked body to Midtrans's notification path was read up to the 1 MB transport limit. */
    @Test
    void aChunkedProviderNotificationIsRefusedAsSoonAsItPasses64KiB() throws Exception {
        URI base = URI.create(Stack.payment());
        try (Socket socket = new Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(("POST /pg/provider/midtrans/notification HTTP/1.1\r\nHost: localhost\r\n"
                    + "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            byte[] chunk = new byte[16 * 1024];
            Arrays.fill(chunk, (byte) ' ');
            for (int i = 0; i < 5; i++) { // 80 KiB, never ended
                out.write((Integer.toHexString(chunk.length) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
                out.write(chunk);
                out.write("\r\n".getBytes(StandardCharsets.ISO_8859_1));
            }
            out.flush();
            String reply = readAll(socket.getInputStream());
            assertTrue(reply.startsWith("HTTP/1.1 413"), reply);
            assertTrue(reply.contains("\"responseCode\":\"4130800\""), reply);
        }
    }

    /**
     * 400 connections from one address, each announcing a 60,000-byte body and sending one byte, against a
     * payment-service with the contract's defaults: at most 64 are held (each until its 10 s body deadline, then
     * {@code 408}), the others are refused at once with {@code 429} and charged to the address; meanwhile another
     * client's hosted page and signed status queries keep being answered. Then 300 notifications for unknown orders
     * from one address are rate limited instead of all being answered 404.
     */
    @Test
    @Timeout(value = 4, unit = TimeUnit.MINUTES)
    void slowBodiesAndUnknownOrderFloodsFromOneAddressDelayNoOneElse() throws Exception {
        try (ExtraService payments = ExtraService.start("payment-service", "payment",
                "gateway.sandbox.allowed-in-production=true", "gateway.callbacks.allow-local=true")
                .awaitReady(Duration.ofSeconds(120))) {
            String base = payments.baseUrl();
            Merchant.Payment payment = initiate(base);
            long[] before = customer(base, payment, 10);

            List<Socket> slow = new ArrayList<>();
            try {
                URI uri = URI.create(base);
                for (int i = 0; i < 400; i++) {
                    Socket socket = new Socket();
                    socket.bind(new InetSocketAddress(ATTACKER, 0));
                    socket.connect(new InetSocketAddress("127.0.0.1", uri.getPort()), 5_000);
                    socket.getOutputStream().write(("POST /pg/payment/card/initiate HTTP/1.1\r\nHost: localhost\r\n"
                            + "Content-Type: application/json\r\nContent-Length: 60000\r\n\r\n{")
                            .getBytes(StandardCharsets.ISO_8859_1));
                    slow.add(socket);
                }
                long[] during = customer(base, payment, 20);
                System.out.printf("RequestBoundsIT: the customer's page and status query, ms: before p50 %d max %d; "
                                + "with 400 slow bodies p50 %d max %d%n", before[before.length / 2],
                        before[before.length - 1], during[during.length / 2], during[during.length - 1]);
                // A liveness bound: before issue 22 these timed out (10 s) for as long as the bodies were held. Not a
                // speed figure: the suite's other lane starts and loads stacks of its own beside this one (3.3 s seen).
                assertTrue(during[during.length - 1] < 5_000, Arrays.toString(during));

                int refused = 0;
                int timedOut = 0;
                for (Socket socket : slow) {
                    socket.setSoTimeout(15_000);
                    String reply = readAll(socket.getInputStream());
                    if (reply.startsWith("HTTP/1.1 429")) {
                        assertTrue(reply.contains("\"responseCode\":\"4290100\"") && reply.contains("Retry-After"),
                                reply);
                        refused++;
                    } else {
                        assertTrue(reply.startsWith("HTTP/1.1 408"), reply);
                        assertTrue(reply.contains("\"responseCode\":\"4080100\""), reply);
                        timedOut++;
                    }
                }
                assertEquals(64, timedOut, "held until the body deadline: at most 64 per address");
                assertEquals(336, refused);
            } finally {
                for (Socket socket : slow) {
                    socket.close();
                }
            }

            // 300 notifications for unknown orders at once from one address: over its burst of 40 they are 429.
            String unknown = "{\"order_id\":\"CHGNOSUCHCHARGE0000000000\",\"status_code\":\"200\",\"gross_amount\":"
                    + "\"150000.00\",\"signature_key\":\"00\",\"transaction_status\":\"settlement\"}";
            List<Integer> statuses = new ArrayList<>();
            long started = System.nanoTime();
            try (ExecutorService pool = Executors.newFixedThreadPool(16)) {
                List<Future<Integer>> replies = new ArrayList<>();
                for (int i = 0; i < 300; i++) {
                    replies.add(pool.submit(() -> postJson(base, "127.0.0.3", "/pg/provider/midtrans/notification",
                            unknown)));
                }
                for (Future<Integer> reply : replies) {
                    statuses.add(reply.get(60, TimeUnit.SECONDS));
                }
            }
            double seconds = (System.nanoTime() - started) / 1e9;
            long notFound = statuses.stream().filter(s -> s == 404).count();
            long limited = statuses.stream().filter(s -> s == 429).count();
            assertEquals(300, notFound + limited, statuses.toString());
            assertTrue(limited > 0 && notFound <= 40 + 20 * seconds + 10, notFound + " answered in " + seconds + " s");
        }
    }

    private static Merchant.Payment initiate(String base) {
        String orderId = Merchant.newId("ORD");
        String redirect = Merchant.api(base).body("""
                {"order":{"id":"%s","amount":"150000.00","description":"Coffee"},"customer":{"email":"budi@example.com",\
                "firstName":"Budi","lastName":"Santoso","mobilePhone":"+6281234567890"},\
                "url":{"callbackUrl":"http://127.0.0.1:9/callbacks/payment"}}""".formatted(orderId))
                .post("/pg/payment/card/initiate").then().statusCode(200).extract().path("redirecturl");
        return new Merchant.Payment(orderId, redirect.substring(redirect.lastIndexOf('/') + 1), redirect);
    }

    /** The customer's page and the merchant's status query, {@code rounds} times each: latencies in ms, sorted. */
    private static long[] customer(String base, Merchant.Payment payment, int rounds) throws Exception {
        long[] millis = new long[rounds * 2];
        for (int i = 0; i < rounds; i++) {
            millis[2 * i] = timed(() -> RawHttp.get(base, "/pg/pay/" + payment.paymentCode(), null), 200);
            String status = "/pg/payment/card/status/" + payment.orderId();
            millis[2 * i + 1] = timed(() -> RawHttp.signedGet(base, status, status), 200);
        }
        Arrays.sort(millis);
        return millis;
    }

    private static long timed(Callable<RawHttp.Reply> request, int expected) throws Exception {
        long start = System.nanoTime();
        RawHttp.Reply reply = request.call();
        assertEquals(expected, reply.status(), reply.text());
        return (System.nanoTime() - start) / 1_000_000;
    }

    private static int postJson(String base, String from, String path, String json) throws IOException {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        return RawHttp.raw(base, from, "POST " + path + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
                + "Content-Type: application/json\r\nContent-Length: " + body.length + "\r\n\r\n", body).status();
    }

    private static String readAll(InputStream in) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        byte[] buffer = new byte[4096];
        try {
            for (int n; (n = in.read(buffer)) >= 0; ) {
                bytes.write(buffer, 0, n);
            }
        } catch (SocketTimeoutException e) {
            if (bytes.size() == 0) {
                throw e;
            }
        }
        return bytes.toString(StandardCharsets.ISO_8859_1);
    }
}

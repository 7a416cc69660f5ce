package io.paygate.e2e;

import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.rest.MerchantSigningFilter;
import io.paygate.testsupport.sink.MerchantSink;
import io.paygate.testsupport.sink.MerchantSink.Reply;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One merchant's endpoints misbehave (issue 8): one answers after 20 s, one drops the connection without a reply,
 * one answers bytes that are not HTTP. Their notifications are retried on the schedule and end FAILED after the last
 * attempt, and meanwhile another merchant's notifications arrive as fast as ever: a merchant holds at most
 * {@code per-merchant-concurrency} of the delivery slots, so its backlog cannot take the others'.
 */
class BrokenMerchantIT {

    /** More slow notifications than the stack has delivery slots (8), so that alone they could hold every slot. */
    private static final int SLOW = 9;
    private static final int PER_FAST_FAILING_ENDPOINT = 3;
    private static final int HEALTHY_PAYMENTS = 6;
    /** The e2e stack's schedule: 1 s, 1 s, 2 s, so four attempts. */
    private static final List<Duration> DELAYS = List.of(Duration.ofSeconds(1), Duration.ofSeconds(1), Duration.ofSeconds(2));

    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void aBrokenMerchantIsRetriedOnScheduleAndDelaysNoOtherMerchant() throws Exception {
        Shop broken = Shop.of(SandboxMerchants.DEMO);
        Shop healthy = Shop.of(SandboxMerchants.DEMO2);
        try (MerchantSink slow = MerchantSink.start(); MerchantSink hangsUp = MerchantSink.start();
             GarbageSink garbage = GarbageSink.start(); MerchantSink fine = MerchantSink.start()) {
            slow.respondWith(Reply.ok().after(Duration.ofSeconds(20)));
            hangsUp.respondWith(Reply.hangUp());

            List<Shop.Payment> brokenPayments = new ArrayList<>();
            List<String> urls = new ArrayList<>();
            for (int i = 0; i < SLOW; i++) {
                urls.add(slow.url("/slow"));
            }
            for (int i = 0; i < PER_FAST_FAILING_ENDPOINT; i++) {
                urls.add(hangsUp.url("/reset"));
                urls.add(garbage.url("/garbage"));
            }
            for (String url : urls) {
                Shop.Payment payment = broken.initiate(url);
                Shop.payByCard(payment);
                brokenPayments.add(payment);
            }
            // The broken merchant's first attempts are under way: the slow ones hold their slots for the whole timeout.
            slow.awaitReceived(1, Duration.ofSeconds(60));

            Map<String, Instant> paidAt = new java.util.HashMap<>();
            for (int i = 0; i < HEALTHY_PAYMENTS; i++) {
                Shop.Payment payment = healthy.initiate(fine.url("/fine"));
                Shop.payByCard(payment);
                paidAt.put(payment.orderId(), Instant.now());
            }
            List<MerchantSink.Received> delivered = fine.awaitReceived(HEALTHY_PAYMENTS, Duration.ofSeconds(60));
            List<Duration> healthyLatency = delivered.stream().map(r -> Duration.between(
                    paidAt.get(JsonPath.from(r.body()).getString("order.id")), r.receivedAt())).sorted().toList();
            // A healthy merchant stuck behind the broken one would wait at least one attempt timeout (5 s here,
            // the slow endpoint takes 20 s); without it a notification takes well under a second.
            Duration worst = healthyLatency.getLast();
            assertTrue(worst.compareTo(Duration.ofSeconds(5)) < 0, "healthy merchant's notifications took " + healthyLatency);

            String notifications = Stack.notification();
            // Every broken notification: four attempts on the schedule, then FAILED, under one webhook-id.
            await().atMost(Duration.ofSeconds(150)).pollInterval(Duration.ofSeconds(1)).until(() ->
                    brokenPayments.stream().allMatch(p -> "FAILED".equals(notificationOf(p, slow, hangsUp, garbage, notifications)
                            .map(detail -> detail.getString("status")).orElse(null))));
            for (Shop.Payment payment : brokenPayments) {
                JsonPath detail = notificationOf(payment, slow, hangsUp, garbage, notifications).orElseThrow();
                assertEquals(DELAYS.size() + 1, detail.getInt("attempts"), detail.prettify());
                List<Instant> at = detail.getList("attemptLog.attemptedAt", String.class).stream().map(Instant::parse).toList();
                for (int i = 1; i < at.size(); i++) {
                    Duration gap = Duration.between(at.get(i - 1), at.get(i));
                    // The next attempt is due delay ±20 % after the previous one ended; it starts no earlier.
                    assertTrue(gap.compareTo(DELAYS.get(i - 1).multipliedBy(8).dividedBy(10)) >= 0,
                            "attempt " + (i + 1) + " came " + gap + " after the previous one: " + detail.prettify());
                }
                assertTrue(detail.getList("attemptLog.error", String.class).stream().allMatch(e -> e != null && !e.isBlank()),
                        "each failed attempt says why: " + detail.prettify());
            }
            assertEquals(PER_FAST_FAILING_ENDPOINT * (DELAYS.size() + 1), garbage.connections(), "attempts at the garbage endpoint");
            assertEquals(PER_FAST_FAILING_ENDPOINT * (DELAYS.size() + 1), hangsUp.received().size(),
                    "attempts at the endpoint that hangs up");
            assertEquals(SLOW * (DELAYS.size() + 1), slow.received().size(), "attempts at the slow endpoint");
            System.out.printf("broken merchant: %d notifications FAILED after %d attempts each; the healthy merchant's %d "
                    + "arrived in %s (worst)%n", brokenPayments.size(), DELAYS.size() + 1, HEALTHY_PAYMENTS, worst);
        }
    }

    /** The broken merchant's notification for a payment, found by the webhook-id its endpoint saw. */
    private static java.util.Optional<JsonPath> notificationOf(Shop.Payment payment, MerchantSink slow,
                                                              MerchantSink hangsUp, GarbageSink garbage,
                                                              String notifications) {
        String id = webhookIds(slow, payment).or(() -> webhookIds(hangsUp, payment))
                .or(() -> garbage.webhookIdFor(payment.orderId())).orElse(null);
        if (id == null) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(given().baseUri(notifications)
                .filter(MerchantSigningFilter.as(SandboxMerchants.DEMO)).get("/pg/notifications/" + id)
                .then().statusCode(200).extract().jsonPath());
    }

    private static java.util.Optional<String> webhookIds(MerchantSink sink, Shop.Payment payment) {
        return sink.received().stream().filter(r -> r.body().contains(payment.orderId()))
                .map(r -> r.header("webhook-id")).findFirst();
    }

    /** An endpoint that reads the request and answers bytes that are not HTTP, then closes. */
    static final class GarbageSink implements AutoCloseable {
        private static final Pattern WEBHOOK_ID = Pattern.compile("(?im)^webhook-id:\\s*(\\S+)");
        private final ServerSocket server;
        private final List<String> requests = Collections.synchronizedList(new ArrayList<>());

        private GarbageSink(ServerSocket server) {
            this.server = server;
        }

        static GarbageSink start() throws IOException {
            GarbageSink sink = new GarbageSink(new ServerSocket(0, 64, InetAddress.getLoopbackAddress()));
            Thread.ofVirtual().start(sink::accept);
            return sink;
        }

        String url(String path) {
            return "http://127.0.0.1:" + server.getLocalPort() + path;
        }

        int connections() {
            return requests.size();
        }

        java.util.Optional<String> webhookIdFor(String orderId) {
            synchronized (requests) {
                return requests.stream().filter(r -> r.contains(orderId)).map(WEBHOOK_ID::matcher)
                        .filter(Matcher::find).map(m -> m.group(1)).findFirst();
            }
        }

        private void accept() {
            while (!server.isClosed()) {
                try {
                    Socket socket = server.accept();
                    Thread.ofVirtual().start(() -> answerGarbage(socket));
                } catch (IOException closed) {
                    return;
                }
            }
        }

        private void answerGarbage(Socket socket) {
            try (socket; InputStream in = socket.getInputStream(); OutputStream out = socket.getOutputStream()) {
                socket.setSoTimeout(2_000);
                StringBuilder request = new StringBuilder();
                byte[] buffer = new byte[8192];
                int n;
                // Headers, then the body: the notification is a small JSON object that ends with '}'.
                while ((n = in.read(buffer)) > 0) {
                    request.append(new String(buffer, 0, n, StandardCharsets.UTF_8));
                    if (request.indexOf("\r\n\r\n") > 0 && request.toString().stripTrailing().endsWith("}")) {
                        break;
                    }
                }
                requests.add(request.toString());
                out.write("\u0000\u00ff garbage, not HTTP \r\n\r\n{{{".getBytes(StandardCharsets.ISO_8859_1));
                out.flush();
            } catch (IOException e) {
                // the gateway gave up first: fine
            }
        }

        @Override
        public void close() throws IOException {
            server.close();
        }
    }
}

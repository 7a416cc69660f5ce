package io.paygate.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.local.LocalStack;
import io.paygate.testsupport.net.Listeners;
import io.paygate.testsupport.sink.MerchantSink;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code deploy/local/run --replicas 2} (docs/contract.md §8): two processes of every service on one database and broker,
 * replica 1 of each on its port + 10, each ready on its own management port; a payment initiated at one replica
 * links to the first one's public address and is paid there, and the merchant hears of it once although two
 * notification-service processes consume; request smuggling and a header slowloris against both replicas on raw
 * sockets (issue 31); one replica killed and restarted while the other serves; and stopping the stack ends every
 * process. Its own stack, on ports 18281–18293 (beside the suite's 18081 and SecuredKafkaIT's 18181).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 6, unit = TimeUnit.MINUTES)
@OwnStack
class ReplicasLaunchIT {

    static final int REPLICAS = 2;
    static final int PORT_OFFSET = Stack.PORT_OFFSET + 200;
    static final Map<String, Integer> CONTRACT_PORTS = Map.of(
            "payment-service", 8081, "binding-service", 8082, "notification-service", 8083);
    static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    static LocalStack stack;
    static MerchantSink sink;

    @BeforeAll
    static void launch() throws Exception {
        Path root = Path.of(System.getProperty("paygate.home", "..")).toAbsolutePath().normalize();
        long t0 = System.nanoTime();
        stack = LocalStack.launch(LocalStack.Options.forTests(root, PORT_OFFSET, List.of(
                "gateway.notification.retry.delays=1s,1s,2s")).withReplicas(REPLICAS));
        System.out.printf("ReplicasLaunchIT: %d processes ready in %.1f s%n",
                ReplicatedStack.SERVICES.size() * REPLICAS, (System.nanoTime() - t0) / 1e9);
        sink = MerchantSink.start();
    }

    @AfterAll
    static void stop() {
        if (sink != null) {
            sink.close();
        }
        if (stack != null) {
            stack.stop();
        }
    }

    @Test
    @Order(1)
    void everyReplicaOfEveryServiceIsReadyOnItsOwnPortPlusAThousand() throws Exception {
        assertEquals(REPLICAS, stack.replicas());
        for (Map.Entry<String, Integer> service : CONTRACT_PORTS.entrySet()) {
            for (int k = 0; k < REPLICAS; k++) {
                int port = service.getValue() + PORT_OFFSET + 10 * k;
                assertEquals("http://localhost:" + port, stack.baseUrl(service.getKey(), k));
                assertEquals("http://localhost:" + (port + 1000), stack.managementUrl(service.getKey(), k));
                given().baseUri(stack.managementUrl(service.getKey(), k)).get("/q/health/ready").then()
                        .statusCode(200).body("status", equalTo("UP"));
                String log = k == 0 ? service.getKey() + ".log" : service.getKey() + "-" + k + ".log";
                assertEquals(stack.runDir().resolve("logs").resolve(log), stack.log(service.getKey(), k));
                assertTrue(Files.size(stack.log(service.getKey(), k)) > 0, log + " is written");
            }
        }
        assertEquals(stack.baseUrl("payment-service", 0), stack.baseUrl("payment-service"));
    }

    /**
     * Issue 31: the API and management ports listened on every interface (the sandbox, the published ops token,
     * {@code /q/metrics}). Every port of every replica, PostgreSQL, the broker and whatever this JVM listens on for it
     * now answers on loopback and nowhere else.
     */
    @Test
    @Order(2)
    void everyPortOfTheStackListensOnLoopbackOnly() throws Exception {
        List<Integer> ports = new java.util.ArrayList<>();
        for (int port : CONTRACT_PORTS.values()) {
            for (int k = 0; k < REPLICAS; k++) {
                ports.add(port + PORT_OFFSET + 10 * k);
                ports.add(port + PORT_OFFSET + 10 * k + 1000);
            }
        }
        ports.add(stack.postgres().port());
        String kafka = stack.kafkaBootstrapServers();
        ports.add(Integer.parseInt(kafka.substring(kafka.lastIndexOf(':') + 1)));
        java.net.InetAddress loopback = java.net.InetAddress.getLoopbackAddress();
        for (int port : ports) {
            assertTrue(Listeners.accepts(loopback, port), "nothing on 127.0.0.1:" + port);
        }
        for (String socket : Listeners.listeningSocketsOfThisJvm()) {
            assertTrue(Listeners.isLoopback(socket), "this JVM listens beyond loopback on " + socket);
        }
        java.util.Optional<java.net.InetAddress> outside = Listeners.nonLoopbackAddress();
        org.junit.jupiter.api.Assumptions.assumeTrue(outside.isPresent(), "this machine has no address but loopback");
        for (int port : ports) {
            assertFalse(Listeners.accepts(outside.get(), port), "port " + port + " answers on " + outside.get());
        }
    }

    /** Issue 31: no replica may be told to call back another replica's (or its own) API or management port. */
    @Test
    @Order(2)
    void noReplicaTakesAnyReplicasPortForACallback() throws Exception {
        int i = 0;
        for (int port : CONTRACT_PORTS.values()) {
            for (int k = 0; k < REPLICAS; k++) {
                for (int own : new int[] {port + PORT_OFFSET + 10 * k, port + PORT_OFFSET + 10 * k + 1000}) {
                    String url = "http://127.0.0.1:" + own + "/q/metrics";
                    String orderId = Merchant.newId("ORD");
                    Merchant.api(stack.baseUrl("payment-service", i % REPLICAS)).body("""
                            {"order":{"id":"%s","amount":"1000.00"},"customer":{"email":"budi@example.com",\
                            "firstName":"Budi","lastName":"Santoso","mobilePhone":"+6281234567890"},\
                            "url":{"callbackUrl":"%s"}}""".formatted(orderId, url))
                            .post("/pg/payment/card/initiate").then().statusCode(400)
                            .body("responseMessage", equalTo("Invalid Field Format url.callbackUrl"));
                    Merchant.api(stack.baseUrl("notification-service", (i + 1) % REPLICAS))
                            .body("{\"disbursementCallbackUrl\":\"" + url + "\"}").put("/pg/merchant/callbacks")
                            .then().statusCode(400)
                            .body("responseMessage", equalTo("Invalid Field Format disbursementCallbackUrl"));
                    i++;
                }
            }
        }
        Merchant.api(stack.baseUrl("notification-service", 1)).body("{\"disbursementCallbackUrl\":\""
                + sink.url("/d") + "\"}").put("/pg/merchant/callbacks").then().statusCode(200);
    }

    @Test
    @Order(2)
    void aPaymentInitiatedAtTheSecondReplicaIsPaidThroughTheFirstAndNotifiedOnce() throws Exception {
        String orderId = Merchant.newId("ORD");
        String redirect = Merchant.api(stack.baseUrl("payment-service", 1)).body("""
                {"order":{"id":"%s","amount":"150000.00","description":"Coffee beans 1 kg"},"customer":{"id":"CUST-REP",\
                "email":"budi@example.com","firstName":"Budi","lastName":"Santoso","mobilePhone":"+6281234567890"},\
                "url":{"callbackUrl":"%s"}}""".formatted(orderId, sink.url(Merchant.PAYMENTS)))
                .post("/pg/payment/card/initiate").then().statusCode(200).extract().path("redirecturl");
        assertTrue(redirect.startsWith(stack.baseUrl("payment-service") + "/pg/pay/"), redirect);
        String paymentCode = redirect.substring(redirect.lastIndexOf('/') + 1);

        given().baseUri(stack.baseUrl("payment-service", 0)).redirects().follow(false)
                .contentType("application/x-www-form-urlencoded")
                .formParams(Map.of("cardNumber", "4111111111111111", "expiryMonth", "12", "expiryYear", "2031",
                        "cvv", "123", "cardholderName", "Budi Santoso"))
                .post("/pg/pay/" + paymentCode + "/card").then().statusCode(303);

        JsonNode notification = Merchant.awaitOnlyPaymentNotification(sink,
                new Merchant.Payment(orderId, paymentCode, redirect));
        assertEquals("CAPTURED", notification.path("result").path("payment").path("status").asText());
        Merchant.api(stack.baseUrl("payment-service", 1)).get("/pg/payment/card/status/" + orderId).then()
                .statusCode(200).body("result.payment.status", equalTo("CAPTURED"));
    }

    /**
     * docs/contract.md §0 (RFC 9112 §6.1), issue 31: a request framed both by length and by chunks (and the variants
     * around it) is refused {@code 400SS00} by either replica and its connection closed, so the signed initiation a
     * front end framing by length would have passed as the first request's body never becomes a second request.
     */
    @Test
    @Order(3)
    void ambiguouslyFramedRequestsAreRefusedAndWhatTheyHideNeverRuns() throws Exception {
        List<String> hiddenOrders = new ArrayList<>();
        for (int i = 0; i < FramingAttacks.VARIANTS.size(); i++) {
            FramingAttacks.Variant variant = FramingAttacks.VARIANTS.get(i);
            String base = stack.baseUrl("payment-service", i % REPLICAS);
            String orderId = Merchant.newId("SMUGGLED");
            hiddenOrders.add(orderId);
            String hidden = hiddenInitiation(base, orderId);
            String reply = FramingAttacks.exchange(base, variant.around("/pg/payment/card/initiate",
                    URI.create(base).getAuthority(), hidden));

            assertTrue(reply.startsWith("HTTP/1.1 400 "), variant.name() + ": " + reply);
            assertTrue(reply.contains("\"responseCode\":\"4000100\""), variant.name() + ": " + reply);
            assertEquals(1, reply.split("HTTP/1\\.[01] ", -1).length - 1, variant.name() + ": one reply: " + reply);
        }
        for (String service : List.of("binding-service", "notification-service")) { // the same guard in every service
            for (int k = 0; k < REPLICAS; k++) {
                String base = stack.baseUrl(service, k);
                String reply = FramingAttacks.exchange(base, FramingAttacks.VARIANTS.get(0).around("/pg/anything",
                        URI.create(base).getAuthority(), "GET / HTTP/1.1\r\nHost: localhost\r\n\r\n"));
                assertTrue(reply.startsWith("HTTP/1.1 400 ") && reply.contains("\"responseCode\":\"400"),
                        service + " " + k + ": " + reply);
                assertEquals(1, reply.split("HTTP/1\\.[01] ", -1).length - 1, service + ": one reply: " + reply);
            }
        }
        for (String orderId : hiddenOrders) {
            for (int k = 0; k < REPLICAS; k++) {
                Merchant.api(stack.baseUrl("payment-service", k)).get("/pg/payment/card/status/" + orderId).then()
                        .statusCode(404);
            }
        }
    }

    /**
     * docs/contract.md §0 "Slow clients", issue 31: at each replica, 100 connections from one address that send the
     * start of a request head and then one byte a second. 64 count from their first byte and are closed with
     * {@code 408SS00} at the header deadline (10 s) although their bytes keep coming; the other 36 are refused
     * {@code 429SS00} at once; and a merchant from another address is answered all along.
     */
    @Test
    @Order(4)
    void aSlowlorisIsCountedFromItsFirstByteAndClosedAtTheHeaderDeadline() throws Exception {
        List<FramingAttacks.Trickle> trickles = new ArrayList<>();
        try {
            for (int k = 0; k < REPLICAS; k++) {
                trickles.add(new FramingAttacks.Trickle(stack.baseUrl("payment-service", k), "127.0.0.31", 100));
            }
            Thread.sleep(1_500); // the refusals are sent at each connection's first byte
            List<FramingAttacks.Held> held = new ArrayList<>();
            for (FramingAttacks.Trickle trickle : trickles) {
                int refused = 0;
                for (FramingAttacks.Held connection : trickle.connections) {
                    String reply = connection.replyWithin(1);
                    if (reply == null) {
                        held.add(connection);
                    } else {
                        assertTrue(reply.startsWith("HTTP/1.1 429 ") && reply.contains("\"responseCode\":\"4290100\""),
                                reply);
                        refused++;
                    }
                }
                assertEquals(36, refused, "refused at their first byte, beyond the address's 64");
            }
            assertEquals(64 * REPLICAS, held.size());

            for (int k = 0; k < REPLICAS; k++) { // another address, while the 128 heads are held
                long start = System.nanoTime();
                Merchant.api(stack.baseUrl("payment-service", k)).get("/pg/payment/card/status/NONE-" + k).then()
                        .statusCode(404);
                assertTrue(System.nanoTime() - start < 3_000_000_000L, "replica " + k + " kept answering");
            }

            for (FramingAttacks.Held connection : held) {
                String reply = connection.replyWithin(15_000);
                long seconds = (System.nanoTime() - connection.openedNanos) / 1_000_000_000L;
                assertTrue(reply != null && reply.startsWith("HTTP/1.1 408 ")
                        && reply.contains("\"responseCode\":\"4080100\""), "after " + seconds + " s: " + reply);
                assertTrue(seconds >= 9 && seconds <= 16, "closed at the 10 s header deadline, not " + seconds + " s");
            }
        } finally {
            trickles.forEach(FramingAttacks.Trickle::close);
        }
    }

    /** A signed initiation of {@code orderId} as its bytes would follow another request on the same connection. */
    private static String hiddenInitiation(String base, String orderId) {
        String body = """
                {"order":{"id":"%s","amount":"150000.00","description":"Smuggled"},"customer":{"id":"CUST-SMUG",\
                "email":"budi@example.com","firstName":"Budi","lastName":"Santoso","mobilePhone":"+6281234567890"},\
                "url":{"callbackUrl":"%s"}}""".formatted(orderId, sink.url(Merchant.PAYMENTS));
        StringBuilder head = new StringBuilder("POST /pg/payment/card/initiate HTTP/1.1\r\nHost: "
                + URI.create(base).getAuthority() + "\r\nContent-Type: application/json\r\nContent-Length: "
                + body.getBytes(StandardCharsets.UTF_8).length + "\r\n");
        RawHttp.signedAsDemo("POST", "/pg/payment/card/initiate", body).forEach(h -> head.append(h).append("\r\n"));
        return head.append("\r\n").append(body).toString();
    }

    @Test
    @Order(5)
    void aKilledReplicaComesBackWhileTheOtherKeepsServing() throws Exception {
        stack.kill("payment-service", 1);

        assertFalse(answers(stack.managementUrl("payment-service", 1) + "/q/health/ready"));
        assertEquals(200, status(stack.managementUrl("payment-service", 0) + "/q/health/ready"));

        stack.restart("payment-service", 1);
        assertEquals(200, status(stack.managementUrl("payment-service", 1) + "/q/health/ready"));
    }

    @Test
    @Order(6)
    void stoppingTheStackEndsEveryReplica() {
        stack.stop();

        for (String service : CONTRACT_PORTS.keySet()) {
            for (int k = 0; k < REPLICAS; k++) {
                assertFalse(answers(stack.baseUrl(service, k) + "/"), service + " replica " + k + " still answers");
                assertFalse(answers(stack.managementUrl(service, k) + "/q/health/live"),
                        service + " replica " + k + "'s management port still answers");
            }
        }
    }

    /** Whether anything accepts a connection and answers at {@code url}; await() absorbs a closing socket's last reply. */
    private static boolean answers(String url) {
        try {
            await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(200)).until(() -> {
                try {
                    status(url);
                    return false;
                } catch (IOException refused) {
                    return true;
                }
            });
            return false;
        } catch (org.awaitility.core.ConditionTimeoutException stillAnswering) {
            return true;
        }
    }

    private static int status(String url) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(5)).GET().build(),
                HttpResponse.BodyHandlers.discarding()).statusCode();
    }
}

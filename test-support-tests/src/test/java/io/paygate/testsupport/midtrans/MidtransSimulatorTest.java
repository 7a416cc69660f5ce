package io.paygate.testsupport.midtrans;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.paygate.testsupport.sink.MerchantSink;
import io.paygate.testsupport.sink.MerchantSink.Reply;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MidtransSimulatorTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SERVER_KEY = "SB-Mid-server-test";
    private static final String CLIENT_KEY = "SB-Mid-client-test";

    private final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();
    private MidtransSimulator sim;
    private MerchantSink receiver;

    @BeforeEach
    void start() {
        receiver = MerchantSink.start();
        sim = MidtransSimulator.start().register(SERVER_KEY, CLIENT_KEY).notifyTo(receiver.url("/notification"))
                .notificationRetries(3, Duration.ofMillis(50));
    }

    @AfterEach
    void stop() {
        sim.close();
        receiver.close();
    }

    @Test
    void threeDsChargeRedirectsToThePageWhoseOtpCapturesAndNotifiesSigned() throws Exception {
        String token = token("4811111111111114").path("token_id").asText();
        JsonNode charge = charge("order-1", token, SERVER_KEY);
        assertEquals("201", charge.path("status_code").asText());
        assertEquals("pending", charge.path("transaction_status").asText());
        String redirect = charge.path("redirect_url").asText();
        assertTrue(redirect.startsWith(sim.baseUrl() + "/v2/3ds/redirect/"));

        HttpResponse<String> page = get(redirect + "?callback_url=http%3A%2F%2Fshop.test%2Fback", null);
        assertTrue(page.body().contains("id=\"pay\""));
        HttpResponse<String> done = http.send(HttpRequest.newBuilder(URI.create(redirect))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("otp=112233&callback_url=http%3A%2F%2Fshop.test%2Fback"))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(303, done.statusCode());
        assertTrue(done.headers().firstValue("Location").orElseThrow().startsWith("http://shop.test/back?order_id=order-1"));

        List<MerchantSink.Received> got = receiver.awaitReceived(2, Duration.ofSeconds(5));
        JsonNode capture = JSON.readTree(got.get(1).body());
        assertEquals("capture", capture.path("transaction_status").asText());
        assertEquals(MidtransSignature.of("order-1", "200", "10000.00", SERVER_KEY), capture.path("signature_key").asText());
        assertEquals("capture", status("order-1", SERVER_KEY).body().contains("\"capture\"") ? "capture" : "");
    }

    /**
     * Issue 31, item 7: Midtrans's sandbox card table ("Testing Payment on Sandbox"), charged with
     * {@code authentication: true} as the channel charges: 3DS-ready cards go to the 3-D Secure page (the bank then
     * accepts or denies), cards not enrolled for 3DS are decided at once: accepted, challenged or denied by fraud
     * detection, denied by the bank. The simulator had 4611 (denied by FDS) as a challenge and 4711 (denied by the
     * bank) as a 3DS card.
     */
    @Test
    void theSandboxCardsAnswerAsMidtransDocumentsThem() throws Exception {
        String[][] cards = {
                // number, status_code, transaction_status, fraud_status ("" none), what follows 3-D Secure ("" none)
                {"4811111111111114", "201", "pending", "", "capture"},
                {"5211111111111117", "201", "pending", "", "capture"},
                {"4911111111111113", "201", "pending", "", "deny"},
                {"5111111111111118", "201", "pending", "", "deny"},
                {"4411111111111118", "200", "capture", "accept", ""},
                {"5410111111111116", "200", "capture", "accept", ""},
                {"4511111111111117", "201", "capture", "challenge", ""},
                {"5510111111111115", "201", "capture", "challenge", ""},
                {"4611111111111116", "202", "deny", "deny", ""},
                {"5411111111111115", "202", "deny", "deny", ""},
                {"4711111111111115", "202", "deny", "accept", ""},
                {"5511111111111114", "202", "deny", "accept", ""}};
        int n = 0;
        for (String[] card : cards) {
            String order = "card-" + n++;
            JsonNode charge = charge(order, token(card[0]).path("token_id").asText(), SERVER_KEY);
            String what = card[0] + ": " + charge;
            assertEquals(card[1], charge.path("status_code").asText(), what);
            assertEquals(card[2], charge.path("transaction_status").asText(), what);
            assertEquals(card[3], charge.path("fraud_status").asText(""), what);
            assertEquals(!card[4].isEmpty(), charge.has("redirect_url"), what);
            if (!card[4].isEmpty()) {
                http.send(HttpRequest.newBuilder(URI.create(charge.path("redirect_url").asText()))
                        .header("Content-Type", "application/x-www-form-urlencoded")
                        .POST(HttpRequest.BodyPublishers.ofString("otp=112233")).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertEquals(card[4], sim.status(order).orElseThrow(), what);
            }
        }
    }

    @Test
    void unknownKeysAreRefusedWith401AndNoTransaction() throws Exception {
        assertEquals(401, get(sim.baseUrl() + "/v2/token?client_key=nope&card_number=4811111111111114", null)
                .statusCode());
        String token = token("4811111111111114").path("token_id").asText();
        assertEquals("401", charge("order-2", token, "wrong-key").path("status_code").asText());
        assertTrue(sim.status("order-2").isEmpty());
        assertEquals(401, status("order-2", "wrong-key").statusCode());
    }

    @Test
    void scriptedFailuresAnswerMidtransErrorBodies() throws Exception {
        sim.failNext(MidtransSimulator.Endpoint.CHARGE, 500);
        String token = token("4411111111111118").path("token_id").asText();
        JsonNode failed = charge("order-3", token, SERVER_KEY);
        assertEquals("500", failed.path("status_code").asText());
        assertTrue(sim.status("order-3").isEmpty());
        assertEquals(404, status("order-3", SERVER_KEY).statusCode());
        assertEquals("400", token("4811111111111115").path("status_code").asText());
    }

    @Test
    void notificationsAreRetriedUntilAcknowledged() throws Exception {
        receiver.enqueue(Reply.status(500, "{}"), Reply.status(503, "{}"));
        String token = token("4411111111111118").path("token_id").asText();
        assertEquals("capture", charge("order-4", token, SERVER_KEY).path("transaction_status").asText());
        receiver.awaitReceived(3, Duration.ofSeconds(5));
        long until = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (sim.deliveries().size() < 3 && System.nanoTime() < until) {
            Thread.sleep(20); // the receiver answered; the simulator records the answer just after
        }
        List<MidtransSimulator.Delivery> deliveries = sim.deliveries();
        assertEquals(List.of(500, 503, 200), deliveries.stream().map(MidtransSimulator.Delivery::status).toList());
        assertFalse(sim.requests().stream().filter(r -> r.path().equals("/v2/charge"))
                .anyMatch(r -> r.body().contains("4411111111111118")));
    }

    private JsonNode token(String number) throws Exception {
        return JSON.readTree(get(sim.baseUrl() + "/v2/token?client_key=" + CLIENT_KEY + "&card_number=" + number
                + "&card_exp_month=12&card_exp_year=2030&card_cvv=123", null).body());
    }

    private JsonNode charge(String orderId, String token, String serverKey) throws Exception {
        String body = """
                {"payment_type":"credit_card","transaction_details":{"order_id":"%s","gross_amount":10000},
                 "credit_card":{"token_id":"%s","authentication":true}}""".formatted(orderId, token);
        return JSON.readTree(http.send(HttpRequest.newBuilder(URI.create(sim.baseUrl() + "/v2/charge"))
                .header("Authorization", basic(serverKey)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString()).body());
    }

    private HttpResponse<String> status(String orderId, String serverKey) throws Exception {
        return get(sim.baseUrl() + "/v2/" + orderId + "/status", basic(serverKey));
    }

    private HttpResponse<String> get(String url, String authorization) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url));
        if (authorization != null) {
            b.header("Authorization", authorization);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String basic(String serverKey) {
        return "Basic " + Base64.getEncoder().encodeToString((serverKey + ":").getBytes(StandardCharsets.UTF_8));
    }
}

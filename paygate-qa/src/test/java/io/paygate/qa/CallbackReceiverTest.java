package io.paygate.qa;

import io.paygate.model.signing.NotificationSigner;
import io.paygate.model.signing.WebhookSecret;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

import static io.paygate.qa.NotificationMatchers.signedWith;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The receiver over real HTTP: deliveries signed as notification-service signs them (common-model's signer). */
class CallbackReceiverTest {

    private static final String SECRET = "whsec_bG9jYWwtZGVtby1ub3RpZmljYXRpb24tc2VjcmV0ISE=";
    private static final String OTHER = "whsec_c2Vjb25kLWRlbW8tbm90aWZpY2F0aW9uLXNlY3JldCE=";
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private final CallbackReceiver receiver = CallbackReceiver.start(SECRET);

    @AfterEach
    void stop() {
        receiver.close();
    }

    private static HttpResponse<String> deliver(String url, String secret, String body, long sentAt)
            throws Exception {
        NotificationSigner signer = new NotificationSigner(WebhookSecret.parse(secret));
        String signed = signer.withBodySignature(body);
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(signed));
        signer.headers(UUID.randomUUID().toString(), sentAt, signed).forEach(request::header);
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String payment(String orderId, String status) {
        return "{\"order\":{\"id\":\"" + orderId + "\",\"amount\":150000,\"reference\":\"R1\",\"currency\":\"IDR\"},"
                + "\"result\":{\"payment\":{\"amount\":150000,\"status\":\"" + status + "\",\"statusDesc\":\"\"}}}";
    }

    @Test
    void aDeliverySignedWithTheMerchantsSecretIsVerifiedAcknowledgedAndFound() throws Exception {
        HttpResponse<String> reply = deliver(receiver.url("/payments"), SECRET, payment("QA-1", "CAPTURED"),
                Instant.now().getEpochSecond());

        assertEquals(200, reply.statusCode());
        assertEquals("2000000", JsonPath.from(reply.body()).getString("responseCode"));
        Delivery delivery = receiver.await("QA-1 captured",
                d -> "QA-1".equals(d.json().getString("order.id")), Duration.ofSeconds(5));
        assertTrue(delivery.verified());
        assertEquals("/payments", delivery.path());
        assertEquals("CAPTURED", delivery.json().getString("result.payment.status"));
        assertEquals(delivery.header("webhook-id"), delivery.header("WEBHOOK-ID"), "header names in any case");
        assertThat(delivery.asSent(), signedWith(SECRET));
    }

    @Test
    void aForgedDeliveryIsRefusedRecordedWithItsReasonAndFailsTheWaitAtOnce() throws Exception {
        HttpResponse<String> reply = deliver(receiver.url("/payments"), OTHER, payment("QA-2", "CAPTURED"),
                Instant.now().getEpochSecond());

        assertEquals(401, reply.statusCode(), "the gateway must see a failed attempt and retry");
        Delivery recorded = receiver.deliveries().getFirst();
        assertFalse(recorded.verified());
        assertTrue(recorded.verificationFailure().contains("webhook-signature"), recorded.verificationFailure());
        long started = System.nanoTime();
        AssertionError error = assertThrows(AssertionError.class, () -> receiver.await("QA-2",
                d -> "QA-2".equals(d.json().getString("order.id")), Duration.ofSeconds(30)));
        assertTrue(error.getMessage().contains("did not verify"), error.getMessage());
        assertTrue(System.nanoTime() - started < Duration.ofSeconds(20).toNanos(), "not after the whole timeout");
    }

    @Test
    void anAttemptOlderThanTheMerchantsWindowDoesNotVerify() throws Exception {
        HttpResponse<String> reply = deliver(receiver.url("/payments"), SECRET, payment("QA-3", "CAPTURED"),
                Instant.now().getEpochSecond() - 3_600);

        assertEquals(401, reply.statusCode());
        assertTrue(receiver.deliveries().getFirst().verificationFailure().contains("too old"));
    }

    @Test
    void aWaitThatTimesOutNamesWhatArrived() throws Exception {
        deliver(receiver.url("/elsewhere"), SECRET, payment("QA-4", "FAILED"), Instant.now().getEpochSecond());

        AssertionError error = assertThrows(AssertionError.class, () -> receiver.await("QA-5",
                d -> "QA-5".equals(d.json().getString("order.id")), Duration.ofMillis(300)));
        assertTrue(error.getMessage().contains("received 1: [/elsewhere]"), error.getMessage());
    }

    @Test
    void onlyPostIsAcceptedAndABodyThatIsNotJsonMatchesNothing() throws Exception {
        HttpResponse<String> get = HTTP.send(HttpRequest.newBuilder(URI.create(receiver.url())).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(405, get.statusCode());

        HttpResponse<String> junk = HTTP.send(HttpRequest.newBuilder(URI.create(receiver.url("/x")))
                .POST(HttpRequest.BodyPublishers.ofString("not json")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(401, junk.statusCode());
        assertThrows(AssertionError.class, () -> receiver.await("anything with an order",
                d -> d.json().getString("order.id") != null, Duration.ofMillis(200)));
    }

    @Test
    void aPublicUrlIsWhatTheGatewayIsGiven() {
        try (CallbackReceiver tunnelled = CallbackReceiver.start(
                new java.net.InetSocketAddress("127.0.0.1", 0), "https://qa.example.com/hooks/", SECRET)) {
            assertEquals("https://qa.example.com/hooks/payments", tunnelled.url("/payments"));
            assertTrue(tunnelled.port() > 0);
        }
        assertTrue(receiver.url("payments").matches("http://127\\.0\\.0\\.1:\\d+/payments"), receiver.url());
    }

    @Test
    void itNeedsASecret() {
        assertThrows(IllegalArgumentException.class, () -> CallbackReceiver.start(new String[0]));
    }
}

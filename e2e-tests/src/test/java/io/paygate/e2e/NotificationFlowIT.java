package io.paygate.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.testsupport.sink.MerchantSink;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Delivery until the merchant acknowledges, across the whole stack (docs/contract.md §6): a merchant that fails is retried on
 * the schedule (the stack's is {@code 1s,1s,2s}), always as the same notification (one {@code webhook-id}), signed
 * anew per attempt; the merchant sees every attempt in its log and can ask for one more delivery at any time.
 * The flows that produce notifications are in {@link CardPaymentBrowserIT}, {@link DirectDebitFlowIT},
 * {@link DisbursementFlowIT} and {@link PaymentLinkExpiryIT}.
 */
class NotificationFlowIT {

    static final String FAILURE = "{\"responseCode\":\"5000000\",\"responseMessage\":\"Internal Server Error\",\"processingTime\":1}";
    MerchantSink sink;

    @BeforeEach
    void start() {
        sink = MerchantSink.start();
    }

    @AfterEach
    void stop() {
        sink.close();
    }

    @Test
    void aMerchantFailingTwiceGetsTheSameNotificationThreeTimesThenARedeliveryOnRequest() throws Exception {
        sink.enqueue(MerchantSink.Reply.status(500, FAILURE), MerchantSink.Reply.status(500, FAILURE));
        Merchant.Payment payment = Merchant.initiate("CUST-RETRY", "150000.00", sink, null);
        Merchant.ops(Stack.payment()).body("{\"status\":\"CAPTURED\"}")
                .post("/pg/sandbox/payments/" + payment.paymentCode() + "/simulate").then().statusCode(200)
                .body("status", equalTo("CAPTURED"));

        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200))
                .until(() -> attempts(payment).size() >= 3);
        await().during(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(5)).until(() -> attempts(payment).size() == 3);
        List<MerchantSink.Received> attempts = attempts(payment);
        String webhookId = attempts.get(0).header("webhook-id");
        for (MerchantSink.Received attempt : attempts) {
            Signatures.verify(attempt);
            assertEquals(webhookId, attempt.header("webhook-id"), "one notification, however often it is sent");
            assertEquals(attempts.get(0).body(), attempt.body(), "the same body every time");
        }
        for (int i = 1; i < attempts.size(); i++) {
            Duration gap = Duration.between(attempts.get(i - 1).receivedAt(), attempts.get(i).receivedAt());
            assertTrue(gap.compareTo(Duration.ofMillis(750)) >= 0, "a retry waits ~1 s (±20 %), not " + gap);
        }
        assertEquals("CAPTURED", Signatures.read(attempts.get(0).body()).path("result").path("payment").path("status").asText());

        JsonNode listed = logEntry(webhookId);
        assertEquals(payment.paymentCode(), listed.path("resourceId").asText());
        assertEquals("DELIVERED", listed.path("status").asText());
        assertEquals(3, listed.path("attempts").asInt());
        assertEquals(200, listed.path("lastHttpStatus").asInt());

        JsonNode detail = detail(webhookId);
        assertEquals(List.of(500, 500, 200), httpStatuses(detail));
        assertNotNull(detail.path("attemptLog").get(0).path("error").textValue(), "why attempt 1 did not count");
        assertTrue(detail.path("attemptLog").get(0).path("reply").asText().contains("5000000"), "the reply is logged");
        assertNull(detail.path("attemptLog").get(2).path("error").textValue());
        assertNotNull(detail.path("deliveredAt").textValue());

        // The merchant asks for it again (e.g. it lost its copy): one more attempt, the same notification.
        Merchant.api(Stack.notification()).post("/pg/notifications/" + webhookId + "/redeliver").then().statusCode(200)
                .body("id", equalTo(webhookId));
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200))
                .until(() -> attempts(payment).size() == 4);
        MerchantSink.Received again = attempts(payment).get(3);
        Signatures.verify(again);
        assertEquals(webhookId, again.header("webhook-id"));
        assertEquals(attempts.get(0).body(), again.body());
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(200))
                .until(() -> httpStatuses(detail(webhookId)).size() == 4);
        JsonNode redelivered = detail(webhookId);
        assertEquals(List.of(500, 500, 200, 200), httpStatuses(redelivered));
        assertEquals("DELIVERED", redelivered.path("status").asText());
        assertEquals(4, redelivered.path("attempts").asInt());
        await().during(Duration.ofSeconds(2)).atMost(Duration.ofSeconds(4)).until(() -> attempts(payment).size() == 4);
    }

    private List<MerchantSink.Received> attempts(Merchant.Payment payment) {
        return Merchant.notifications(sink, Merchant.PAYMENTS, payment.paymentCode());
    }

    /** The notification in the merchant's log of payment notifications (newest first). */
    private static JsonNode logEntry(String id) throws Exception {
        JsonNode page = Signatures.read(Merchant.api(Stack.notification()).queryParam("type", "payment")
                .queryParam("limit", "100").get("/pg/notifications").then().statusCode(200).extract().asString());
        for (JsonNode n : page.path("notifications")) {
            if (id.equals(n.path("id").asText())) {
                assertEquals("payment", n.path("type").asText());
                return n;
            }
        }
        throw new AssertionError("notification " + id + " is not in the merchant's log: " + page);
    }

    private static JsonNode detail(String id) throws Exception {
        return Signatures.read(Merchant.api(Stack.notification()).get("/pg/notifications/" + id).then().statusCode(200)
                .extract().asString());
    }

    private static List<Integer> httpStatuses(JsonNode detail) {
        return detail.path("attemptLog").findValues("httpStatus").stream().map(JsonNode::asInt).toList();
    }
}

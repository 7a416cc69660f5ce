package io.paygate.qa.sample;

import io.paygate.qa.Initiated;
import io.paygate.qa.Paygate;
import io.paygate.qa.PaygateTest;
import io.paygate.qa.PaymentRequest;
import io.paygate.qa.PaymentStatus;
import io.paygate.qa.Subscriptions;
import io.paygate.qa.TestCard;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.UUID;

import static io.paygate.qa.sample.SampleSuite.WAIT;
import static io.paygate.qa.sample.SampleSuite.ZONE;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Subscriptions (docs/contract.md §1b): the customer pays the first payment by card on the hosted page, then each cycle
 * is a payment {@code <recurring.id>-<n>} the gateway makes and charges by itself; the sandbox's time control makes a
 * cycle due now, or declined. A declined cycle waits for its retry; a pause ends it; resume and cancel as the merchant
 * asks.
 */
@PaygateTest
class SubscriptionTest {

    private static final DateTimeFormatter WIRE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    /** A new subscription of a new customer, its first payment paid by card: ACTIVE. */
    private static String subscribed(Paygate paygate) {
        String id = "QA" + UUID.randomUUID().toString().replace("-", "").substring(0, 20);
        PaymentRequest first = PaymentRequest.of("99000.00").withCustomerId("QA-" + id);
        Initiated initiated = paygate.subscriptions().initiate(first, """
                {"subscribe":"Y","type":"PURCHASE","id":"%s","amount":"49000.00","intervalUnit":"monthly",
                 "retry":{"interval":1,"intervalUnit":"hours","maxInterval":2}}""".formatted(id));
        paygate.sandbox().payByCard(initiated, TestCard.VISA_CAPTURED);
        paygate.payments().awaitStatus(first.orderId(), WAIT, "CAPTURED");
        paygate.subscriptions().awaitStatus(id, WAIT, "ACTIVE");
        return id;
    }

    /** The cycle of {@code orderId}, declined and waiting for its retry: PENDING with the decline said. */
    private static PaymentStatus awaitDeclined(Paygate paygate, String orderId) {
        return paygate.payments().await(orderId, WAIT, "declined and waiting for its retry",
                s -> "PENDING".equals(s.status()) && s.statusDesc() != null);
    }

    @Test
    void aDueCycleIsChargedAndADeclinedOneWaitsForItsRetryThenIsCharged(Paygate paygate) {
        String id = subscribed(paygate);
        Subscriptions subscriptions = paygate.subscriptions();

        subscriptions.due(id).then().statusCode(200).body("recurring.status", equalTo("ACTIVE"));
        PaymentStatus second = paygate.payments().awaitStatus(id + "-2", WAIT, "CAPTURED", "FAILED");
        assertEquals("CAPTURED", second.status());
        assertEquals(49000.00, second.reply().getDouble("order.amount"), 0.001);

        subscriptions.dueDeclined(id).then().statusCode(200);
        assertEquals("Card declined", awaitDeclined(paygate, id + "-3").statusDesc());
        JsonPath waiting = subscriptions.get(id);
        LocalDateTime retryAt = LocalDateTime.parse(waiting.getString("recurring.nextChargeAt"), WIRE);
        LocalDateTime now = LocalDateTime.now(ZONE);
        assertTrue(retryAt.isAfter(now.plusMinutes(50)) && retryAt.isBefore(now.plusMinutes(70)),
                "nextChargeAt is the retry's time, an hour on: " + retryAt);

        subscriptions.due(id).then().statusCode(200); // the pending retry, now
        assertEquals("CAPTURED", paygate.payments().awaitStatus(id + "-3", WAIT, "CAPTURED", "FAILED").status());
        assertEquals(3, subscriptions.get(id).getInt("recurring.cyclesCharged"), "cycle 1 and both later ones");
    }

    @Test
    void aPauseEndsTheCycleWaitingForItsRetryAndResumeAndCancelDoWhatTheySay(Paygate paygate) {
        String id = subscribed(paygate);
        Subscriptions subscriptions = paygate.subscriptions();
        subscriptions.dueDeclined(id).then().statusCode(200);
        awaitDeclined(paygate, id + "-2");

        subscriptions.change(id, "pause").then().statusCode(200).body("recurring.status", equalTo("PAUSED"));
        PaymentStatus ended = paygate.payments().awaitStatus(id + "-2", WAIT, "CANCELLED");
        assertEquals("Subscription paused", ended.statusDesc(), "the merchant's order closes with its subscription");
        subscriptions.due(id).then().statusCode(409).body("responseCode", equalTo("4091100"));

        subscriptions.change(id, "resume").then().statusCode(200).body("recurring.status", equalTo("ACTIVE"));
        subscriptions.due(id).then().statusCode(200);
        assertEquals("CAPTURED", paygate.payments().awaitStatus(id + "-3", WAIT, "CAPTURED", "FAILED").status(),
                "the cycle after the one that ended");

        subscriptions.change(id, "cancel").then().statusCode(200).body("recurring.status", equalTo("CANCELLED"));
        subscriptions.change(id, "cancel").then().statusCode(200).body("recurring.status", equalTo("CANCELLED"));
        subscriptions.change(id, "resume").then().statusCode(409).body("responseCode", equalTo("4091100"));
        subscriptions.due(id).then().statusCode(409).body("responseCode", equalTo("4091100"));
    }
}

package io.paygate.notification;

import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.model.api.recurring.CycleInfo;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.EventTypes;
import io.paygate.model.event.PaymentStatusChanged;
import io.paygate.model.event.Topics;
import io.paygate.model.json.Json;
import io.paygate.model.signing.NotificationVerifier;
import io.paygate.model.status.SubscriptionStatus;
import io.paygate.notification.support.DeadLetterReader;
import io.paygate.notification.support.Events;
import io.paygate.notification.support.IndependentSignatures;
import io.paygate.notification.support.MerchantApi;
import io.paygate.notification.support.MerchantSinkTestBase;
import io.paygate.notification.support.NotificationDb;
import io.paygate.notification.support.NotificationTestResources;
import io.paygate.testsupport.sink.MerchantSink;
import io.paygate.testsupport.sink.MerchantSink.Reply;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static io.paygate.testsupport.SandboxMerchants.DEMO;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The {@code subscription} notification (docs/contract.md §1b, §6) end to end: signed events on the real
 * {@code payment-status} topic, stored in the real database, delivered to a real HTTP merchant, checked without the
 * signer under test; and the {@code recurring} member of a subscription's payment notifications.
 */
@QuarkusTest
@NotificationTestResources
class SubscriptionNotificationTest extends MerchantSinkTestBase {

    private static final String SECRET = DEMO.notificationSecret();

    @Test
    void aSubscriptionChangeIsDeliveredToTheFirstPaymentsCallbackWithThreeSignatures() throws Exception {
        // A registered binding address must not attract it, neither on the first attempt (handed off as it is
        // stored) nor on the retry (claimed from the queue).
        MerchantApi.registerCallbacks(DEMO, sink.url("/callbacks/disbursement"), sink.url("/callbacks/binding"));
        sink.enqueue(Reply.status(503, "{}").withHeader("Retry-After", "1"));
        String id = Events.id("SUB.");
        EventEnvelope event = Events.subscription(DEMO.id(), 2, id, SubscriptionStatus.ACTIVE,
                sink.url("/callbacks/payment"));
        assertEquals("demo:subscription:" + id, event.key());
        Events.send(event);

        List<MerchantSink.Received> attempts = sink.awaitReceived(2, WAIT);
        assertEquals(List.of("/callbacks/payment", "/callbacks/payment"),
                attempts.stream().map(MerchantSink.Received::path).toList());
        assertEquals(attempts.get(0).body(), attempts.get(1).body(), "the same signed body on every attempt");
        MerchantSink.Received received = attempts.get(1);
        assertEquals("application/json", received.header("Content-Type"));
        JsonNode body = Json.tree(received.body());
        assertEquals(List.of("recurring", "customer", "signature"), names(body));
        JsonNode recurring = body.get("recurring");
        assertEquals(List.of("id", "type", "productCode", "status", "statusDesc", "amount", "interval", "intervalUnit",
                "maxInterval", "startDate", "endDate", "retry", "cyclesCharged", "nextChargeAt", "credential"),
                names(recurring));
        assertEquals(id, recurring.get("id").asText());
        assertEquals("ACTIVE", recurring.get("status").asText());
        assertTrue(recurring.get("amount").isNumber(), "amount is a number");
        assertTrue(recurring.get("interval").isIntegralNumber() && recurring.get("cyclesCharged").isIntegralNumber());
        assertTrue(recurring.get("startDate").isNull() && recurring.get("statusDesc").isNull(), "nulls are written");
        assertEquals("{\"id\":\"CUST-001\"}", body.get("customer").toString());

        String canonical = "{\"customer\":{\"id\":\"CUST-001\"},\"recurring\":{\"amount\":99000,\"credential\":{"
                + "\"kind\":\"CARD\",\"mask\":\"411111******1111\"},\"cyclesCharged\":2,\"endDate\":null,\"id\":\"" + id
                + "\",\"interval\":1,\"intervalUnit\":\"monthly\",\"maxInterval\":12,\"nextChargeAt\":"
                + "\"2027-01-21 10:15:30\",\"productCode\":\"GOLD1\",\"retry\":{\"interval\":1,\"intervalUnit\":\"daily\","
                + "\"maxInterval\":3},\"startDate\":null,\"status\":\"ACTIVE\",\"statusDesc\":null,\"type\":\"PURCHASE\"}}";
        String expected = IndependentSignatures.hmacSha512Hex(SECRET, canonical);
        assertEquals(expected, body.get("signature").asText(), "body signature over the RFC 8785 form");
        assertEquals(expected, received.header("X-SIGNATURE"));
        UUID notificationId = db.byEvent(event.eventId()).orElseThrow().id();
        assertEquals(notificationId.toString(), received.header("webhook-id"));
        assertEquals(IndependentSignatures.webhookSignature(SECRET, received.header("webhook-id"),
                received.header("webhook-timestamp"), received.body()), received.header("webhook-signature"));
        assertTrue(Math.abs(Instant.now().getEpochSecond() - Long.parseLong(received.header("webhook-timestamp"))) < 60);
        NotificationVerifier.of(SECRET).verify(Map.of("webhook-id", received.header("webhook-id"),
                "webhook-timestamp", received.header("webhook-timestamp"),
                "webhook-signature", received.header("webhook-signature"),
                "X-SIGNATURE", received.header("X-SIGNATURE")), received.body());

        await().atMost(WAIT).until(() -> "DELIVERED".equals(db.byEvent(event.eventId()).orElseThrow().status()));
        assertEquals(1, db.count("SELECT count(*) FROM notification WHERE event_id = ? AND type = 'subscription' "
                + "AND resource_id = ? AND callback_url = ?", event.eventId(), id, sink.url("/callbacks/payment")));
    }

    @Test
    void anOlderStateArrivingAfterANewerOneIsNotSent() throws Exception {
        String id = Events.id("SUB.");
        EventEnvelope cancelled = Events.subscription(DEMO.id(), 3, id, SubscriptionStatus.CANCELLED, sink.url("/cb"));
        EventEnvelope paused = Events.subscription(DEMO.id(), 2, id, SubscriptionStatus.PAUSED, sink.url("/cb"));
        Events.send(cancelled);
        sink.awaitReceived(1, WAIT);
        Events.send(paused);

        await().atMost(WAIT).until(() -> db.byEvent(paused.eventId()).isPresent());
        NotificationDb.Row row = db.byEvent(paused.eventId()).orElseThrow();
        assertEquals("OBSOLETE", row.status());
        assertEquals("superseded by a newer event (sequence 3)", row.lastError());
        await().during(Duration.ofMillis(1500)).atMost(Duration.ofSeconds(3)).until(() -> sink.received().size() == 1);
        assertEquals("CANCELLED", Json.tree(sink.received().get(0).body()).at("/recurring/status").asText());
    }

    @Test
    void aNewerStateMakesAnUndeliveredOlderOneObsolete() throws Exception {
        String id = Events.id("SUB.");
        sink.enqueue(Reply.status(503, "{}").withHeader("Retry-After", "30"));
        EventEnvelope active = Events.subscription(DEMO.id(), 1, id, SubscriptionStatus.ACTIVE, sink.url("/cb"));
        Events.send(active);
        sink.awaitReceived(1, WAIT);
        await().atMost(WAIT).until(() -> db.byEvent(active.eventId()).orElseThrow().attempts() == 1);

        EventEnvelope paused = Events.subscription(DEMO.id(), 2, id, SubscriptionStatus.PAUSED, sink.url("/cb"));
        Events.send(paused);
        List<MerchantSink.Received> received = sink.awaitReceived(2, WAIT);
        assertEquals("PAUSED", Json.tree(received.get(1).body()).at("/recurring/status").asText());
        assertEquals("Card declined", Json.tree(received.get(1).body()).at("/recurring/statusDesc").asText());
        await().atMost(WAIT).until(() -> "OBSOLETE".equals(db.byEvent(active.eventId()).orElseThrow().status()));
        await().atMost(WAIT).until(() -> "DELIVERED".equals(db.byEvent(paused.eventId()).orElseThrow().status()));
        await().during(Duration.ofMillis(1500)).atMost(Duration.ofSeconds(3)).until(() -> sink.received().size() == 2);
    }

    @Test
    void aSubscriptionAndAPaymentOfTheSameIdAreSeparateResources() throws Exception {
        String id = Events.id("PC");
        EventEnvelope payment = Events.payment(DEMO.id(), 5, Events.cardCaptured(id, "ORD-" + id, sink.url("/cb")));
        EventEnvelope subscription = Events.subscription(DEMO.id(), 1, id, SubscriptionStatus.ACTIVE, sink.url("/cb"));
        Events.send(payment);
        Events.send(subscription);

        sink.awaitReceived(2, WAIT);
        await().atMost(WAIT).until(() -> "DELIVERED".equals(db.byEvent(payment.eventId()).orElseThrow().status())
                && "DELIVERED".equals(db.byEvent(subscription.eventId()).orElseThrow().status()));
        assertTrue(sink.received().stream().anyMatch(r -> r.body().startsWith("{\"order\"")));
        assertTrue(sink.received().stream().anyMatch(r -> r.body().startsWith("{\"recurring\"")));
    }

    @Test
    void aSubscriptionsPaymentCarriesRecurringInItsSignedBody() throws Exception {
        String code = Events.id("PC");
        String recurringId = Events.id("SUB.");
        PaymentStatusChanged cycle = Events.cardCaptured(code, recurringId + "-2", sink.url("/cb"))
                .withRecurring(new CycleInfo(recurringId, 2, SubscriptionStatus.ACTIVE, "2027-01-21 10:15:30"));
        Events.send(Events.payment(DEMO.id(), 3, cycle));

        MerchantSink.Received received = sink.awaitReceived(1, WAIT).get(0);
        JsonNode body = Json.tree(received.body());
        assertEquals("{\"id\":\"" + recurringId + "\",\"cycle\":2,\"status\":\"ACTIVE\",\"nextChargeAt\":"
                + "\"2027-01-21 10:15:30\"}", body.get("recurring").toString());
        assertEquals("CAPTURED", body.at("/result/payment/status").asText());
        String canonical = "{\"card\":{\"info\":{\"brand\":\"VISA\",\"country\":\"ID\",\"issuing\":\"SANDBOX BANK\","
                + "\"subType\":\"CLASSIC\",\"type\":\"CREDIT\"},\"mask\":\"411111******1111\"},\"customer\":{\"email\":"
                + "\"budi@example.com\",\"firstName\":\"Budi\",\"id\":\"CUST-001\",\"lastName\":\"Santoso\","
                + "\"mobilePhone\":\"+6281234567890\"},\"meta\":{\"data\":{\"cart\":\"A-17\",\"note\":\"café\"}},"
                + "\"order\":{\"amount\":150000,\"currency\":\"IDR\",\"id\":\"" + recurringId + "-2\",\"reference\":\""
                + code + "\"},\"recurring\":{\"cycle\":2,\"id\":\"" + recurringId + "\",\"nextChargeAt\":"
                + "\"2027-01-21 10:15:30\",\"status\":\"ACTIVE\"},\"result\":{\"payment\":{\"amount\":150000,"
                + "\"status\":\"CAPTURED\",\"statusDesc\":null}}}";
        assertEquals(IndependentSignatures.hmacSha512Hex(SECRET, canonical), body.get("signature").asText());
        assertEquals(body.get("signature").asText(), received.header("X-SIGNATURE"));
    }

    @Test
    void theLogListsSubscriptionNotificationsByTypeAndShowsOneAsSent() throws Exception {
        String id = Events.id("SUB.");
        EventEnvelope event = Events.subscription(DEMO.id(), 1, id, SubscriptionStatus.COMPLETED, sink.url("/cb"));
        Events.send(event);
        await().atMost(WAIT).until(() -> db.byEvent(event.eventId()).map(r -> r.status().equals("DELIVERED"))
                .orElse(false));
        UUID notificationId = db.byEvent(event.eventId()).orElseThrow().id();

        JsonPath page = MerchantApi.as(DEMO).queryParam("type", "subscription").queryParam("limit", "100")
                .get("/pg/notifications").then().statusCode(200).body("responseCode", equalTo("2000000"))
                .extract().jsonPath();
        assertTrue(page.getList("notifications.id").contains(notificationId.toString()));
        assertTrue(page.getList("notifications.type").stream().allMatch("subscription"::equals));
        List<String> payments = MerchantApi.as(DEMO).queryParam("type", "payment").queryParam("limit", "100")
                .get("/pg/notifications").then().statusCode(200).extract().jsonPath().getList("notifications.id");
        assertFalse(payments.contains(notificationId.toString()), "not listed as a payment");

        JsonPath detail = MerchantApi.as(DEMO).get("/pg/notifications/" + notificationId).then().statusCode(200)
                .body("type", equalTo("subscription")).body("resourceId", equalTo(id))
                .body("status", equalTo("DELIVERED")).extract().jsonPath();
        MerchantSink.Received received = sink.received().getLast();
        assertEquals(received.body(), detail.getString("request.body"));
        Map<String, String> headers = detail.getMap("request.headers");
        NotificationVerifier.of(SECRET).verify(headers, detail.getString("request.body"));
    }

    @Test
    void aSubscriptionsCallbackIsCheckedAtDeliveryAsEveryCallback() {
        String id = Events.id("SUB.");
        EventEnvelope event = Events.subscription(DEMO.id(), 1, id, SubscriptionStatus.ACTIVE,
                "https://10.0.0.1/callback");
        Events.send(event);
        await().atMost(WAIT).until(() -> db.byEvent(event.eventId()).map(r -> r.attempts() >= 1).orElse(false));
        JsonPath detail = MerchantApi.notification(DEMO, db.byEvent(event.eventId()).orElseThrow().id());
        assertEquals("address 10.0.0.1 refused: private address", detail.getString("attemptLog[0].error"));
        assertFalse("DELIVERED".equals(detail.getString("status")));
    }

    @Test
    void pendingForgedAndMalformedSubscriptionEventsAreNeverStored() throws Exception {
        String marker = Events.id("SUBX");
        // PENDING: valid, but a subscription is never notified of the state it starts in
        EventEnvelope pending = Events.subscription(DEMO.id(), 1, "a" + marker, SubscriptionStatus.PENDING,
                sink.url("/cb"));
        // unsigned: what a forger without the producer key can write
        EventEnvelope forged = Events.subscription(DEMO.id(), 1, "b" + marker, SubscriptionStatus.CANCELLED,
                sink.url("/forged"));
        Events.sendUnsigned(Topics.PAYMENT_STATUS, forged.key(), forged.toJson());
        // signed, but its resource id is not its recurring.id
        EventEnvelope other = Events.subscription(DEMO.id(), 1, "c" + marker, SubscriptionStatus.ACTIVE, sink.url("/cb"));
        Events.sendRaw(Topics.PAYMENT_STATUS, other.key(), other.toJson()
                .replace("\"resourceId\":\"c" + marker + "\"", "\"resourceId\":\"x" + marker + "\""));
        // signed, without a callback URL
        EventEnvelope noUrl = Events.subscription(DEMO.id(), 1, "d" + marker, SubscriptionStatus.ACTIVE, null);
        Events.send(noUrl);
        // a subscription event on another topic
        EventEnvelope misplaced = Events.subscription(DEMO.id(), 1, "e" + marker, SubscriptionStatus.ACTIVE,
                sink.url("/cb"));
        Events.sendRaw(Topics.BINDING_STATUS, misplaced.key(), misplaced.toJson());
        // PENDING, then ACTIVE under the same key (so consumed in that order): only ACTIVE becomes a notification
        Events.send(pending);
        EventEnvelope active = Events.subscription(DEMO.id(), 2, "a" + marker, SubscriptionStatus.ACTIVE,
                sink.url("/cb"));
        Events.send(active);

        assertEquals("signature missing: no paygate-signature header",
                DeadLetterReader.reasons("b" + marker, 1, WAIT).getFirst());
        assertEquals("invalid data for subscription: status or recurring.id",
                DeadLetterReader.reasons("c" + marker, 1, WAIT).getFirst());
        assertEquals("invalid data for subscription: callbackUrl",
                DeadLetterReader.reasons("d" + marker, 1, WAIT).getFirst());
        assertEquals("unknown event type '" + EventTypes.SUBSCRIPTION + "' on binding-status",
                DeadLetterReader.reasons("e" + marker, 1, WAIT).getFirst());
        await().atMost(WAIT).until(() -> "DELIVERED".equals(db.byEvent(active.eventId()).map(NotificationDb.Row::status)
                .orElse(null)));
        await().during(Duration.ofSeconds(1)).atMost(Duration.ofSeconds(3)).until(() -> sink.received().size() == 1);
        assertEquals("ACTIVE", Json.tree(sink.received().getFirst().body()).at("/recurring/status").asText());
        assertEquals(1, db.count("SELECT count(*) FROM notification WHERE resource_id LIKE ?", "%" + marker),
                "neither the PENDING, the forged nor the malformed events are stored");
    }

    private static List<String> names(JsonNode node) {
        List<String> names = new java.util.ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}

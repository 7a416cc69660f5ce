package io.paygate.notification;

import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.model.api.payment.PaymentLinkRef;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.EventTypes;
import io.paygate.model.event.PaymentStatusChanged;
import io.paygate.model.event.Topics;
import io.paygate.model.json.Json;
import io.paygate.model.signing.NotificationVerifier;
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
import java.util.ArrayList;
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
 * The {@code payment-link} notification (docs/contract.md §6, §11) end to end: signed events on the real
 * {@code payment-status} topic, stored in the real database, delivered to a real HTTP merchant at the link's callback
 * URL, checked without the signer under test; and the {@code link} member of a link payment's notifications.
 */
@QuarkusTest
@NotificationTestResources
class PaymentLinkNotificationTest extends MerchantSinkTestBase {

    private static final String SECRET = DEMO.notificationSecret();

    @Test
    void aLinkChangeIsDeliveredToTheLinksCallbackWithThreeSignatures() throws Exception {
        // A registered binding address must not attract it, neither on the first attempt nor on the retry. They are
        // another sink's: the suite's other classes may still be delivering demo's transfers there.
        try (MerchantSink registered = MerchantSink.start()) {
            MerchantApi.registerCallbacks(DEMO, registered.url("/callbacks/disbursement"),
                    registered.url("/callbacks/binding"));
            deliveredToTheLinksCallbackOnly(registered);
        }
    }

    private void deliveredToTheLinksCallbackOnly(MerchantSink registered) throws Exception {
        sink.enqueue(Reply.status(503, "{}").withHeader("Retry-After", "1"));
        String id = Events.id("LNK-");
        EventEnvelope event = Events.paymentLink(DEMO.id(), 1, id, "PAID", 2, sink.url("/callbacks/link"));
        assertEquals("demo:link:" + id, event.key());
        Events.send(event);

        List<MerchantSink.Received> attempts = sink.awaitReceived(2, WAIT);
        assertEquals(List.of("/callbacks/link", "/callbacks/link"),
                attempts.stream().map(MerchantSink.Received::path).toList());
        assertEquals(attempts.get(0).body(), attempts.get(1).body(), "the same signed body on every attempt");
        MerchantSink.Received received = attempts.get(1);
        assertEquals("application/json", received.header("Content-Type"));
        JsonNode body = Json.tree(received.body());
        assertEquals(List.of("link", "signature"), names(body));
        assertEquals(List.of("id", "linkCode", "status", "paymentCount", "amountCollected"), names(body.get("link")));
        assertTrue(body.at("/link/amountCollected").isNumber() && body.at("/link/paymentCount").isIntegralNumber());

        String canonical = "{\"link\":{\"amountCollected\":300000,\"id\":\"" + id + "\",\"linkCode\":"
                + "\"PL7Q2M8X1B7D3H5F0T\",\"paymentCount\":2,\"status\":\"PAID\"}}";
        String expected = IndependentSignatures.hmacSha512Hex(SECRET, canonical);
        assertEquals(expected, body.get("signature").asText(), "body signature over the RFC 8785 form");
        assertEquals(expected, received.header("X-SIGNATURE"));
        UUID notificationId = db.byEvent(event.eventId()).orElseThrow().id();
        assertEquals(notificationId.toString(), received.header("webhook-id"));
        assertEquals(IndependentSignatures.webhookSignature(SECRET, received.header("webhook-id"),
                received.header("webhook-timestamp"), received.body()), received.header("webhook-signature"));
        NotificationVerifier.of(SECRET).verify(Map.of("webhook-id", received.header("webhook-id"),
                "webhook-timestamp", received.header("webhook-timestamp"),
                "webhook-signature", received.header("webhook-signature"),
                "X-SIGNATURE", received.header("X-SIGNATURE")), received.body());

        await().atMost(WAIT).until(() -> "DELIVERED".equals(db.byEvent(event.eventId()).orElseThrow().status()));
        assertEquals(1, db.count("SELECT count(*) FROM notification WHERE event_id = ? AND type = 'payment-link' "
                + "AND resource_id = ? AND callback_url = ?", event.eventId(), id, sink.url("/callbacks/link")));
        assertTrue(registered.received().stream().noneMatch(r -> r.body().contains(id)),
                "nothing of the link at the registered addresses");
    }

    @Test
    void theLatestStateOfALinkWins() throws Exception {
        // an older state arriving after a newer one is never sent
        String id = Events.id("LNK-");
        EventEnvelope paid = Events.paymentLink(DEMO.id(), 2, id, "PAID", 1, sink.url("/cb"));
        EventEnvelope expired = Events.paymentLink(DEMO.id(), 1, id, "EXPIRED", 0, sink.url("/cb"));
        Events.send(paid);
        sink.awaitReceived(1, WAIT);
        Events.send(expired);
        await().atMost(WAIT).until(() -> db.byEvent(expired.eventId()).isPresent());
        NotificationDb.Row row = db.byEvent(expired.eventId()).orElseThrow();
        assertEquals("OBSOLETE", row.status());
        assertEquals("superseded by a newer event (sequence 2)", row.lastError());

        // a newer state makes an undelivered older one obsolete
        String other = Events.id("LNK-");
        sink.enqueue(Reply.status(503, "{}").withHeader("Retry-After", "30"));
        EventEnvelope expiredFirst = Events.paymentLink(DEMO.id(), 1, other, "EXPIRED", 0, sink.url("/cb"));
        Events.send(expiredFirst);
        sink.awaitReceived(2, WAIT);
        await().atMost(WAIT).until(() -> db.byEvent(expiredFirst.eventId()).orElseThrow().attempts() == 1);
        EventEnvelope paidLater = Events.paymentLink(DEMO.id(), 2, other, "PAID", 1, sink.url("/cb"));
        Events.send(paidLater);
        List<MerchantSink.Received> received = sink.awaitReceived(3, WAIT);
        assertEquals("PAID", Json.tree(received.get(2).body()).at("/link/status").asText());
        await().atMost(WAIT).until(() -> "OBSOLETE".equals(db.byEvent(expiredFirst.eventId()).orElseThrow().status()));
        await().atMost(WAIT).until(() -> "DELIVERED".equals(db.byEvent(paidLater.eventId()).orElseThrow().status()));
        await().during(Duration.ofMillis(1500)).atMost(Duration.ofSeconds(3)).until(() -> sink.received().size() == 3);
        assertEquals(List.of("PAID", "EXPIRED", "PAID"), sink.received().stream()
                .map(r -> Json.tree(r.body()).at("/link/status").asText()).toList());
    }

    @Test
    void aLinkAndAPaymentOfTheSameIdAreSeparateResources() throws Exception {
        String id = Events.id("PC");
        EventEnvelope payment = Events.payment(DEMO.id(), 5, Events.cardCaptured(id, "ORD-" + id, sink.url("/cb")));
        EventEnvelope link = Events.paymentLink(DEMO.id(), 1, id, "INACTIVE", 0, sink.url("/cb"));
        Events.send(payment);
        Events.send(link);

        sink.awaitReceived(2, WAIT);
        await().atMost(WAIT).until(() -> "DELIVERED".equals(db.byEvent(payment.eventId()).orElseThrow().status())
                && "DELIVERED".equals(db.byEvent(link.eventId()).orElseThrow().status()));
    }

    @Test
    void aLinkPaymentCarriesLinkInItsSignedBody() throws Exception {
        String code = Events.id("PC");
        String linkId = Events.id("LNK-");
        PaymentStatusChanged captured = Events.cardCaptured(code, linkId + "-1", sink.url("/cb"))
                .withLink(new PaymentLinkRef(linkId, "PL7Q2M8X1B7D3H5F0T"));
        Events.send(Events.payment(DEMO.id(), 3, captured));

        MerchantSink.Received received = sink.awaitReceived(1, WAIT).get(0);
        JsonNode body = Json.tree(received.body());
        assertEquals("{\"id\":\"" + linkId + "\",\"linkCode\":\"PL7Q2M8X1B7D3H5F0T\"}", body.get("link").toString());
        assertEquals("CAPTURED", body.at("/result/payment/status").asText());
        String canonical = "{\"card\":{\"info\":{\"brand\":\"VISA\",\"country\":\"ID\",\"issuing\":\"SANDBOX BANK\","
                + "\"subType\":\"CLASSIC\",\"type\":\"CREDIT\"},\"mask\":\"411111******1111\"},\"customer\":{\"email\":"
                + "\"budi@example.com\",\"firstName\":\"Budi\",\"id\":\"CUST-001\",\"lastName\":\"Santoso\","
                + "\"mobilePhone\":\"+6281234567890\"},\"link\":{\"id\":\"" + linkId + "\",\"linkCode\":"
                + "\"PL7Q2M8X1B7D3H5F0T\"},\"meta\":{\"data\":{\"cart\":\"A-17\",\"note\":\"café\"}},"
                + "\"order\":{\"amount\":150000,\"currency\":\"IDR\",\"id\":\"" + linkId + "-1\",\"reference\":\""
                + code + "\"},\"result\":{\"payment\":{\"amount\":150000,\"status\":\"CAPTURED\",\"statusDesc\":null}}}";
        assertEquals(IndependentSignatures.hmacSha512Hex(SECRET, canonical), body.get("signature").asText());
        assertEquals(body.get("signature").asText(), received.header("X-SIGNATURE"));
    }

    @Test
    void theLogListsLinkNotificationsByTypeAndShowsOneAsSent() throws Exception {
        String id = Events.id("LNK-");
        EventEnvelope event = Events.paymentLink(DEMO.id(), 1, id, "EXPIRED", 0, sink.url("/cb"));
        Events.send(event);
        await().atMost(WAIT).until(() -> db.byEvent(event.eventId()).map(r -> r.status().equals("DELIVERED"))
                .orElse(false));
        UUID notificationId = db.byEvent(event.eventId()).orElseThrow().id();

        JsonPath page = MerchantApi.as(DEMO).queryParam("type", "payment-link").queryParam("limit", "100")
                .get("/pg/notifications").then().statusCode(200).body("responseCode", equalTo("2000000"))
                .extract().jsonPath();
        assertTrue(page.getList("notifications.id").contains(notificationId.toString()));
        assertTrue(page.getList("notifications.type").stream().allMatch("payment-link"::equals));
        List<String> payments = MerchantApi.as(DEMO).queryParam("type", "payment").queryParam("limit", "100")
                .get("/pg/notifications").then().statusCode(200).extract().jsonPath().getList("notifications.id");
        assertFalse(payments.contains(notificationId.toString()), "not listed as a payment");
        List<String> byResource = MerchantApi.as(DEMO).queryParam("resourceId", id).get("/pg/notifications").then()
                .statusCode(200).extract().jsonPath().getList("notifications.id");
        assertEquals(List.of(notificationId.toString()), byResource);

        JsonPath detail = MerchantApi.as(DEMO).get("/pg/notifications/" + notificationId).then().statusCode(200)
                .body("type", equalTo("payment-link")).body("resourceId", equalTo(id))
                .body("status", equalTo("DELIVERED")).extract().jsonPath();
        MerchantSink.Received received = sink.received().getLast();
        assertEquals(received.body(), detail.getString("request.body"));
        NotificationVerifier.of(SECRET).verify(detail.getMap("request.headers"), detail.getString("request.body"));
    }

    @Test
    void forgedAndMalformedLinkEventsAreNeverStored() throws Exception {
        String marker = Events.id("LNKX");
        // unsigned: what a forger without the producer key can write
        EventEnvelope forged = Events.paymentLink(DEMO.id(), 9, "b" + marker, "PAID", 1, sink.url("/forged"));
        Events.sendUnsigned(Topics.PAYMENT_STATUS, forged.key(), forged.toJson());
        // signed, but its resource id is not its link.id
        EventEnvelope other = Events.paymentLink(DEMO.id(), 1, "c" + marker, "PAID", 1, sink.url("/cb"));
        Events.sendRaw(Topics.PAYMENT_STATUS, other.key(), other.toJson()
                .replace("\"resourceId\":\"c" + marker + "\"", "\"resourceId\":\"x" + marker + "\""));
        // signed, without a callback URL
        Events.send(Events.paymentLink(DEMO.id(), 1, "d" + marker, "PAID", 1, null));
        // signed, a status a link never moves to
        Events.send(Events.paymentLink(DEMO.id(), 1, "f" + marker, "ACTIVE", 0, sink.url("/cb")));
        // a link event on another topic
        EventEnvelope misplaced = Events.paymentLink(DEMO.id(), 1, "e" + marker, "PAID", 1, sink.url("/cb"));
        Events.sendRaw(Topics.BINDING_STATUS, misplaced.key(), misplaced.toJson());
        // the real one, after the forged one of a higher sequence under the same key: still delivered
        EventEnvelope real = Events.paymentLink(DEMO.id(), 1, "b" + marker, "INACTIVE", 0, sink.url("/cb"));
        Events.send(real);

        assertEquals("signature missing: no paygate-signature header",
                DeadLetterReader.reasons("b" + marker, 1, WAIT).getFirst());
        assertEquals("invalid data for payment-link: link.status or link.id",
                DeadLetterReader.reasons("c" + marker, 1, WAIT).getFirst());
        assertEquals("invalid data for payment-link: callbackUrl",
                DeadLetterReader.reasons("d" + marker, 1, WAIT).getFirst());
        assertEquals("invalid data for payment-link: link.status or link.id",
                DeadLetterReader.reasons("f" + marker, 1, WAIT).getFirst());
        assertEquals("unknown event type '" + EventTypes.PAYMENT_LINK + "' on binding-status",
                DeadLetterReader.reasons("e" + marker, 1, WAIT).getFirst());
        await().atMost(WAIT).until(() -> "DELIVERED".equals(db.byEvent(real.eventId()).map(NotificationDb.Row::status)
                .orElse(null)));
        await().during(Duration.ofSeconds(1)).atMost(Duration.ofSeconds(3)).until(() -> sink.received().size() == 1);
        assertEquals("/cb", sink.received().getFirst().path());
        assertEquals(1, db.count("SELECT count(*) FROM notification WHERE resource_id LIKE ?", "%" + marker),
                "neither the forged nor the malformed events are stored");
    }

    private static List<String> names(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}

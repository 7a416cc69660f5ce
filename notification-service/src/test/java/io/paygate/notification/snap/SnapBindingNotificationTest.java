package io.paygate.notification.snap;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.paygate.kit.config.GatewayConfig;
import io.paygate.model.event.BindingStatusChanged;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.SnapBindingOrigin;
import io.paygate.model.snap.SnapNotificationVerifier;
import io.paygate.model.snap.SnapSignatureException;
import io.paygate.model.snap.notify.SnapPaymentNotifications;
import io.paygate.model.status.BindingStatus;
import io.paygate.notification.support.Events;
import io.paygate.notification.support.IndependentSignatures;
import io.paygate.notification.support.MerchantApi;
import io.paygate.notification.support.MerchantSinkTestBase;
import io.paygate.notification.support.NotificationDb;
import io.paygate.notification.support.NotificationTestResources;
import io.paygate.testsupport.SandboxSnap;
import io.paygate.testsupport.sink.MerchantSink;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import static io.paygate.testsupport.SandboxMerchants.DEMO;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/contract.md §9 "SNAP notifications" for bindings, through the real broker, database and an HTTP merchant: a
 * binding event carrying {@code snap} makes one {@code snap-binding} notification to the registered
 * {@code snapBindingNotifyUrl} beside the §6 one, its exact body signed by the merchant's gateway key (checked with
 * common-model's verifier and the published key), acknowledged only by a {@code 200…} code; none for a binding made
 * through {@code /pg/…} only, none sent without the URL, one for a duplicated event, latest state wins.
 */
@QuarkusTest
@NotificationTestResources
class SnapBindingNotificationTest extends MerchantSinkTestBase {

    private static final ObjectMapper PLAIN = new ObjectMapper();
    private static final String PATH = "/snap/account-binding/notify";
    private static final String OK = "{\"responseCode\":\"2000000\",\"responseMessage\":\"Successful\"}";
    private static final SnapNotificationVerifier CURRENT =
            SnapNotificationVerifier.of(SandboxSnap.gatewayPublicKeyPem(DEMO));
    private static final SnapNotificationVerifier PREVIOUS =
            SnapNotificationVerifier.of(SandboxSnap.gatewayPreviousPublicKeyPem());
    private static final Instant DECIDED = Instant.parse("2026-11-21T03:19:58Z");

    @Inject
    GatewayConfig gateway;

    @Test
    void anActiveSnapBindingGetsOneSnapNotificationWithItsExactBodyBesideItsBindingNotification() throws Exception {
        register("bindingCallbackUrl", sink.url("/binding"));
        register("snapBindingNotifyUrl", sink.url(PATH));
        sink.respondWith(MerchantSink.Reply.status(200, OK));
        String id = Events.id("bnd_");
        EventEnvelope event = binding(1, id, BindingStatus.ACTIVE,
                new SnapBindingOrigin("BIND-" + id, "+62 •••• 7890", null));
        Events.send(event);
        Events.send(event); // a duplicated event changes nothing

        List<MerchantSink.Received> received = sink.awaitReceived(2, WAIT);
        MerchantSink.Received snap = at(received, PATH);
        assertEquals("{\"partnerReferenceNo\":\"BIND-" + id + "\",\"referenceNo\":\"" + id + "\","
                + "\"accountNo\":\"+62 •••• 7890\",\"accountToken\":\"" + id + "\",\"additionalInfo\":"
                + "{\"status\":\"ACTIVE\",\"channel\":\"BCA_DD\",\"finishedTime\":\""
                + SnapPaymentNotifications.TIME.format(DECIDED.atZone(gateway.timezone()))
                + "\",\"merchantId\":\"demo\"}}", snap.body());
        assertSignedByTheCurrentKey(snap);
        assertEquals(snap.body(), PLAIN.writeValueAsString(PLAIN.readTree(snap.body())),
                "JSON.stringify(JSON.parse(body)) gives the same bytes");
        assertEquals(DEMO.id(), snap.header("X-PARTNER-ID"));
        assertTrue(snap.header("X-EXTERNAL-ID").matches("\\d{32}"), snap.header("X-EXTERNAL-ID"));
        assertNull(JsonPath.from(snap.body()).get("signature"), "the SNAP body, no member of ours");
        // The §6 binding notification goes as before.
        assertEquals(id, JsonPath.from(at(received, "/binding").body()).getString("binding.id"));

        NotificationDb.Row row = awaitStatus(event, "snap-binding", "DELIVERED");
        assertEquals(row.id().toString(), snap.header("webhook-id"));
        assertEquals(IndependentSignatures.webhookSignature(DEMO.notificationSecret(), snap.header("webhook-id"),
                snap.header("webhook-timestamp"), snap.body()), snap.header("webhook-signature"));
        awaitStatus(event, null, "DELIVERED");
        Thread.sleep(500);
        assertEquals(2, sink.received().size(), "one notification of each type for the duplicated event");
        assertEquals(1, db.count("SELECT count(*) FROM notification WHERE event_id = ? AND type = 'snap-binding'",
                event.eventId()));
        JsonPath detail = MerchantApi.notification(DEMO, row.id());
        assertEquals("snap-binding", detail.getString("type"));
        assertEquals(id, detail.getString("resourceId"));
        assertEquals(snap.body(), detail.getString("request.body"));
        MerchantApi.as(DEMO).get("/pg/notifications?type=snap-binding&limit=100").then().statusCode(200)
                .body("notifications.find { it.id == '" + row.id() + "' }.status", equalTo("DELIVERED"));
    }

    @Test
    void aPgBindingMakesNoneAndWithoutTheUrlItFailsUnsentUntilARedeliveryAfterRegistering() throws Exception {
        register("bindingCallbackUrl", sink.url("/binding"));
        register("snapBindingNotifyUrl", sink.url(PATH));
        sink.respondWith(MerchantSink.Reply.status(200, OK));
        EventEnvelope pg = binding(1, Events.id("bnd_"), BindingStatus.ACTIVE, null);
        Events.send(pg);
        awaitStatus(pg, null, "DELIVERED");

        MerchantApi.as(DEMO).body("{\"snapBindingNotifyUrl\":null}").put("/pg/merchant/callbacks").then()
                .statusCode(200);
        String id = Events.id("bnd_");
        EventEnvelope failed = binding(1, id, BindingStatus.FAILED, new SnapBindingOrigin("BIND-" + id, null, "EXPIRED"));
        Events.send(failed);
        NotificationDb.Row unsent = awaitStatus(failed, "snap-binding", "FAILED");
        assertEquals("no snapBindingNotifyUrl registered", unsent.lastError());
        awaitStatus(failed, null, "DELIVERED");
        Thread.sleep(500);
        assertEquals(List.of("/binding", "/binding"), sink.received().stream().map(MerchantSink.Received::path).toList());
        assertEquals(0, db.count("SELECT count(*) FROM notification WHERE event_id = ? AND type LIKE 'snap-%'",
                pg.eventId()), "a /pg binding has no SNAP notification");

        register("snapBindingNotifyUrl", sink.url(PATH));
        MerchantApi.as(DEMO).post("/pg/notifications/" + unsent.id() + "/redeliver").then().statusCode(200);
        awaitStatus(failed, "snap-binding", "DELIVERED");
        MerchantSink.Received snap = at(sink.received(), PATH);
        JsonPath body = JsonPath.from(snap.body());
        assertEquals("FAILED", body.getString("additionalInfo.status"));
        assertEquals("EXPIRED", body.getString("additionalInfo.failureReason"));
        assertNull(body.get("accountToken"));
        assertNull(body.get("accountNo"), "not known: not sent");
        assertSignedByTheCurrentKey(snap);
    }

    @Test
    void aReplyWithout200AtTheStartOfItsCodeIsRetriedAndTheLatestStateWins() throws Exception {
        MerchantApi.as(DEMO).body("{\"bindingCallbackUrl\":null}").put("/pg/merchant/callbacks").then().statusCode(200);
        register("snapBindingNotifyUrl", sink.url(PATH));
        sink.enqueue(MerchantSink.Reply.status(200, "{\"responseCode\":\"4000700\",\"responseMessage\":\"Bad\"}"),
                MerchantSink.Reply.status(200, "{\"responseCode\":\"2000700\",\"responseMessage\":\"Successful\"}"));
        String id = Events.id("bnd_");
        SnapBindingOrigin origin = new SnapBindingOrigin("BIND-" + id, "+62 •••• 7890", null);
        // One key, one partition: consumed in this order. PENDING is not a notified state; ACTIVE arrives late.
        EventEnvelope pending = binding(1, id, BindingStatus.PENDING, origin);
        EventEnvelope unbound = binding(3, id, BindingStatus.UNBOUND, origin);
        EventEnvelope active = binding(2, id, BindingStatus.ACTIVE, origin);
        Events.send(pending);
        Events.send(unbound);
        Events.send(active);

        NotificationDb.Row row = awaitStatus(unbound, "snap-binding", "DELIVERED");
        assertEquals(2, row.attempts());
        awaitStatus(active, "snap-binding", "OBSOLETE");
        List<MerchantSink.Received> received = sink.received();
        assertEquals(2, received.size());
        for (MerchantSink.Received attempt : received) {
            assertEquals("UNBOUND", JsonPath.from(attempt.body()).getString("additionalInfo.status"));
            assertEquals(row.id().toString(), attempt.header("webhook-id"));
            assertSignedByTheCurrentKey(attempt);
        }
        assertEquals("responseCode 4000700 does not begin with 200",
                MerchantApi.notification(DEMO, row.id()).getString("attemptLog[0].error"));
        assertEquals(0, db.count("SELECT count(*) FROM notification WHERE event_id = ?", pending.eventId()));
    }

    private void register(String member, String url) {
        MerchantApi.as(DEMO).body("{\"" + member + "\":\"" + url + "\"}").put("/pg/merchant/callbacks").then()
                .statusCode(200).body(member, equalTo(url));
    }

    private static EventEnvelope binding(long sequence, String id, BindingStatus status, SnapBindingOrigin snap) {
        return EventEnvelope.of(DEMO.id(), sequence,
                new BindingStatusChanged(id, status, "BCA_DD", Events.customer(), snap),
                Clock.fixed(DECIDED, ZoneOffset.UTC));
    }

    /** Verified with the published current key, refused by the previous one alone and after any change. */
    private static void assertSignedByTheCurrentKey(MerchantSink.Received received) {
        String timestamp = received.header("X-TIMESTAMP");
        String signature = received.header("X-SIGNATURE");
        assertDoesNotThrow(() -> CURRENT.verify(PATH, received.body(), timestamp, signature));
        assertThrows(SnapSignatureException.class, () -> PREVIOUS.verify(PATH, received.body(), timestamp, signature));
        assertThrows(SnapSignatureException.class, () -> CURRENT.verify(PATH, received.body().replace("BCA_DD",
                "BRI_DD"), timestamp, signature), "a tampered body");
        assertThrows(SnapSignatureException.class, () -> CURRENT.verify("/v1.0/debit/notify", received.body(),
                timestamp, signature), "the registered path is signed");
    }

    private static MerchantSink.Received at(List<MerchantSink.Received> received, String path) {
        return received.stream().filter(r -> r.path().equals(path)).findFirst()
                .orElseThrow(() -> new AssertionError("nothing POSTed to " + path + ": "
                        + received.stream().map(MerchantSink.Received::path).toList()));
    }

    private NotificationDb.Row awaitStatus(EventEnvelope event, String type, String status) {
        await().atMost(WAIT).until(() -> (type == null ? db.byEvent(event.eventId()) : db.byEvent(event.eventId(), type))
                .map(r -> r.status().equals(status)).orElse(false));
        return (type == null ? db.byEvent(event.eventId()) : db.byEvent(event.eventId(), type)).orElseThrow();
    }
}

package io.paygate.notification;

import io.paygate.model.event.EventEnvelope;
import io.paygate.model.status.DisbursementStatus;
import io.paygate.notification.support.Events;
import io.paygate.notification.support.MerchantApi;
import io.paygate.notification.support.NotificationDb;
import io.paygate.notification.support.NotificationTopicsResource;
import io.paygate.testsupport.logs.RecordedLogs;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.paygate.testsupport.quarkus.PostgresResource;
import io.paygate.testsupport.quarkus.SandboxConfigResource;
import io.paygate.notification.support.MerchantSinkTestBase;
import io.paygate.notification.support.NotificationTestResources;
import io.paygate.testsupport.sink.MerchantSink;
import io.paygate.testsupport.sink.MerchantSink.Reply;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.UUID;

import static io.paygate.testsupport.SandboxMerchants.DEMO;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Delivery semantics of docs/contract.md §6 against a real HTTP merchant: what counts as delivered, the retry schedule
 * ({@code %test}: 300ms,300ms,300ms, so four attempts), 410, Retry-After, timeouts, FAILED and redelivery.
 */
@QuarkusTest
@NotificationTestResources
class DeliveryRetryTest extends MerchantSinkTestBase {

    @Test
    void failingThenWrongCodeThenRedirectThenSuccessIsFourAttemptsOfOneNotification() throws Exception {
        sink.enqueue(Reply.status(500, "{\"responseCode\":\"5000000\"}"),
                Reply.status(200, "{\"responseCode\":\"4000000\",\"responseMessage\":\"Bad\",\"processingTime\":1}"),
                Reply.redirect(sink.url("/elsewhere")));
        UUID id = deliverPayment();

        List<MerchantSink.Received> received = sink.awaitReceived(4, WAIT);
        await().atMost(WAIT).until(() -> "DELIVERED".equals(MerchantApi.status(DEMO, id)));
        assertEquals(1, received.stream().map(r -> r.header("webhook-id")).distinct().count(), "one webhook-id");
        assertEquals(id.toString(), received.get(0).header("webhook-id"));
        assertTrue(received.stream().noneMatch(r -> r.path().equals("/elsewhere")), "the redirect is not followed");

        JsonPath detail = MerchantApi.notification(DEMO, id);
        assertEquals(4, detail.getInt("attempts"));
        assertEquals(List.of(500, 200, 302, 200), detail.getList("attemptLog.httpStatus", Integer.class));
        assertEquals("HTTP 500", detail.getString("attemptLog[0].error"));
        assertEquals("responseCode 4000000 is not 2000000", detail.getString("attemptLog[1].error"));
        assertEquals("redirect not followed (HTTP 302)", detail.getString("attemptLog[2].error"));
        assertNull(detail.get("attemptLog[3].error"));
        assertTrue(detail.getString("attemptLog[1].reply").contains("4000000"), "the reply is logged");
        assertEquals(200, detail.getInt("lastHttpStatus"));
        assertNull(detail.get("nextAttemptAt"));

        assertNoMoreRequestsThan(4);
    }

    @Test
    void goneStopsRetryingAtOnce() throws Exception {
        sink.respondWith(Reply.status(410, "{}"));
        UUID id = deliverPayment();
        await().atMost(WAIT).until(() -> "FAILED".equals(MerchantApi.status(DEMO, id)));
        assertEquals(1, MerchantApi.notification(DEMO, id).getInt("attempts"));
        assertNoMoreRequestsThan(1);
    }

    @Test
    void exhaustedScheduleEndsFailedAndARedeliveryOfItDelivers() throws Exception {
        sink.respondWith(Reply.status(503, "busy"));
        UUID id = deliverPayment();
        await().atMost(WAIT).until(() -> "FAILED".equals(MerchantApi.status(DEMO, id)));
        assertEquals(4, MerchantApi.notification(DEMO, id).getInt("attempts"), "one more than the three delays");
        assertNoMoreRequestsThan(4);

        sink.respondWith(Reply.ok());
        MerchantApi.as(DEMO).post("/pg/notifications/" + id + "/redeliver").then().statusCode(200)
                .body("responseCode", equalTo("2000000")).body("status", equalTo("PENDING"));
        await().atMost(WAIT).until(() -> "DELIVERED".equals(MerchantApi.status(DEMO, id)));
        assertEquals(5, MerchantApi.notification(DEMO, id).getInt("attempts"));
        assertEquals(id.toString(), sink.received().get(4).header("webhook-id"));
        assertNoMoreRequestsThan(5);
    }

    @Test
    void failedRedeliveryReturnsTheNotificationToFailedWithoutNewRetries() throws Exception {
        sink.respondWith(Reply.status(410, "{}"));
        UUID id = deliverPayment();
        await().atMost(WAIT).until(() -> "FAILED".equals(MerchantApi.status(DEMO, id)));
        MerchantApi.as(DEMO).post("/pg/notifications/" + id + "/redeliver").then().statusCode(200);
        sink.awaitReceived(2, WAIT);
        await().atMost(WAIT).until(() -> "FAILED".equals(MerchantApi.status(DEMO, id)));
        assertEquals(2, MerchantApi.notification(DEMO, id).getInt("attempts"));
        assertNoMoreRequestsThan(2);
    }

    @Test
    void retryAfterOfABusyMerchantIsHonoured() throws Exception {
        sink.enqueue(Reply.status(429, "{}").withHeader("Retry-After", "2"));
        UUID id = deliverPayment();
        List<MerchantSink.Received> received = sink.awaitReceived(2, WAIT);
        Duration gap = Duration.between(received.get(0).receivedAt(), received.get(1).receivedAt());
        assertTrue(gap.compareTo(Duration.ofMillis(1900)) >= 0, "waited for Retry-After (2 s), not 300 ms: " + gap);
        await().atMost(WAIT).until(() -> "DELIVERED".equals(MerchantApi.status(DEMO, id)));
    }

    @Test
    void garbageReplyAndHangUpAreFailedAttempts() throws Exception {
        sink.enqueue(Reply.status(200, "<html>ok</html>"), Reply.hangUp());
        UUID id = deliverPayment();
        await().atMost(WAIT).until(() -> "DELIVERED".equals(MerchantApi.status(DEMO, id)));
        JsonPath detail = MerchantApi.notification(DEMO, id);
        assertEquals(3, detail.getInt("attempts"));
        assertEquals("reply is not JSON", detail.getString("attemptLog[0].error"));
        assertNull(detail.get("attemptLog[1].httpStatus"), "no reply arrived");
        assertTrue(detail.getString("attemptLog[1].error").startsWith("connection closed"),
                detail.getString("attemptLog[1].error"));
    }

    @Test
    void merchantSlowerThanTheTimeoutFailsTheAttempt() throws Exception {
        sink.enqueue(Reply.ok().after(Duration.ofSeconds(4)));
        UUID id = deliverPayment();
        await().atMost(WAIT).until(() -> MerchantApi.notification(DEMO, id).getInt("attempts") >= 1);
        JsonPath detail = MerchantApi.notification(DEMO, id);
        assertEquals("no reply within 2 s", detail.getString("attemptLog[0].error"));
        assertNull(detail.get("attemptLog[0].httpStatus"));
        assertTrue(detail.getInt("attemptLog[0].durationMs") < 3_500, "cut at the 2 s timeout");
        await().atMost(WAIT).until(() -> "DELIVERED".equals(MerchantApi.status(DEMO, id)));
    }

    @Test
    void withoutARegisteredAddressTheNotificationIsFailedUntilRedeliveredAfterRegistering() throws Exception {
        MerchantApi.registerCallbacks(DEMO, null, null);
        String ref = Events.id("DB");
        EventEnvelope event = Events.disbursement(DEMO.id(), 1, ref, DisbursementStatus.PAYING);
        Events.send(event);
        await().atMost(WAIT).until(() -> db.byEvent(event.eventId()).isPresent());
        UUID id = db.byEvent(event.eventId()).orElseThrow().id();
        JsonPath detail = MerchantApi.notification(DEMO, id);
        assertEquals("FAILED", detail.getString("status"));
        assertEquals("no disbursementCallbackUrl registered", detail.getString("lastError"));
        assertEquals(0, detail.getInt("attempts"));

        MerchantApi.registerCallbacks(DEMO, sink.url("/disbursements"), null);
        MerchantApi.as(DEMO).post("/pg/notifications/" + id + "/redeliver").then().statusCode(200);
        MerchantSink.Received received = sink.awaitReceived(1, WAIT).get(0);
        assertEquals("/disbursements", received.path());
        assertTrue(received.body().contains("\"originalReferenceNo\":\"" + ref + "\""));
        await().atMost(WAIT).until(() -> "DELIVERED".equals(MerchantApi.status(DEMO, id)));
    }

    @Test
    void attemptsAndOutcomesAreCountedForOperators() throws Exception {
        double delivered = metric("paygate_notifications_outcomes_total\\{[^}]*status=\"DELIVERED\"[^}]*type=\"payment\"[^}]*\\}");
        double failedAttempts = metric("paygate_notifications_attempts_seconds_count\\{[^}]*outcome=\"failed\"[^}]*type=\"payment\"[^}]*\\}");
        sink.enqueue(Reply.status(503, "{}"));
        UUID id = deliverPayment();
        sink.awaitReceived(2, WAIT);
        await().atMost(WAIT).until(() -> "DELIVERED".equals(MerchantApi.status(DEMO, id)));
        await().atMost(WAIT).untilAsserted(() -> {
            assertEquals(delivered + 1, metric("paygate_notifications_outcomes_total\\{[^}]*status=\"DELIVERED\"[^}]*type=\"payment\"[^}]*\\}"));
            assertEquals(failedAttempts + 1, metric("paygate_notifications_attempts_seconds_count\\{[^}]*outcome=\"failed\"[^}]*type=\"payment\"[^}]*\\}"));
        });
        assertTrue(metric("paygate_notifications_outcomes_total\\{merchant=\"demo\",status=\"DELIVERED\",type=\"payment\"\\}")
                >= 1, "outcomes carry the configured merchant");
        backlog.refresh();
        io.restassured.RestAssured.given().get("/q/metrics").then().statusCode(200)
                .body(org.hamcrest.Matchers.containsString("paygate_notifications_retry_backlog"));
    }

    @Inject
    io.paygate.notification.delivery.BacklogMonitor backlog;

    /** The sum of the /q/metrics samples matching {@code series} (0 when there are none yet). */
    static double metric(String series) {
        String body = io.restassured.RestAssured.given().get("/q/metrics").then().statusCode(200).extract().asString();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?m)^" + series + " (?<value>[0-9.eE+-]+)$")
                .matcher(body);
        double sum = 0;
        while (m.find()) {
            sum += Double.parseDouble(m.group("value"));
        }
        return sum;
    }

    /** docs/contract.md §0 "Request ids": the lines about a notification carry the id of the request that caused its event. */
    @Test
    void theLinesOfANotificationCarryTheRequestIdOfItsEvent() throws Exception {
        try (RecordedLogs logs = RecordedLogs.start()) {
            sink.enqueue(Reply.status(503, "{}"));
            UUID paid = deliverPayment("req-pay-" + UUID.randomUUID());
            await().atMost(WAIT).until(() -> "DELIVERED".equals(MerchantApi.status(DEMO, paid)));
            MerchantApi.registerCallbacks(DEMO, null, null);
            String transferRequest = "req-dsb-" + UUID.randomUUID();
            String ref = Events.id("DSB");
            EventEnvelope transfer = Events.disbursement(DEMO.id(), 1, ref, DisbursementStatus.PENDING)
                    .withRequestId(transferRequest);
            Events.send(transfer);
            await().atMost(WAIT).until(() -> db.byEvent(transfer.eventId()).isPresent());
            UUID unsent = db.byEvent(transfer.eventId()).orElseThrow().id();

            await().atMost(WAIT).until(() -> !logs.lines(l -> l.message().contains(unsent.toString())).isEmpty());
            List<RecordedLogs.Line> aboutPaid = logs.lines(l -> l.message().contains(paid.toString()));
            List<RecordedLogs.Line> aboutUnsent = logs.lines(l -> l.message().contains(unsent.toString()));
            assertFalse(aboutPaid.isEmpty(), "the failed attempt's line: " + logs.text());
            assertTrue(aboutPaid.stream().allMatch(l -> l.mdc("requestId") != null
                    && l.mdc("requestId").startsWith("req-pay-")), aboutPaid.toString());
            assertTrue(aboutUnsent.stream().allMatch(l -> transferRequest.equals(l.mdc("requestId"))),
                    aboutUnsent.toString());
            assertEquals(1, aboutUnsent.size(), "stored FAILED: no disbursementCallbackUrl registered");
        }
    }

    private UUID deliverPayment() {
        return deliverPayment(null);
    }

    private UUID deliverPayment(String requestId) {
        EventEnvelope event = Events.payment(DEMO.id(), Events.id("PC"), sink.url("/callback")).withRequestId(requestId);
        Events.send(event);
        await().atMost(WAIT).until(() -> db.byEvent(event.eventId()).isPresent());
        return db.byEvent(event.eventId()).orElseThrow().id();
    }

    /** Holds for a while: nothing more arrives than {@code count} requests. */
    private void assertNoMoreRequestsThan(int count) {
        await().during(Duration.ofMillis(1500)).atMost(Duration.ofSeconds(3))
                .until(() -> sink.received().size() == count);
    }
}

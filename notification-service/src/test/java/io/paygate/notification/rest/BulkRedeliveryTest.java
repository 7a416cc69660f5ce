package io.paygate.notification.rest;

import io.paygate.model.event.EventEnvelope;
import io.paygate.model.status.DisbursementStatus;
import io.paygate.notification.support.Events;
import io.paygate.notification.support.MerchantApi;
import io.paygate.notification.support.MerchantSinkTestBase;
import io.paygate.notification.support.NotificationTestResources;
import io.paygate.testsupport.sink.MerchantSink;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static io.paygate.testsupport.SandboxMerchants.DEMO;
import static io.paygate.testsupport.SandboxMerchants.DEMO2;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * docs/contract.md §6 "Bulk redelivery": {@code POST /pg/notifications/redeliver} takes the merchant's notifications of
 * a status, type and creation window, at most 10,000; schedules them at {@code 1/redeliver-rate} (20/s: 50 ms) after
 * the merchant's earlier bulk redeliveries, in one transaction (the schedule is asserted in the database: it is what
 * paces every replica's dispatcher); leaves out those made obsolete by a newer notification, those in flight, test
 * notifications and other merchants'. Rows are written with chosen creation times, as another replica's store writes
 * them, each test in a window of its own far in the past; merchant demo2's pace row is reset around each test.
 */
@QuarkusTest
@NotificationTestResources
class BulkRedeliveryTest extends MerchantSinkTestBase {

    private static final Duration SLOT = Duration.ofMillis(50);

    @BeforeEach
    @AfterEach
    void forgetDemo2sSchedule() {
        db.execute("DELETE FROM notification_redelivery_pace WHERE merchant_id = ?", DEMO2.id());
    }

    @Test
    void schedulesOneAttemptPerMatchingNotificationPacedAfterTheMerchantsEarlierBulkRedeliveries() throws Exception {
        Instant day = Instant.parse("2004-04-01T00:00:00Z");
        List<UUID> payments = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            payments.add(db.insert(DEMO2.id(), "payment", Events.id("PCB"), 1, "FAILED", null,
                    day.plusSeconds(i), sink.url("/callback")));
        }
        UUID binding = db.insert(DEMO2.id(), "binding", Events.id("BNDB"), 1, "FAILED", null, day.plusSeconds(40),
                null);
        UUID delivered = db.insert(DEMO2.id(), "payment", Events.id("PCB"), 1, "DELIVERED", null, day, null);
        UUID before = db.insert(DEMO2.id(), "payment", Events.id("PCB"), 1, "FAILED", null, day.minusMillis(1), null);
        UUID after = db.insert(DEMO2.id(), "payment", Events.id("PCB"), 1, "FAILED", null,
                Instant.parse("2004-04-02T00:00:00Z"), null);
        UUID foreign = db.insert(DEMO.id(), "payment", Events.id("PCB"), 1, "FAILED", null, day, null);
        // An earlier bulk redelivery of demo2 is scheduled until an hour from now: this one starts there (and nothing
        // of this test becomes due while it runs).
        db.execute("INSERT INTO notification_redelivery_pace VALUES (?, now() + interval '1 hour')", DEMO2.id());
        Instant paced = pacedUntil();

        redeliver("{\"status\":\"FAILED\",\"type\":\"payment\",\"from\":\"2004-04-01T07:00:00+07:00\","
                + "\"to\":\"2004-04-02T00:00:00Z\"}").then().statusCode(200)
                .body("responseCode", equalTo("2000000")).body("responseMessage", equalTo("Success"))
                .body("count", equalTo(30));

        List<Scheduled> rows = scheduled(payments);
        for (int i = 0; i < rows.size(); i++) {
            assertEquals("PENDING", rows.get(i).status());
            assertEquals("FAILED", rows.get(i).redeliveryOf(), "returns to FAILED if the attempt fails");
            assertEquals(paced.plus(SLOT.multipliedBy(i)), rows.get(i).nextAttemptAt(), "slot " + i + ", oldest first");
        }
        assertEquals(paced.plus(SLOT.multipliedBy(30)), pacedUntil(), "the merchant's schedule ends after the last");
        for (UUID untouched : List.of(binding, before, after, foreign)) {
            assertEquals("FAILED", scheduled(List.of(untouched)).getFirst().status(), untouched + " not taken");
        }
        assertEquals("DELIVERED", scheduled(List.of(delivered)).getFirst().status());

        // The next one (another type) starts where the first ends, so both together are paced.
        redeliver("{\"status\":\"FAILED\",\"from\":\"2004-04-01T00:00:00Z\",\"to\":\"2004-04-02T00:00:00Z\"}")
                .then().statusCode(200).body("count", equalTo(1));
        Scheduled next = scheduled(List.of(binding)).getFirst();
        assertEquals("PENDING", next.status());
        assertEquals(paced.plus(SLOT.multipliedBy(30)), next.nextAttemptAt());
        assertEquals(paced.plus(SLOT.multipliedBy(31)), pacedUntil());
        assertEquals("FAILED", scheduled(List.of(foreign)).getFirst().status(), "never another merchant's");
        forget(Instant.parse("2004-04-01T00:00:00Z"), Instant.parse("2004-04-03T00:00:00Z"));
    }

    @Test
    void leavesOutNotificationsMadeObsoleteByANewerOneThoseInFlightAndTestNotifications() throws Exception {
        Instant day = Instant.parse("2005-05-01T00:00:00Z");
        String superseded = Events.id("PCO");
        UUID older = db.insert(DEMO2.id(), "payment", superseded, 1, "FAILED", null, day, null);
        UUID newer = db.insert(DEMO2.id(), "payment", superseded, 2, "FAILED", null, day.plusSeconds(1), null);
        String delivered = Events.id("PCO");
        UUID olderFailed = db.insert(DEMO2.id(), "payment", delivered, 1, "FAILED", null, day, null);
        db.insert(DEMO2.id(), "payment", delivered, 2, "DELIVERED", null, day.plusSeconds(1), null);
        UUID obsolete = db.insert(DEMO2.id(), "binding", Events.id("BNDO"), 1, "OBSOLETE", null, day, null);
        UUID test = db.insert(DEMO2.id(), "test", "TEST-0000000000000001", 0, "FAILED", null, day, null);
        // PENDING, due tomorrow (written FAILED first, so that no dispatcher finds it due meanwhile); one in flight.
        UUID pending = db.insert(DEMO2.id(), "disbursement", Events.id("DSBO"), 1, "FAILED", null, day, null);
        UUID inFlight = db.insert(DEMO2.id(), "disbursement", Events.id("DSBO"), 1, "FAILED", null, day, null);
        db.execute("UPDATE notification SET status = 'PENDING', next_attempt_at = now() + interval '1 day'"
                + " WHERE id = ?", pending);
        db.execute("UPDATE notification SET status = 'PENDING', next_attempt_at = now() + interval '1 day',"
                + " lease_token = gen_random_uuid(), lease_until = now() + interval '1 hour' WHERE id = ?", inFlight);
        db.execute("INSERT INTO notification_redelivery_pace VALUES (?, now() + interval '1 hour')", DEMO2.id());
        Instant paced = pacedUntil();
        String window = "\"from\":\"2005-05-01T00:00:00Z\",\"to\":\"2005-05-02T00:00:00Z\"";

        redeliver("{\"status\":\"FAILED\"," + window + "}").then().statusCode(200).body("count", equalTo(1));
        assertEquals("PENDING", scheduled(List.of(newer)).getFirst().status(), "the newest of its resource");
        assertEquals(paced, scheduled(List.of(newer)).getFirst().nextAttemptAt());
        for (UUID left : List.of(older, olderFailed, test)) {
            assertEquals("FAILED", scheduled(List.of(left)).getFirst().status(), left + " is not sent again");
        }
        assertEquals("OBSOLETE", scheduled(List.of(obsolete)).getFirst().status());

        redeliver("{\"status\":\"PENDING\",\"type\":\"disbursement\"," + window + "}").then().statusCode(200)
                .body("count", equalTo(1));
        Scheduled rescheduled = scheduled(List.of(pending)).getFirst();
        assertEquals(paced.plus(SLOT), rescheduled.nextAttemptAt(), "a PENDING one is due at its slot");
        assertNull(rescheduled.redeliveryOf(), "and keeps its retries if the attempt fails");
        assertEquals(1, db.count("SELECT count(*) FROM notification WHERE id = ? AND lease_token IS NOT NULL"
                + " AND next_attempt_at > now() + interval '2 hours'", inFlight), "the one in flight is left to it");
        forget(day, day.plus(Duration.ofDays(1)));
    }

    @Test
    void refusesMoreThanTenThousandNamingHowManyMoreMatchAndChangesNothing() throws Exception {
        db.execute("""
                INSERT INTO notification (id, event_id, merchant_id, type, resource_id, sequence, status, payload,
                                          occurred_at, created_at)
                SELECT gen_random_uuid(), gen_random_uuid(), ?, 'payment', 'PCL' || i, 1, 'FAILED', '{}',
                       timestamptz '2006-06-01T00:00:00Z' + i * interval '1 second',
                       timestamptz '2006-06-01T00:00:00Z' + i * interval '1 second'
                FROM generate_series(1, 10001) AS i""", DEMO2.id());
        db.execute("INSERT INTO notification_redelivery_pace VALUES (?, now() + interval '1 hour')", DEMO2.id());
        Instant paced = pacedUntil();
        String body = "{\"status\":\"FAILED\",\"type\":\"payment\",\"from\":\"2006-06-01T00:00:00Z\","
                + "\"to\":\"2006-06-02T00:00:00Z\"}";

        redeliver(body).then().statusCode(409).body("responseCode", equalTo("4090700"))
                .body("responseMessage", equalTo("Conflict. 10001 notifications match, 1 more than the 10000 one "
                        + "call takes: narrow from/to or name a type"));
        assertEquals(10001, db.count("SELECT count(*) FROM notification WHERE merchant_id = ? AND status = 'FAILED'"
                + " AND created_at >= '2006-06-01T00:00:00Z' AND created_at < '2006-06-02T00:00:00Z'", DEMO2.id()));
        assertEquals(paced, pacedUntil(), "nothing scheduled");

        db.execute("DELETE FROM notification WHERE merchant_id = ? AND resource_id = 'PCL10001'", DEMO2.id());
        redeliver(body).then().statusCode(200).body("count", equalTo(10000));
        assertEquals(10000, db.count("SELECT count(*) FROM notification WHERE merchant_id = ? AND status = 'PENDING'"
                + " AND created_at >= '2006-06-01T00:00:00Z' AND created_at < '2006-06-02T00:00:00Z'", DEMO2.id()));
        assertEquals(paced.plus(SLOT.multipliedBy(10000)), pacedUntil());
        forget(Instant.parse("2006-06-01T00:00:00Z"), Instant.parse("2006-06-02T00:00:00Z"));
    }

    /** End to end: transfers FAILED for want of a URL are sent again once one is registered, and delivered. */
    @Test
    void redeliveredNotificationsReachTheMerchant() {
        MerchantApi.registerCallbacks(DEMO2, null, null);
        List<EventEnvelope> events = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            events.add(Events.disbursement(DEMO2.id(), 1, Events.id("DSBR"), DisbursementStatus.SUCCESS));
        }
        events.forEach(Events::send);
        for (EventEnvelope event : events) {
            await().atMost(WAIT).until(() -> db.byEvent(event.eventId()).map(r -> r.status().equals("FAILED"))
                    .orElse(false));
        }
        MerchantApi.registerCallbacks(DEMO2, sink.url("/transfers"), null);
        String from = events.stream().map(this::createdAt).min(java.util.Comparator.naturalOrder()).orElseThrow()
                .toString();

        redeliver("{\"status\":\"FAILED\",\"type\":\"disbursement\",\"from\":\"" + from + "\",\"to\":\""
                + OffsetDateTime.parse(from).plusMinutes(10) + "\"}").then().statusCode(200).body("count", equalTo(3));

        List<MerchantSink.Received> received = awaitReceived(3);
        assertEquals(events.stream().map(e -> db.byEvent(e.eventId()).orElseThrow().id().toString()).sorted().toList(),
                received.stream().map(r -> r.header("webhook-id")).sorted().toList());
        for (EventEnvelope event : events) {
            await().atMost(WAIT).until(() -> db.byEvent(event.eventId()).map(r -> r.status().equals("DELIVERED"))
                    .orElse(false));
        }
    }

    @Test
    void badRequestsNameTheirField() {
        String window = "\"from\":\"2026-11-01T00:00:00+07:00\",\"to\":\"2026-11-02T00:00:00+07:00\"";
        String[][] cases = {
                {"{" + window + "}", "4000702", "Invalid Mandatory Field status"},
                {"{\"status\":\"FAILED\",\"to\":\"2026-11-02T00:00:00Z\"}", "4000702", "Invalid Mandatory Field from"},
                {"{\"status\":\"FAILED\",\"from\":\"2026-11-02T00:00:00Z\"}", "4000702", "Invalid Mandatory Field to"},
                {"{\"status\":\"DELIVERED\"," + window + "}", "4000701", "Invalid Field Format status"},
                {"{\"status\":\"OBSOLETE\"," + window + "}", "4000701", "Invalid Field Format status"},
                {"{\"status\":\"failed\"," + window + "}", "4000701", "Invalid Field Format status"},
                {"{\"status\":\"FAILED\",\"type\":\"refund\"," + window + "}", "4000701", "Invalid Field Format type"},
                {"{\"status\":\"FAILED\",\"type\":\"test\"," + window + "}", "4000701", "Invalid Field Format type"},
                {"{\"status\":\"FAILED\",\"from\":\"2026-11-01\",\"to\":\"2026-11-02T00:00:00Z\"}", "4000701",
                        "Invalid Field Format from"},
                {"{\"status\":\"FAILED\",\"from\":\"2026-11-01T00:00:00Z\",\"to\":\"soon\"}", "4000701",
                        "Invalid Field Format to"},
                {"{\"status\":\"FAILED\",\"from\":\"2026-11-02T00:00:00Z\",\"to\":\"2026-11-02T00:00:00Z\"}",
                        "4000701", "Invalid Field Format to"},
                {"{\"status\":\"FAILED\",\"from\":\"2026-11-01T00:00:00Z\",\"to\":\"2026-12-02T00:00:01Z\"}",
                        "4000701", "Invalid Field Format to"},
                {"{\"status\":\"FAILED\",\"from\":\"1999-12-01T00:00:00Z\",\"to\":\"1999-12-02T00:00:00Z\"}",
                        "4000701", "Invalid Field Format from"},
                {"{\"status\":5," + window + "}", "4000700", null},
                {"{\"status\":\"FAILED\",", "4000700", null},
                {"[]", "4000700", null}};
        for (String[] c : cases) {
            var reply = redeliver(c[0]).then().statusCode(400).body("responseCode", equalTo(c[1]));
            if (c[2] != null) {
                reply.body("responseMessage", equalTo(c[2]));
            }
        }
        // Exactly 31 days is allowed.
        redeliver("{\"status\":\"FAILED\",\"from\":\"2001-01-01T00:00:00Z\",\"to\":\"2001-02-01T00:00:00Z\"}").then()
                .statusCode(200).body("count", equalTo(0));
        MerchantApi.as(DEMO2).contentType("text/plain").body("{}").post("/pg/notifications/redeliver").then()
                .statusCode(415).body("responseCode", equalTo("4150700"));
        io.restassured.RestAssured.given().contentType("application/json").body("{}")
                .post("/pg/notifications/redeliver").then().statusCode(401).body("responseCode", equalTo("4010700"));
    }

    private static io.restassured.response.Response redeliver(String body) {
        return MerchantApi.as(DEMO2).body(body).post("/pg/notifications/redeliver");
    }

    private List<MerchantSink.Received> awaitReceived(int count) {
        try {
            return sink.awaitReceived(count, WAIT);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private OffsetDateTime createdAt(EventEnvelope event) {
        try (Connection c = dataSource.getConnection();
             PreparedStatement s = c.prepareStatement("SELECT created_at FROM notification WHERE event_id = ?")) {
            s.setObject(1, event.eventId());
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getObject(1, OffsetDateTime.class);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private record Scheduled(String status, String redeliveryOf, Instant nextAttemptAt) {
    }

    /** The rows, in the order given. */
    private List<Scheduled> scheduled(List<UUID> ids) throws SQLException {
        List<Scheduled> rows = new ArrayList<>();
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(
                "SELECT status, redelivery_of, next_attempt_at FROM notification WHERE id = ?")) {
            for (UUID id : ids) {
                s.setObject(1, id);
                try (ResultSet rs = s.executeQuery()) {
                    rs.next();
                    OffsetDateTime next = rs.getObject(3, OffsetDateTime.class);
                    rows.add(new Scheduled(rs.getString(1), rs.getString(2), next == null ? null : next.toInstant()));
                }
            }
        }
        return rows;
    }

    private Instant pacedUntil() throws SQLException {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(
                "SELECT paced_until FROM notification_redelivery_pace WHERE merchant_id = ?")) {
            s.setString(1, DEMO2.id());
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getObject(1, OffsetDateTime.class).toInstant();
            }
        }
    }

    /** Removes this test's rows (of both merchants) so that none is ever due in a later test. */
    private void forget(Instant from, Instant to) {
        db.execute("DELETE FROM notification WHERE created_at >= ? AND created_at < ?",
                from.atOffset(java.time.ZoneOffset.UTC), to.atOffset(java.time.ZoneOffset.UTC));
    }
}

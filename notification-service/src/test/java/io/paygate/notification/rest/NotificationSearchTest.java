package io.paygate.notification.rest;

import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.PaymentStatusChanged;
import io.paygate.model.event.SnapOrigin;
import io.paygate.model.status.BindingStatus;
import io.paygate.model.status.DisbursementStatus;
import io.paygate.model.status.PaymentStatus;
import io.paygate.notification.support.Events;
import io.paygate.notification.support.MerchantApi;
import io.paygate.notification.support.MerchantSinkTestBase;
import io.paygate.notification.support.NotificationTestResources;
import io.paygate.testsupport.SandboxMerchants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import static io.paygate.testsupport.SandboxMerchants.DEMO;
import static io.paygate.testsupport.SandboxMerchants.DEMO2;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/contract.md §6 "Search": {@code GET /pg/notifications} by {@code resourceId}, {@code orderId} (a payment's, a
 * SNAP payment's, a transfer's {@code partnerReferenceNo}), {@code eventId}, {@code from}/{@code to} on
 * {@code createdAt}, with the keyset cursor, only ever the merchant's own; bad values are {@code 4000701} naming the
 * parameter; V10's backfill of the order id from stored bodies.
 */
@QuarkusTest
@NotificationTestResources
class NotificationSearchTest extends MerchantSinkTestBase {

    @Test
    void findsNotificationsByResourceIdOrderIdAndEventIdOfEveryKind() {
        String code = Events.id("PCS");
        String order = "ORD-S-" + code;
        PaymentStatusChanged captured = Events.cardCaptured(code, order, sink.url("/callback"));
        EventEnvelope first = Events.payment(DEMO.id(), 1, captured);
        EventEnvelope second = Events.payment(DEMO.id(), 2, new PaymentStatusChanged(code, order,
                captured.amount(), "IDR", captured.customer(), captured.meta(), captured.card(), PaymentStatus.REFUNDED,
                null, captured.callbackUrl(), captured.method()));
        String reference = Events.id("DSBS");
        EventEnvelope transfer = Events.disbursement(DEMO.id(), 1, reference, DisbursementStatus.SUCCESS);
        String bindingId = Events.id("BNDS");
        EventEnvelope binding = Events.binding(DEMO.id(), 1, bindingId, BindingStatus.ACTIVE);
        String vaCode = Events.id("PCSVA");
        String vaOrder = "INV-" + vaCode;
        EventEnvelope va = Events.payment(DEMO.id(), 1, new PaymentStatusChanged(vaCode, vaOrder,
                new BigDecimal("150000"), "IDR", Events.customer(), null, null, PaymentStatus.CAPTURED, null,
                sink.url("/callback"), null).withSnap(new SnapOrigin(SnapOrigin.VA, vaOrder, vaCode, "   12345",
                "08123456789", "   1234508123456789", "Siti Rahayu")));
        for (EventEnvelope event : List.of(first, second, transfer, binding, va)) {
            Events.send(event);
        }
        for (EventEnvelope event : List.of(first, second, transfer, binding, va)) {
            await().atMost(WAIT).until(() -> db.byEvent(event.eventId()).isPresent());
        }
        await().atMost(WAIT).until(() -> db.byEvent(va.eventId(), "snap-va").isPresent());

        assertEquals(List.of(id(second), id(first)), ids(DEMO, Map.of("orderId", order)), "newest first");
        assertEquals(List.of(id(second), id(first)), ids(DEMO, Map.of("resourceId", code)));
        assertEquals(List.of(id(first)), ids(DEMO, Map.of("eventId", first.eventId().toString())));
        assertEquals(List.of(id(transfer)), ids(DEMO, Map.of("orderId", "TRF-" + reference)));
        assertEquals(List.of(id(transfer)), ids(DEMO, Map.of("resourceId", reference, "type", "disbursement")));
        assertEquals(List.of(id(binding)), ids(DEMO, Map.of("resourceId", bindingId)));
        assertEquals(List.of(), ids(DEMO, Map.of("resourceId", bindingId, "type", "payment")));
        assertEquals(List.of(), ids(DEMO, Map.of("orderId", order, "type", "disbursement")));
        assertEquals(List.of(), ids(DEMO, Map.of("orderId", order, "eventId", transfer.eventId().toString())));
        // A SNAP payment's order id is its partnerReferenceNo (trxId): its payment and its snap-va notifications.
        List<String> snapPayment = ids(DEMO, Map.of("orderId", vaOrder));
        assertEquals(Set.of(id(va), db.byEvent(va.eventId(), "snap-va").orElseThrow().id().toString()),
                Set.copyOf(snapPayment));
        assertEquals(2, snapPayment.size());
        assertEquals(List.of(db.byEvent(va.eventId(), "snap-va").orElseThrow().id().toString()),
                ids(DEMO, Map.of("orderId", vaOrder, "type", "snap-va")));
        JsonPath listed = MerchantApi.as(DEMO).queryParam("eventId", transfer.eventId().toString())
                .get("/pg/notifications").then().statusCode(200).body("responseCode", equalTo("2000000"))
                .extract().jsonPath();
        assertEquals("disbursement", listed.getString("notifications[0].type"));
        assertEquals(reference, listed.getString("notifications[0].resourceId"));
        assertEquals(0, db.count("SELECT count(*) FROM notification WHERE event_id = ? AND order_id IS NOT NULL",
                binding.eventId()), "a binding has no order id");
    }

    @Test
    void anotherMerchantsNotificationsAreNeverFoundWhateverTheFilter() {
        String code = Events.id("PCX");
        EventEnvelope event = Events.payment(DEMO.id(), code, sink.url("/callback"));
        Events.send(event);
        await().atMost(WAIT).until(() -> db.byEvent(event.eventId()).isPresent());
        assertEquals(List.of(id(event)), ids(DEMO, Map.of("resourceId", code)));

        assertEquals(List.of(), ids(DEMO2, Map.of("resourceId", code)));
        assertEquals(List.of(), ids(DEMO2, Map.of("orderId", "ORD-" + code)));
        assertEquals(List.of(), ids(DEMO2, Map.of("eventId", event.eventId().toString())));
        assertEquals(List.of(), ids(DEMO2, Map.of("orderId", "ORD-" + code, "type", "payment", "status",
                db.byEvent(event.eventId()).orElseThrow().status())));
    }

    /** Rows with chosen creation times (as another replica's store writes them), paged one at a time. */
    @Test
    void fromAndToSelectByCreationTimeAndTheCursorPagesThroughWhatTheyAndTheOtherFiltersSelect() {
        String order = Events.id("ORD-W-");
        List<String> rows = new ArrayList<>();
        for (int day = 1; day <= 5; day++) {
            rows.add(db.insert(DEMO.id(), "payment", Events.id("PCW"), 1, "FAILED", order,
                    Instant.parse("2003-03-0" + day + "T00:00:00Z"), sink.url("/callback")).toString());
        }
        rows.add(db.insert(DEMO.id(), "disbursement", Events.id("DSBW"), 1, "FAILED", order,
                Instant.parse("2003-03-03T12:00:00Z"), null).toString());
        db.insert(DEMO2.id(), "payment", Events.id("PCW"), 1, "FAILED", order, Instant.parse("2003-03-03T00:00:00Z"),
                null);

        // from inclusive (07:00+07:00 is 00:00Z), to exclusive: days 2, 3 and 4, and the transfer of day 3.
        Map<String, String> window = Map.of("from", "2003-03-02T07:00:00+07:00", "to", "2003-03-05T00:00:00Z");
        assertEquals(List.of(rows.get(5), rows.get(3), rows.get(2), rows.get(1)), pages(DEMO, window, 1));
        assertEquals(List.of(rows.get(3), rows.get(2), rows.get(1)), pages(DEMO, with(window, "type", "payment"), 2));
        assertEquals(List.of(rows.get(5), rows.get(3), rows.get(2), rows.get(1)),
                pages(DEMO, with(window, "orderId", order), 3));
        assertEquals(List.of(rows.get(4), rows.get(3)), pages(DEMO, Map.of("from", "2003-03-04T00:00:00Z",
                "to", "2003-03-06T00:00:00Z", "orderId", order), 1));
        assertEquals(List.of(rows.get(0)), pages(DEMO, Map.of("to", "2003-03-02T00:00:00Z", "orderId", order), 1));
        assertEquals(List.of(rows.get(5), rows.get(4), rows.get(3), rows.get(2), rows.get(1), rows.get(0)),
                pages(DEMO, Map.of("orderId", order), 4));
        assertEquals(List.of(), pages(DEMO, Map.of("from", "2003-03-06T00:00:00Z", "orderId", order), 1));
    }

    @Test
    void badSearchValuesAreInvalidFieldFormatNamingTheParameter() {
        // (A parameter sent empty, "?orderId=", reaches the resource as absent: no filter.)
        String[][] bad = {{"resourceId", "R".repeat(65)}, {"orderId", "O".repeat(65)}, {"eventId", "not-a-uuid"},
                {"eventId", "1-1-1-1-1"}, {"eventId", UUID.randomUUID() + "0"}, {"from", "yesterday"},
                {"from", "2026-11-21T10:15:30"}, {"from", "2026-11-21"}, {"from", "1999-12-31T23:59:59Z"},
                {"from", "+10000-01-01T00:00:00Z"}, {"to", "2026-13-01T00:00:00Z"}, {"to", " "},
                {"to", "10000-01-01T00:00:00+07:00"}, {"resourceId", "R".repeat(200)}};
        for (String[] param : bad) {
            var reply = MerchantApi.as(DEMO2).queryParam(param[0], param[1]).get("/pg/notifications");
            assertEquals(400, reply.statusCode(), param[0] + "=" + param[1]);
            reply.then().body("responseCode", equalTo("4000701"))
                    .body("responseMessage", equalTo("Invalid Field Format " + param[0]));
        }
        for (String from : List.of("2026-11-21T10:15:30+07:00", "2026-11-21T03:15:31Z")) {
            MerchantApi.as(DEMO2).queryParam("from", from).queryParam("to", "2026-11-21T03:15:30Z")
                    .get("/pg/notifications").then().statusCode(400)
                    .body("responseMessage", equalTo("Invalid Field Format to"));
        }
        MerchantApi.as(DEMO2).queryParam("from", "2026-11-21T10:15:30+07:00")
                .queryParam("to", "2026-11-21T10:15:31+07:00")
                .queryParam("orderId", "O".repeat(64)).queryParam("resourceId", "R".repeat(64))
                .queryParam("eventId", UUID.randomUUID().toString()).get("/pg/notifications").then().statusCode(200)
                .body("notifications.size()", equalTo(0)).body("nextCursor", equalTo(null));
    }

    /**
     * V10 fills order_id of the rows stored before it from their bodies. Its UPDATE runs here, as written in the
     * migration, on a temporary table of the same name (which hides the real one in this session).
     */
    @Test
    void theMigrationFillsTheOrderIdOfEarlierRowsFromTheirBodies() throws Exception {
        String update = backfillStatement();
        Map<String, String[]> rows = new HashMap<>();
        rows.put("payment", new String[]{"payment", "{\"order\":{\"id\":\"ORD-1\",\"amount\":150000.00},"
                + "\"meta\":{\"data\":{\"note\":\"caf\\u00e9 \\\\u0000\"}}}", "ORD-1"});
        // PostgreSQL holds no U+0000 in text: that body is left as it is (not found by order id, as before V10).
        rows.put("payment with U+0000", new String[]{"payment", "{\"order\":{\"id\":\"ORD-2\"},"
                + "\"meta\":{\"data\":{\"note\":\"\\u0000\"}}}", null});
        rows.put("not JSON", new String[]{"payment", "{\"order\":", null});
        rows.put("disbursement", new String[]{"disbursement", "{\"originalReferenceNo\":\"DSB1\","
                + "\"originalPartnerReferenceNo\":\"TRF-1\"}", "TRF-1"});
        rows.put("va", new String[]{"snap-va", "{\"trxId\":\"INV/1\",\"referenceNo\":\"PC1\"}", "INV/1"});
        rows.put("qr", new String[]{"snap-qr",
                "{\"originalReferenceNo\":\"PC2\",\"originalPartnerReferenceNo\":\"QR-1\"}", "QR-1"});
        rows.put("debit", new String[]{"snap-debit", "{\"originalPartnerReferenceNo\":\"DD-1\"}", "DD-1"});
        rows.put("binding", new String[]{"binding", "{\"binding\":{\"id\":\"BND1\"}}", null});
        rows.put("snap-binding", new String[]{"snap-binding", "{\"partnerReferenceNo\":\"BIND-1\"}", null});
        rows.put("subscription", new String[]{"subscription", "{\"recurring\":{\"id\":\"SUB1\"}}", null});
        rows.put("too long", new String[]{"payment", "{\"order\":{\"id\":\"" + "O".repeat(65) + "\"}}", null});
        rows.put("no order", new String[]{"payment", "{\"result\":{}}", null});
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try (Statement s = c.createStatement()) {
                s.execute("CREATE TEMP TABLE notification (id uuid PRIMARY KEY, type varchar(16), payload text,"
                        + " order_id varchar(64)) ON COMMIT DROP");
            }
            try (PreparedStatement insert = c.prepareStatement(
                    "INSERT INTO pg_temp.notification VALUES (?, ?, ?, NULL)")) {
                for (Map.Entry<String, String[]> row : rows.entrySet()) {
                    insert.setObject(1, UUID.nameUUIDFromBytes(row.getKey().getBytes(StandardCharsets.UTF_8)));
                    insert.setString(2, row.getValue()[0]);
                    insert.setString(3, row.getValue()[1]);
                    insert.executeUpdate();
                }
            }
            try (Statement s = c.createStatement()) {
                s.execute(update);
            }
            try (PreparedStatement read = c.prepareStatement(
                    "SELECT order_id FROM pg_temp.notification WHERE id = ?")) {
                for (Map.Entry<String, String[]> row : rows.entrySet()) {
                    read.setObject(1, UUID.nameUUIDFromBytes(row.getKey().getBytes(StandardCharsets.UTF_8)));
                    try (ResultSet rs = read.executeQuery()) {
                        assertTrue(rs.next());
                        assertEquals(row.getValue()[2], rs.getString(1), row.getKey());
                    }
                }
            }
            c.rollback();
        }
    }

    private static String backfillStatement() throws IOException {
        try (InputStream in = NotificationSearchTest.class.getResourceAsStream(
                "/db/migration/V10__notification_order_id.sql")) {
            String sql = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            int start = sql.indexOf("CREATE FUNCTION");
            int end = sql.indexOf('\n', sql.indexOf("DROP FUNCTION"));
            assertTrue(start >= 0 && end > start, "V10 has its backfill");
            return sql.substring(start, end);
        }
    }

    private String id(EventEnvelope event) {
        return db.byEvent(event.eventId()).orElseThrow().id().toString();
    }

    private static Map<String, String> with(Map<String, String> params, String name, String value) {
        Map<String, String> all = new HashMap<>(params);
        all.put(name, value);
        return all;
    }

    /** The ids of one page (100 at most). */
    private static List<String> ids(SandboxMerchants.Merchant merchant, Map<String, String> params) {
        return MerchantApi.as(merchant).queryParams(params).queryParam("limit", "100").get("/pg/notifications")
                .then().statusCode(200).extract().jsonPath().getList("notifications.id");
    }

    /** Every page of {@code limit}, followed through nextCursor; no id twice. */
    private static List<String> pages(SandboxMerchants.Merchant merchant, Map<String, String> params, int limit) {
        List<String> seen = new ArrayList<>();
        String cursor = null;
        for (int page = 0; page < 50; page++) {
            var request = MerchantApi.as(merchant).queryParams(params).queryParam("limit", String.valueOf(limit));
            if (cursor != null) {
                request.queryParam("cursor", cursor);
            }
            JsonPath reply = request.get("/pg/notifications").then().statusCode(200).extract().jsonPath();
            List<String> ids = reply.getList("notifications.id");
            assertTrue(ids.size() <= limit);
            seen.addAll(ids);
            cursor = reply.getString("nextCursor");
            if (cursor == null) {
                assertEquals(seen.size(), Set.copyOf(seen).size(), "no notification twice");
                return seen;
            }
        }
        throw new AssertionError("more than 50 pages");
    }

    @Test
    void aCursorIssuedWithOneFilterStillOnlyShowsTheMerchantsOwn() {
        String order = Events.id("ORD-C-");
        for (int i = 0; i < 3; i++) {
            db.insert(DEMO.id(), "payment", Events.id("PCC"), 1, "FAILED", order, Instant.now(), null);
        }
        String cursor = MerchantApi.as(DEMO).queryParam("orderId", order).queryParam("limit", "1")
                .get("/pg/notifications").then().statusCode(200).extract().jsonPath().getString("nextCursor");
        assertTrue(cursor != null);
        assertEquals(List.of(), MerchantApi.as(DEMO2).queryParam("orderId", order).queryParam("cursor", cursor)
                .get("/pg/notifications").then().statusCode(200).extract().jsonPath().getList("notifications"));
        assertNull(MerchantApi.as(DEMO2).queryParam("orderId", order).queryParam("cursor", cursor)
                .get("/pg/notifications").then().extract().jsonPath().getString("nextCursor"));
    }
}

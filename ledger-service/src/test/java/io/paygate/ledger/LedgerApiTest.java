package io.paygate.ledger;

import io.agroal.api.AgroalDataSource;
import io.paygate.kit.snap.AccessTokens;
import io.paygate.ledger.events.EventPosting;
import io.paygate.ledger.holds.HoldReconciliation;
import io.paygate.ledger.support.Events;
import io.paygate.ledger.support.Ledger;
import io.paygate.ledger.support.LedgerTestResources;
import io.paygate.ledger.support.PaymentServiceStub;
import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.model.status.DisbursementStatus;
import io.paygate.qa.SnapSigning;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.SandboxSnap;
import io.paygate.testsupport.quarkus.SandboxConfigResource;
import io.paygate.testsupport.rest.MerchantSigningFilter;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * ledger-service's HTTP API: the internal holds (payment-service's), their final states and reconciliation, the
 * merchant's balance, transactions, settlements and report, the sandbox top-up and the SNAP door, each with its bad
 * inputs.
 */
@QuarkusTest
@LedgerTestResources
class LedgerApiTest {

    private static final String DEMO = SandboxMerchants.DEMO.id();
    private static final String DEMO2 = SandboxMerchants.DEMO2.id();

    @Inject
    AgroalDataSource dataSource;
    @Inject
    EventPosting posting;
    @Inject
    HoldReconciliation reconciliation;
    @Inject
    AccessTokens tokens;

    private Ledger ledger;

    @BeforeEach
    void ledger() {
        ledger = new Ledger(dataSource);
    }

    private static RequestSpecification internal() {
        return given().auth().oauth2(SandboxConfigResource.INTERNAL_TOKEN).contentType(ContentType.JSON);
    }

    static Response hold(String merchant, String key, String amount) {
        return internal().body("{\"referenceNo\": \"REF-" + key + "\", \"amount\": \"" + amount
                + "\", \"currency\": \"IDR\"}").put("/internal/holds/" + merchant + "/" + key);
    }

    private void topUp(SandboxMerchants.Merchant merchant, String amount) {
        given().filter(MerchantSigningFilter.as(merchant)).contentType(ContentType.JSON)
                .body("{\"amount\": \"" + amount + "\"}").post("/pg/sandbox/balance/top-up").then().statusCode(200);
    }

    @Test
    void aHoldTakesAmountAndFeeFromAvailableOnceAndRefusesWhatIsNotThere() {
        topUp(SandboxMerchants.DEMO, "500000.00");
        BigDecimal available = ledger.balance(DEMO, "available");
        BigDecimal held = ledger.balance(DEMO, "held");
        String key = Events.id("PRN");
        // demo's DISBURSEMENT fee: fixed 5000
        hold(DEMO, key, "150000.00").then().statusCode(201).body("status", equalTo("HELD"))
                .body("fee", equalTo("5000.00")).body("amount", equalTo("150000.00"))
                .body("available", equalTo(available.subtract(new BigDecimal("155000.00")).toPlainString()))
                .body("holdId", notNullValue());
        hold(DEMO, key, "150000.00").then().statusCode(200).body("status", equalTo("HELD"));
        hold(DEMO, key, "150001.00").then().statusCode(409).body("reason", equalTo("CONFLICT"));
        assertEquals(available.subtract(new BigDecimal("155000.00")), ledger.balance(DEMO, "available"));
        assertEquals(held.add(new BigDecimal("155000.00")), ledger.balance(DEMO, "held"));
        internal().get("/internal/holds/" + DEMO + "/" + key).then().statusCode(200).body("status", equalTo("HELD"))
                .body("referenceNo", equalTo("REF-" + key));

        BigDecimal now = ledger.balance(DEMO, "available");
        hold(DEMO, Events.id("PRN"), "9999999999999.99").then().statusCode(422)
                .body("reason", equalTo("INSUFFICIENT_FUNDS")).body("available", equalTo(now.toPlainString()))
                .body("required", equalTo("10000000004999.99"));
        assertEquals(now, ledger.balance(DEMO, "available"));
    }

    @Test
    void twoHoldsAtOnceThatTogetherExceedAvailableMakeExactlyOne() throws Exception {
        topUp(SandboxMerchants.DEMO2, "1000.00");
        BigDecimal available = ledger.balance(DEMO2, "available");
        String half = available.divide(BigDecimal.valueOf(2)).add(new BigDecimal("1.00"))
                .setScale(2, java.math.RoundingMode.DOWN).toPlainString();
        List<Integer> statuses = LedgerPostingTest.race(() -> hold(DEMO2, Events.id("A"), half).statusCode(),
                () -> hold(DEMO2, Events.id("B"), half).statusCode());
        assertEquals(List.of(201, 422), statuses.stream().sorted().toList());
        assertEquals(available.subtract(new BigDecimal(half)), ledger.balance(DEMO2, "available"));
    }

    @Test
    void holdInputsAreCheckedAndOnlyTheInternalTokenIsLetIn() {
        String key = Events.id("PRN");
        given().contentType(ContentType.JSON).body("{}").put("/internal/holds/" + DEMO + "/" + key).then()
                .statusCode(401);
        given().auth().oauth2("wrong").contentType(ContentType.JSON).get("/internal/holds/" + DEMO + "/" + key)
                .then().statusCode(401);
        for (String amount : List.of("0.00", "1", "1.0", "-1.00", "10000000000000.00", "abc", "1e5")) {
            hold(DEMO, key, amount).then().statusCode(400).body("responseCode", equalTo("4001401"));
        }
        internal().body("{\"referenceNo\": \"R\", \"currency\": \"IDR\"}").put("/internal/holds/" + DEMO + "/" + key)
                .then().statusCode(400).body("responseCode", equalTo("4001402"));
        internal().body("{\"amount\": \"1.00\", \"currency\": \"IDR\"}").put("/internal/holds/" + DEMO + "/" + key)
                .then().statusCode(400).body("responseCode", equalTo("4001402"));
        internal().body("{\"referenceNo\": \"R\", \"amount\": \"1.00\", \"currency\": \"idr\"}")
                .put("/internal/holds/" + DEMO + "/" + key).then().statusCode(400)
                .body("responseCode", equalTo("4001401"));
        internal().body("{not json").put("/internal/holds/" + DEMO + "/" + key).then().statusCode(400);
        internal().body("{\"referenceNo\": \"R\", \"amount\": \"1.00\", \"currency\": \"IDR\"}")
                .put("/internal/holds/" + DEMO + "/" + "x".repeat(65)).then().statusCode(400);
        hold("no-such-merchant", key, "1.00").then().statusCode(404);
        internal().get("/internal/holds/" + DEMO + "/" + key).then().statusCode(404)
                .body("responseCode", equalTo("4041401"));
        assertEquals(0, ledger.count("SELECT count(*) FROM hold WHERE partner_reference_no = ?", key));
    }

    @Test
    void finalStatesDebitReleaseAndReturnAHoldOnceEach() {
        topUp(SandboxMerchants.DEMO2, "300000.00");
        BigDecimal available = ledger.balance(DEMO2, "available");
        String paid = Events.id("PAID");
        String failed = Events.id("FAIL");
        hold(DEMO2, paid, "100000.00").then().statusCode(201).body("fee", equalTo("0.00"));
        hold(DEMO2, failed, "50000.00").then().statusCode(201);
        post(Events.disbursement(DEMO2, paid, "REF-" + paid, "100000.00", DisbursementStatus.SUCCESS));
        post(Events.disbursement(DEMO2, paid, "REF-" + paid, "100000.00", DisbursementStatus.SUCCESS));
        post(Events.disbursement(DEMO2, failed, "REF-" + failed, "50000.00", DisbursementStatus.FAILED));
        assertEquals(available.subtract(new BigDecimal("100000.00")), ledger.balance(DEMO2, "available"));
        internal().get("/internal/holds/" + DEMO2 + "/" + paid).then().body("status", equalTo("DEBITED"));
        internal().get("/internal/holds/" + DEMO2 + "/" + failed).then().body("status", equalTo("RELEASED"));
        post(Events.disbursement(DEMO2, paid, "REF-" + paid, "100000.00", DisbursementStatus.REFUNDED));
        post(Events.disbursement(DEMO2, paid, "REF-" + paid, "100000.00", DisbursementStatus.REFUNDED));
        assertEquals(available, ledger.balance(DEMO2, "available"));
    }

    @Test
    void aStaleHoldIsReleasedWhenPaymentServiceNeverWroteItsTransferAndDebitedWhenItWasPaid() throws Exception {
        topUp(SandboxMerchants.DEMO2, "20000.00");
        BigDecimal available = ledger.balance(DEMO2, "available");
        String never = Events.id("NEVER");
        String paid = Events.id("PAID");
        hold(DEMO2, never, "7000.00").then().statusCode(201);
        hold(DEMO2, paid, "3000.00").then().statusCode(201);
        PaymentServiceStub.answer("/internal/disbursements/" + DEMO2 + "/" + paid, "{\"referenceNo\": \"REF-" + paid
                + "\", \"partnerReferenceNo\": \"" + paid + "\", \"merchantId\": \"demo2\", \"amount\": \"3000.00\", "
                + "\"currency\": \"IDR\", \"latestTransactionStatus\": \"00\"}");
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            s.execute("UPDATE hold SET reconcile_at = now() - interval '1 second' WHERE partner_reference_no IN ('"
                    + never + "', '" + paid + "')");
        }
        assertTrue(reconciliation.reconcile() >= 2);
        assertTrue(PaymentServiceStub.requests().contains("/internal/disbursements/" + DEMO2 + "/" + never));
        internal().get("/internal/holds/" + DEMO2 + "/" + never).then().body("status", equalTo("RELEASED"));
        internal().get("/internal/holds/" + DEMO2 + "/" + paid).then().body("status", equalTo("DEBITED"));
        assertEquals(available.subtract(new BigDecimal("3000.00")), ledger.balance(DEMO2, "available"));
        // the event arriving after the reconciliation posts nothing more
        post(Events.disbursement(DEMO2, paid, "REF-" + paid, "3000.00", DisbursementStatus.SUCCESS));
        assertEquals(available.subtract(new BigDecimal("3000.00")), ledger.balance(DEMO2, "available"));
    }

    @Test
    void theBalanceAndItsTransactionsPageByCursorWithFilters() {
        topUp(SandboxMerchants.DEMO2, "1.00");
        topUp(SandboxMerchants.DEMO2, "2.00");
        topUp(SandboxMerchants.DEMO2, "3.00");
        Response balance = given().filter(MerchantSigningFilter.as(SandboxMerchants.DEMO2)).get("/pg/balance");
        balance.then().statusCode(200).body("responseCode", equalTo("2000000")).body("currency", equalTo("IDR"));
        assertEquals(ledger.balance(DEMO2, "available").toPlainString(), balance.jsonPath().getString("available"));

        Response first = given().filter(MerchantSigningFilter.as(SandboxMerchants.DEMO2))
                .queryParam("type", "ADJUSTMENT").queryParam("limit", "2").get("/pg/balance/transactions");
        first.then().statusCode(200).body("transactions", hasSize(2))
                .body("transactions[0].amount", equalTo("3.00")).body("transactions[1].amount", equalTo("2.00"))
                .body("transactions[0].account", equalTo("available")).body("nextCursor", notNullValue());
        given().filter(MerchantSigningFilter.as(SandboxMerchants.DEMO2)).queryParam("type", "ADJUSTMENT")
                .queryParam("limit", "1").queryParam("cursor", first.jsonPath().getString("nextCursor"))
                .get("/pg/balance/transactions").then().statusCode(200).body("transactions[0].amount", equalTo("1.00"));
        // demo's cursor is not demo2's
        given().filter(MerchantSigningFilter.as(SandboxMerchants.DEMO))
                .queryParam("cursor", first.jsonPath().getString("nextCursor")).get("/pg/balance/transactions")
                .then().statusCode(400).body("responseCode", equalTo("4001401"));
        for (String[] bad : List.of(new String[] {"type", "BONUS"}, new String[] {"limit", "0"},
                new String[] {"limit", "201"}, new String[] {"from", "yesterday"}, new String[] {"to", "2026-01-01"},
                new String[] {"cursor", "forged.cursor"}, new String[] {"from", "1999-12-31T00:00:00Z"})) {
            given().filter(MerchantSigningFilter.as(SandboxMerchants.DEMO2)).queryParam(bad[0], bad[1])
                    .get("/pg/balance/transactions").then().statusCode(400)
                    .body("responseCode", equalTo("4001401"));
        }
        given().filter(MerchantSigningFilter.as(SandboxMerchants.DEMO2))
                .queryParam("from", "2026-02-01T00:00:00+07:00").queryParam("to", "2026-01-01T00:00:00+07:00")
                .get("/pg/balance/transactions").then().statusCode(400);
        given().get("/pg/balance").then().statusCode(401).body("responseCode", equalTo("4011400"));
        given().get("/pg/balance/transactions").then().statusCode(401);
    }

    @Test
    void theTopUpIsForSandboxMerchantsWithAnAmount() {
        for (String body : List.of("{}", "{\"amount\": \"\"}")) {
            given().filter(MerchantSigningFilter.as(SandboxMerchants.DEMO)).contentType(ContentType.JSON).body(body)
                    .post("/pg/sandbox/balance/top-up").then().statusCode(400)
                    .body("responseCode", equalTo("4001402"));
        }
        for (String amount : List.of("0.00", "5", "-5.00", "99999999999999.00")) {
            given().filter(MerchantSigningFilter.as(SandboxMerchants.DEMO)).contentType(ContentType.JSON)
                    .body("{\"amount\": \"" + amount + "\"}").post("/pg/sandbox/balance/top-up").then()
                    .statusCode(400).body("responseCode", equalTo("4001401"));
        }
        given().contentType(ContentType.JSON).body("{\"amount\": \"1.00\"}").post("/pg/sandbox/balance/top-up")
                .then().statusCode(401);
    }

    @Test
    void settlementsAreListedByDateAndReportedAsCsvWithFormulasDefused() {
        String code = Events.id("PL");
        post(Events.captured(DEMO, code, "100000.00", PaymentMethod.CARD));
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            s.execute("UPDATE capture SET order_id = '=HYPERLINK(\"x\")' WHERE payment_code = '" + code + "'");
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        LocalDate due = LocalDate.now(ZoneId.of("Asia/Jakarta")).plusDays(1);
        given().auth().oauth2(SandboxMerchants.OPS_TOKEN).contentType(ContentType.JSON)
                .body("{\"asOf\": \"" + due + "\"}").post("/admin/settlements/run").then().statusCode(200);
        String id = given().filter(MerchantSigningFilter.as(SandboxMerchants.DEMO)).queryParam("from", due.toString())
                .queryParam("to", due.toString()).get("/pg/settlements").then().statusCode(200)
                .body("settlements", hasSize(1)).body("settlements[0].date", equalTo(due.toString()))
                .extract().jsonPath().getString("settlements[0].settlementId");
        String csv = given().filter(MerchantSigningFilter.as(SandboxMerchants.DEMO))
                .get("/pg/settlements/" + id + "/report").then().statusCode(200)
                .contentType(startsWith("text/csv")).extract().asString();
        assertTrue(csv.startsWith("orderId,method,capturedAt,gross,fee,vat,net"), csv);
        assertTrue(csv.contains("\"'=HYPERLINK(\"\"x\"\")\",CARD,"), csv);
        assertTrue(csv.contains(",100000.00,4900.00,539.00,94561.00"), csv);

        given().filter(MerchantSigningFilter.as(SandboxMerchants.DEMO2)).get("/pg/settlements/" + id + "/report")
                .then().statusCode(404).body("responseCode", equalTo("4041401"));
        for (String[] bad : List.of(new String[] {"from", "2026-1-1"}, new String[] {"to", "tomorrow"},
                new String[] {"from", "2026-02-30"})) {
            given().filter(MerchantSigningFilter.as(SandboxMerchants.DEMO)).queryParam(bad[0], bad[1])
                    .get("/pg/settlements").then().statusCode(400).body("responseCode", equalTo("4001401"));
        }
        given().filter(MerchantSigningFilter.as(SandboxMerchants.DEMO)).queryParam("from", "2026-02-02")
                .queryParam("to", "2026-02-01").get("/pg/settlements").then().statusCode(400);
        given().get("/pg/settlements").then().statusCode(401);
    }

    @Test
    void theSnapBalanceInquiryIsBehindTheSnapDoorWithItsServiceCode() {
        Response reply = given().contentType(ContentType.JSON).body("{}").post("/v1.0/balance-inquiry");
        reply.then().statusCode(401);
        assertTrue(reply.jsonPath().getString("responseCode").matches("40111\\d\\d"), reply.asString());
        assertNotEquals(404, reply.statusCode());
    }

    @Test
    void theReconciliationListsEveryFactMissingOnEitherSideOrWithAnotherAmountAndNothingOnAHealthyDay() {
        LocalDate day = LocalDate.of(2021, 3, 15);
        Instant at = day.atTime(10, 0).atZone(ZoneId.of("Asia/Jakarta")).toInstant();
        String agreed = Events.id("PC");
        String otherAmount = Events.id("PC");
        String ledgerOnly = Events.id("PC");
        String gatewayOnly = Events.id("PC");
        String refund = Events.id("RF");
        String reversed = Events.id("PC");
        String payout = Events.id("PRN");
        post(Events.at(Events.captured(DEMO, agreed, "100000.00", PaymentMethod.CARD), at));
        post(Events.at(Events.captured(DEMO, otherAmount, "50000.00", PaymentMethod.QRIS), at));
        post(Events.at(Events.captured(DEMO2, ledgerOnly, "1.00", PaymentMethod.CARD), at));
        post(Events.at(Events.refunded(DEMO, agreed, refund, "20000.00", "SUCCEEDED"), at));
        // a reversal is no refund: payment-service lists none, and neither does the ledger's side
        post(Events.at(Events.captured(DEMO, reversed, "3000.00", PaymentMethod.CARD), at));
        post(Events.at(Events.reversed(DEMO, reversed, "3000.00"), at));
        topUp(SandboxMerchants.DEMO2, "10000.00");
        hold(DEMO2, payout, "3000.00").then().statusCode(201);
        post(Events.at(Events.disbursement(DEMO2, payout, "REF-" + payout, "3000.00", DisbursementStatus.SUCCESS), at));
        PaymentServiceStub.facts(day, "CAPTURE", PaymentServiceStub.fact(agreed, DEMO, "CAPTURE", "100000.00"),
                PaymentServiceStub.fact(otherAmount, DEMO, "CAPTURE", "50001.00"),
                PaymentServiceStub.fact(reversed, DEMO, "CAPTURE", "3000.00"),
                PaymentServiceStub.fact(gatewayOnly, DEMO, "CAPTURE", "7000.00"));
        PaymentServiceStub.facts(day, "REFUND", PaymentServiceStub.fact(refund, DEMO, "REFUND", "20000.00"));
        PaymentServiceStub.facts(day, "DISBURSEMENT",
                PaymentServiceStub.fact("REF-" + payout, DEMO2, "DISBURSEMENT", "3000.00"));

        Response report = given().auth().oauth2(SandboxMerchants.OPS_TOKEN).queryParam("date", day.toString())
                .get("/admin/reconciliation");
        report.then().statusCode(200).body("responseCode", equalTo("2000000")).body("date", equalTo("2021-03-15"));
        assertEquals(Set.of("CAPTURE " + otherAmount + " demo 50001.00 50000.00",
                        "CAPTURE " + ledgerOnly + " demo2 null 1.00", "CAPTURE " + gatewayOnly + " demo 7000.00 null"),
                report.jsonPath().getList("differences", Map.class).stream().map(d -> d.get("kind") + " "
                        + d.get("reference") + " " + d.get("merchantId") + " " + d.get("gateway") + " "
                        + d.get("ledger")).collect(Collectors.toSet()), report.asString());
        // four captures, two a page: the cursor was followed
        assertTrue(PaymentServiceStub.requests().stream().anyMatch(r -> r.contains("date=2021-03-15")
                && r.contains("kind=CAPTURE") && r.contains("cursor=2")), PaymentServiceStub.requests().toString());

        // the day before holds nothing on either side
        given().auth().oauth2("alice-operator-token").queryParam("date", day.minusDays(1).toString())
                .get("/admin/reconciliation").then().statusCode(200).body("differences", hasSize(0));
    }

    @Test
    void theReconciliationNeedsAnOperatorARealDateAndPaymentService() {
        given().get("/admin/reconciliation?date=2021-03-15").then().statusCode(401);
        given().auth().oauth2("wrong").get("/admin/reconciliation?date=2021-03-15").then().statusCode(401);
        given().filter(MerchantSigningFilter.as(SandboxMerchants.DEMO)).get("/admin/reconciliation?date=2021-03-15")
                .then().statusCode(401);
        given().auth().oauth2(SandboxMerchants.OPS_TOKEN).get("/admin/reconciliation").then().statusCode(400)
                .body("responseCode", equalTo("4001402")).body("responseMessage", containsString("date"));
        for (String bad : List.of("", "2021-3-15", "2021-02-30", "15-03-2021", "2021-03-15T00:00:00")) {
            given().auth().oauth2(SandboxMerchants.OPS_TOKEN).queryParam("date", bad).get("/admin/reconciliation")
                    .then().statusCode(400).body("responseCode", equalTo(bad.isEmpty() ? "4001402" : "4001401"))
                    .body("responseMessage", containsString("date"));
        }
        PaymentServiceStub.factsDown(true);
        try {
            given().auth().oauth2(SandboxMerchants.OPS_TOKEN).queryParam("date", "2021-03-15")
                    .get("/admin/reconciliation").then().statusCode(503).body("responseCode", equalTo("5031400"));
        } finally {
            PaymentServiceStub.factsDown(false);
        }
    }

    @Test
    void theSnapBalanceInquiryOfASignedClientAnswersItsBalancesAsAccountInfos() {
        topUp(SandboxMerchants.DEMO2, "12.00");
        String available = ledger.balance(DEMO2, "available").setScale(2).toPlainString();
        String pending = ledger.balance(DEMO2, "pending").setScale(2).toPlainString();
        String held = ledger.balance(DEMO2, "held").setScale(2).toPlainString();
        String total = ledger.balance(DEMO2, "available").add(ledger.balance(DEMO2, "pending"))
                .add(ledger.balance(DEMO2, "held")).setScale(2).toPlainString();
        String token = tokens.issue(DEMO2);
        SnapSigning signing = SnapSigning.as(SandboxSnap.clientKey(SandboxMerchants.DEMO2),
                SandboxMerchants.DEMO2.clientSecret(), token);
        given().contentType(ContentType.JSON).filter(signing)
                .body("{\"partnerReferenceNo\": \"BI-1\", \"accountNo\": \"0000000000\", \"balanceTypes\": [\"Cash\"]}")
                .post("/v1.0/balance-inquiry").then().statusCode(200)
                .body("responseCode", equalTo("2001100")).body("partnerReferenceNo", equalTo("BI-1"))
                .body("accountInfos", hasSize(1)).body("accountInfos[0].balanceType", equalTo("Cash"))
                .body("accountInfos[0].availableBalance.value", equalTo(available))
                .body("accountInfos[0].availableBalance.currency", equalTo("IDR"))
                .body("accountInfos[0].floatAmount.value", equalTo(pending))
                .body("accountInfos[0].holdAmount.value", equalTo(held))
                .body("accountInfos[0].amount.value", equalTo(total))
                .body("accountInfos[0].ledgerBalance.value", equalTo(total))
                .body("accountInfos[0].status", equalTo("0001"));
        given().contentType(ContentType.JSON).filter(SnapSigning.as(SandboxSnap.clientKey(SandboxMerchants.DEMO2),
                        SandboxMerchants.DEMO2.clientSecret(), token))
                .body("{\"partnerReferenceNo\": \"" + "x".repeat(65) + "\"}").post("/v1.0/balance-inquiry").then()
                .statusCode(400).body("responseCode", startsWith("40011"));
    }

    private void post(io.paygate.model.event.EventEnvelope event) {
        String outcome = posting.post(Events.received(Events.signed(event)));
        assertTrue(List.of("posted", "ignored").contains(outcome), outcome);
    }
}

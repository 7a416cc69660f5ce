package io.paygate.payment.reporting;

import io.agroal.api.AgroalDataSource;
import io.paygate.payment.support.Db;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.quarkus.SandboxConfigResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.sql.Timestamp;
import java.time.Duration;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

import static io.paygate.payment.support.PaymentApi.as;
import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * docs/contract.md §12: {@code GET /internal/ledger-facts}, what ledger-service's reconciliation compares with its
 * ledger — one kind of one day in {@code gateway.timezone} (Asia/Jakarta in tests), across merchants, oldest first, in
 * signed pages; internal token only; every bad parameter named.
 */
@QuarkusTest
@PaymentTestResources
class InternalLedgerFactsTest {

    private static final String FACTS = "/internal/ledger-facts";

    @Inject
    AgroalDataSource dataSource;

    static ValidatableResponse facts(String query) {
        return given().header("Authorization", "Bearer " + SandboxConfigResource.INTERNAL_TOKEN)
                .get(FACTS + query).then();
    }

    /** A day of its own for this run, long past, so no other test's movements are in it. */
    private static LocalDate aDayOfItsOwn() {
        return LocalDate.of(1990, 1, 1).plusDays(ThreadLocalRandom.current().nextInt(10_000));
    }

    private void movement(String kind, String merchant, String reference, String amount, String at) {
        new Db(dataSource).update("""
                INSERT INTO money_movement (merchant_id, occurred_at, kind, order_id, reference, amount, currency, status)
                VALUES (?, ?, ?, ?, ?, CAST(? AS numeric), 'IDR', 'X')""", merchant,
                Timestamp.from(OffsetDateTime.parse(at).toInstant()), kind, "order-" + reference, reference, amount);
    }

    @Test
    void aDaysFactsOfOneKindComeOldestFirstInPagesAcrossMerchants() {
        LocalDate day = aDayOfItsOwn();
        String r = UUID.randomUUID().toString().substring(0, 8);
        movement("PAYMENT_CAPTURED", "demo", r + "-late", "150000.00", day + "T23:59:59.999+07:00");
        movement("PAYMENT_CAPTURED", "demo2", r + "-first", "1.00", day + "T00:00:00+07:00");
        movement("PAYMENT_CAPTURED", "demo", r + "-noon", "9999999999999.99", day + "T12:00:00+07:00");
        movement("PAYMENT_CAPTURED", "demo", r + "-eve", "5.00", day.minusDays(1) + "T23:59:59+07:00");
        movement("PAYMENT_CAPTURED", "demo", r + "-next", "5.00", day.plusDays(1) + "T00:00:00+07:00");
        movement("REFUND_SUCCEEDED", "demo", r + "-refund", "7.00", day + "T10:00:00+07:00");
        movement("PAYMENT_REVERSED", "demo", r + "-reversed", "8.00", day + "T10:00:00+07:00");
        movement("DISBURSEMENT_PAID", "demo", r + "-paid", "9.00", day + "T11:00:00+07:00");

        String cursor = facts("?date=" + day + "&kind=CAPTURE&limit=2").statusCode(200)
                .body("facts.reference", equalTo(List.of(r + "-first", r + "-noon")))
                .body("facts[0].merchantId", equalTo("demo2")).body("facts[0].kind", equalTo("CAPTURE"))
                .body("facts[0].amount", equalTo("1.00")).body("facts[0].at", equalTo(day + "T00:00:00+07:00"))
                .body("facts[1].amount", equalTo("9999999999999.99"))
                .extract().path("nextCursor");
        facts("?date=" + day + "&kind=CAPTURE&limit=2&cursor=" + cursor).statusCode(200)
                .body("facts.reference", equalTo(List.of(r + "-late"))).body("nextCursor", nullValue());
        facts("?date=" + day + "&kind=REFUND").statusCode(200)
                .body("facts.reference", equalTo(List.of(r + "-refund"))).body("facts[0].amount", equalTo("7.00"));
        facts("?date=" + day + "&kind=DISBURSEMENT").statusCode(200)
                .body("facts.reference", equalTo(List.of(r + "-paid")));
        // A cursor belongs to its day and kind.
        facts("?date=" + day + "&kind=REFUND&cursor=" + cursor).statusCode(400)
                .body("responseCode", equalTo("4001001")).body("responseMessage", equalTo("Invalid Field Format cursor"));
        facts("?date=" + day.plusDays(1) + "&kind=CAPTURE&cursor=" + cursor).statusCode(400)
                .body("responseCode", equalTo("4001001"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "no date              | ?kind=CAPTURE                                | 4001002 | Invalid Mandatory Field date",
            "date not a date      | ?date=2026-13-01&kind=CAPTURE                | 4001001 | Invalid Field Format date",
            "date without dashes  | ?date=20260101&kind=CAPTURE                  | 4001001 | Invalid Field Format date",
            "date with a time     | ?date=2026-01-01T00:00&kind=CAPTURE          | 4001001 | Invalid Field Format date",
            "no kind              | ?date=2026-01-01                             | 4001002 | Invalid Mandatory Field kind",
            "unknown kind         | ?date=2026-01-01&kind=PAYOUT                 | 4001001 | Invalid Field Format kind",
            "kind in lower case   | ?date=2026-01-01&kind=capture                | 4001001 | Invalid Field Format kind",
            "limit zero           | ?date=2026-01-01&kind=CAPTURE&limit=0        | 4001001 | Invalid Field Format limit",
            "limit over 1000      | ?date=2026-01-01&kind=CAPTURE&limit=1001     | 4001001 | Invalid Field Format limit",
            "limit not a number   | ?date=2026-01-01&kind=CAPTURE&limit=ten      | 4001001 | Invalid Field Format limit",
            "cursor never issued  | ?date=2026-01-01&kind=CAPTURE&cursor=abc.def | 4001001 | Invalid Field Format cursor"})
    void badParametersAreRefusedNamingThem(String name, String query, String code, String message) {
        facts(query).statusCode(400).body("responseCode", equalTo(code)).body("responseMessage", equalTo(message));
    }

    @Test
    void theLimitsBoundsAreAccepted() {
        facts("?date=2026-01-01&kind=CAPTURE&limit=1").statusCode(200);
        facts("?date=2026-01-01&kind=CAPTURE&limit=1000").statusCode(200);
    }

    @Test
    void onlyTheInternalTokenReadsFacts() {
        given().get(FACTS + "?date=2026-01-01&kind=CAPTURE").then().statusCode(401)
                .body("responseCode", equalTo("4011000"));
        given().header("Authorization", "Bearer " + SandboxConfigResource.INTERNAL_TOKEN + "x")
                .get(FACTS + "?date=2026-01-01&kind=CAPTURE").then().statusCode(401);
        given().header("Authorization", "Bearer " + SandboxMerchants.OPS_TOKEN)
                .get(FACTS + "?date=2026-01-01&kind=CAPTURE").then().statusCode(401);
    }

    @Test
    void aTransferPaidIsADisbursementFactOfItsDayWithItsAmount() {
        String ref = "TRF-" + UUID.randomUUID();
        String referenceNo = as(SandboxMerchants.DEMO).contentType("application/json").body("""
                        {"partnerReferenceNo":"%s","beneficiaryBankCode":"014","beneficiaryAccountName":"Siti",\
                        "beneficiaryAccountNo":"1234567890","amount":{"value":"4321.00","currency":"IDR"}}"""
                        .formatted(ref)).post("/pg/disbursement/transfer").then().statusCode(200)
                .extract().path("referenceNo");
        await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(300)).untilAsserted(() ->
                assertNotNull(new Db(dataSource).value("SELECT 1 FROM money_movement WHERE reference = ? AND kind = "
                        + "'DISBURSEMENT_PAID'", referenceNo), "paid"));
        String date = new Db(dataSource).value("""
                SELECT to_char(occurred_at AT TIME ZONE 'Asia/Jakarta', 'YYYY-MM-DD') FROM money_movement
                WHERE reference = ? AND kind = 'DISBURSEMENT_PAID'""", referenceNo);
        String cursor = null;
        do {
            ValidatableResponse page = facts("?date=" + date + "&kind=DISBURSEMENT&limit=1000"
                    + (cursor == null ? "" : "&cursor=" + cursor)).statusCode(200);
            List<Map<String, String>> facts = page.extract().path("facts");
            for (Map<String, String> fact : facts) {
                if (fact.get("reference").equals(referenceNo)) {
                    assertEquals(Map.of("reference", referenceNo, "merchantId", "demo", "kind", "DISBURSEMENT",
                            "amount", "4321.00"), Map.of("reference", fact.get("reference"), "merchantId",
                            fact.get("merchantId"), "kind", fact.get("kind"), "amount", fact.get("amount")));
                    return;
                }
            }
            cursor = page.extract().path("nextCursor");
        } while (cursor != null);
        fail("the paid transfer is not among its day's DISBURSEMENT facts");
    }
}

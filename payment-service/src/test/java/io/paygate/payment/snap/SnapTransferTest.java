package io.paygate.payment.snap;

import io.agroal.api.AgroalDataSource;
import io.paygate.kit.snap.AccessTokens;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.Topics;
import io.paygate.model.snap.SnapTransactionSigner;
import io.paygate.model.json.Json;
import io.paygate.payment.support.Db;
import io.paygate.payment.support.LedgerServiceResource;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.testsupport.kafka.TopicReader;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import static io.paygate.payment.snap.SnapPaymentFixtures.TRANSFER;
import static io.paygate.payment.snap.SnapPaymentFixtures.TRANSFER_STATUS;
import static io.paygate.payment.snap.SnapPaymentFixtures.assertRefused;
import static io.paygate.payment.snap.SnapPaymentFixtures.newReference;
import static io.paygate.payment.snap.SnapPaymentFixtures.signing;
import static io.paygate.payment.snap.SnapPaymentFixtures.snap;
import static io.paygate.payment.snap.SnapPaymentFixtures.transferBody;
import static io.paygate.payment.support.PaymentApi.as;
import static io.paygate.testsupport.SandboxMerchants.DEMO;
import static io.paygate.testsupport.SandboxMerchants.DEMO2;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * docs/contract.md §9, transfers (18, 36): a SNAP transfer is an ordinary §5 transfer (its {@code partnerReferenceNo}
 * §5's, unique across both doors) that the sandbox bank moves, {@code /pg/} shows and cancels, the ledger records and
 * the disbursement events carry; {@code transfer/status} reports its §5 code; every bad field is refused naming it and
 * nothing is written.
 */
@QuarkusTest
@PaymentTestResources
class SnapTransferTest {

    private static final String TIME = "\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\+07:00";

    @Inject
    AccessTokens tokens;

    @Inject
    AgroalDataSource dataSource;

    String demo;
    String demo2;

    @BeforeEach
    void tokens() {
        demo = tokens.issue(DEMO.id());
        demo2 = tokens.issue(DEMO2.id());
    }

    ValidatableResponse post(String path, String body) {
        return snap(DEMO, demo).body(body).post(path).then();
    }

    int count(String sql, Object... args) {
        return new Db(dataSource).count(sql, args);
    }

    static ValidatableResponse pgStatus(String partnerReferenceNo) {
        return as(DEMO).get("/pg/disbursement/status/" + partnerReferenceNo).then();
    }

    static void awaitPgStatus(String partnerReferenceNo, String code) {
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200)).untilAsserted(() ->
                pgStatus(partnerReferenceNo).statusCode(200).body("latestTransactionStatus", equalTo(code)));
    }

    static String byPartnerReference(String partnerReferenceNo) {
        return "{\"originalPartnerReferenceNo\":\"" + partnerReferenceNo + "\",\"serviceCode\":\"18\"}";
    }

    static String byReference(String referenceNo) {
        return "{\"originalReferenceNo\":\"" + referenceNo + "\",\"serviceCode\":\"18\","
                + "\"transactionDate\":\"2026-11-21T10:15:30+07:00\",\"additionalInfo\":{\"deviceId\":\"1\"}}";
    }

    @Test
    void aSnapTransferIsAnOrdinaryTransferThatTheSandboxBankPays() {
        String reference = newReference();
        ValidatableResponse made = post(TRANSFER, transferBody(reference, "1234567890", "250000")).statusCode(200)
                .body("responseCode", equalTo("2001800")).body("responseMessage", equalTo("Successful"))
                .body("referenceNo", matchesPattern("DSB[0-9A-Z]{21}")).body("partnerReferenceNo", equalTo(reference))
                .body("amount.value", equalTo("250000.00")).body("amount.currency", equalTo("IDR"))
                .body("beneficiaryAccountNo", equalTo("1234567890")).body("beneficiaryBankCode", equalTo("014"))
                .body("sourceAccountNo", equalTo("0000000000"))
                .body("additionalInfo.latestTransactionStatus", equalTo("01"))
                .body("additionalInfo.transactionStatusDesc", equalTo("Initiated"))
                .body("additionalInfo.transactionDate", matchesPattern(TIME));
        String referenceNo = made.extract().path("referenceNo");
        pgStatus(reference).statusCode(200).body("referenceNo", equalTo(referenceNo))
                .body("beneficiaryAccountName", equalTo("Siti Rahayu")).body("amount.value", equalTo("250000.00"))
                .body("additionalInfo.notes", equalTo("Invoice 7"));

        awaitPgStatus(reference, "00");
        for (String asked : new String[]{byPartnerReference(reference), byReference(referenceNo),
                "{\"originalPartnerReferenceNo\":\"" + reference + "\",\"originalReferenceNo\":\"" + referenceNo
                        + "\",\"originalExternalId\":\"123\"}"}) {
            post(TRANSFER_STATUS, asked).statusCode(200).body("responseCode", equalTo("2003600"))
                    .body("responseMessage", equalTo("Successful"))
                    .body("originalReferenceNo", equalTo(referenceNo))
                    .body("originalPartnerReferenceNo", equalTo(reference)).body("serviceCode", equalTo("18"))
                    .body("transactionDate", matchesPattern(TIME))
                    .body("amount.value", equalTo("250000.00")).body("amount.currency", equalTo("IDR"))
                    .body("beneficiaryAccountNo", equalTo("1234567890")).body("beneficiaryBankCode", equalTo("014"))
                    .body("sourceAccountNo", equalTo("0000000000"))
                    .body("latestTransactionStatus", equalTo("00")).body("transactionStatusDesc", equalTo("Success"));
        }
        // The ledger and the disbursement events (what the disbursement notification is made of) as for any transfer.
        assertEquals(1, count("SELECT count(*) FROM money_movement WHERE reference = ? AND kind = 'DISBURSEMENT_PAID'",
                referenceNo));
        List<EventEnvelope> events = new TopicReader(KafkaResource.broker().bootstrapServers())
                .awaitEvents(Topics.DISBURSEMENT_STATUS, "demo:" + referenceNo, 2, Duration.ofSeconds(30));
        assertEquals(List.of("02", "00"), events.stream()
                .map(e -> e.data().get("latestTransactionStatus").asText()).toList());
        assertEquals(reference, events.get(1).data().get("originalPartnerReferenceNo").asText());
        assertEquals("Invoice 7", events.get(1).data().get("additionalInfo").get("notes").asText());
    }

    @Test
    void aPendingSnapTransferIsCancelledThroughPgAndSnapStatusShowsIt() {
        String reference = newReference();
        String referenceNo = post(TRANSFER, transferBody(reference, "5550003", "1000.50")).statusCode(200)
                .extract().path("referenceNo");
        awaitPgStatus(reference, "03");
        post(TRANSFER_STATUS, byReference(referenceNo)).statusCode(200).body("latestTransactionStatus", equalTo("03"))
                .body("transactionStatusDesc", equalTo("Pending")).body("amount.value", equalTo("1000.50"));
        as(DEMO).post("/pg/disbursement/" + referenceNo + "/cancel").then().statusCode(200)
                .body("latestTransactionStatus", equalTo("05"));
        post(TRANSFER_STATUS, byPartnerReference(reference)).statusCode(200)
                .body("latestTransactionStatus", equalTo("05")).body("transactionStatusDesc", equalTo("Cancelled"));
    }

    @Test
    void theSamePartnerReferenceNoGetsTheFirstReplyAgainAndAnotherBodyIsADuplicate() {
        String reference = newReference();
        String body = transferBody(reference, "1234567890", "5000.00");
        String first = post(TRANSFER, body).statusCode(200).extract().asString();
        int transfers = count("SELECT count(*) FROM disbursement");
        assertEquals(first, post(TRANSFER, body).statusCode(200).extract().asString());
        assertEquals(first, post(TRANSFER, body.replace(",", ", ")).statusCode(200).extract().asString());
        assertRefused(post(TRANSFER, body.replace("5000.00", "5001.00")), 409, "4091801",
                "Duplicate partnerReferenceNo");
        assertRefused(post(TRANSFER, body.replace("0000000000", "1111111111")), 409, "4091801",
                "Duplicate partnerReferenceNo");
        assertEquals(transfers, count("SELECT count(*) FROM disbursement"));
        // DEMO2's reference is its own.
        snap(DEMO2, demo2).body(body).post(TRANSFER).then().statusCode(200).body("responseCode", equalTo("2001800"));
    }

    /** docs/contract.md §9: {@code beneficiaryBankCode} is at most 8 characters, so a BIC is one. */
    @Test
    void aBicIsABeneficiaryBankCode() {
        String reference = newReference();
        post(TRANSFER, transferBody(reference, "1234567890", "1000.00").replace("\"014\"", "\"CENAIDJA\""))
                .statusCode(200).body("responseCode", equalTo("2001800"))
                .body("beneficiaryBankCode", equalTo("CENAIDJA"));
        post(TRANSFER_STATUS, byPartnerReference(reference)).statusCode(200)
                .body("beneficiaryBankCode", equalTo("CENAIDJA"));
        pgStatus(reference).statusCode(200).body("beneficiaryBankCode", equalTo("CENAIDJA"));
    }

    @Test
    void onePartnerReferenceNoIsOneTransferWhicheverDoorMadeIt() {
        // /pg/ first, then SNAP with the same reference and the same transfer: another request, nothing made.
        String viaPg = newReference();
        as(DEMO).body("""
                {"partnerReferenceNo":"%s","beneficiaryBankCode":"014","beneficiaryAccountName":"Siti Rahayu",\
                "beneficiaryAccountNo":"1234567890","amount":{"value":"5000.00","currency":"IDR"},\
                "additionalInfo":{"notes":"Invoice 7"}}""".formatted(viaPg))
                .post("/pg/disbursement/transfer").then().statusCode(200);
        assertRefused(post(TRANSFER, transferBody(viaPg, "1234567890", "5000.00")), 409, "4091801",
                "Duplicate partnerReferenceNo");
        assertEquals(1, count("SELECT count(*) FROM disbursement WHERE partner_reference_no = ?", viaPg));
        assertRefused(post(TRANSFER_STATUS, byPartnerReference(viaPg)), 404, "4043601", "Transaction Not Found");
        // SNAP first, then /pg/: §5's conflict.
        String viaSnap = newReference();
        post(TRANSFER, transferBody(viaSnap, "1234567890", "5000.00")).statusCode(200);
        as(DEMO).body("""
                {"partnerReferenceNo":"%s","beneficiaryBankCode":"014","beneficiaryAccountName":"Siti Rahayu",\
                "beneficiaryAccountNo":"1234567890","amount":{"value":"5000.00","currency":"IDR"},\
                "additionalInfo":{"notes":"Invoice 7"}}""".formatted(viaSnap))
                .post("/pg/disbursement/transfer").then().statusCode(409).body("responseCode", equalTo("4090400"));
        assertEquals(1, count("SELECT count(*) FROM disbursement WHERE partner_reference_no = ?", viaSnap));
    }

    @Test
    void badInputIsRefusedNamingTheFieldAndNothingIsWritten() {
        String good = transferBody("TRF-BAD-1", "1234567890", "10000.00");
        String[][] cases = {
                {good.replace("\"partnerReferenceNo\":\"TRF-BAD-1\",", ""), "4001802",
                        "Invalid Mandatory Field partnerReferenceNo"},
                {good.replace("TRF-BAD-1", "TRF/BAD"), "4001801", "Invalid Field Format partnerReferenceNo"},
                {good.replace("TRF-BAD-1", "T".repeat(65)), "4001801", "Invalid Field Format partnerReferenceNo"},
                {good.replace("\"amount\":{\"value\":\"10000.00\",\"currency\":\"IDR\"},", ""), "4001802",
                        "Invalid Mandatory Field amount"},
                {good.replace("\"value\":\"10000.00\",", ""), "4001802", "Invalid Mandatory Field amount.value"},
                {good.replace("10000.00", "0.00"), "4001801", "Invalid Field Format amount.value"},
                {good.replace("10000.00", "0"), "4001801", "Invalid Field Format amount.value"},
                {good.replace("10000.00", "-1.00"), "4001801", "Invalid Field Format amount.value"},
                {good.replace("10000.00", "1.001"), "4001801", "Invalid Field Format amount.value"},
                {good.replace("10000.00", "12345678901234.00"), "4001801", "Invalid Field Format amount.value"},
                {good.replace("{\"value\":\"10000.00\",\"currency\":\"IDR\"}", "{\"value\":\"10000.00\",\"currency\":\"USD\"}"),
                        "4001801", "Invalid Field Format amount.currency"},
                {good.replace("\"currency\":\"IDR\",\"customerReference\"", "\"currency\":\"USD\",\"customerReference\""),
                        "4001801", "Invalid Field Format currency"},
                {good.replace("\"beneficiaryAccountName\":\"Siti Rahayu\",", ""), "4001802",
                        "Invalid Mandatory Field beneficiaryAccountName"},
                {good.replace("Siti Rahayu", " "), "4001802", "Invalid Mandatory Field beneficiaryAccountName"},
                {good.replace("Siti Rahayu", "S".repeat(65)), "4001801",
                        "Invalid Field Format beneficiaryAccountName"},
                {good.replace("\"beneficiaryAccountNo\":\"1234567890\",", ""), "4001802",
                        "Invalid Mandatory Field beneficiaryAccountNo"},
                {good.replace("1234567890", "1".repeat(35)), "4001801", "Invalid Field Format beneficiaryAccountNo"},
                {good.replace("\"beneficiaryBankCode\":\"014\",", ""), "4001802",
                        "Invalid Mandatory Field beneficiaryBankCode"},
                {good.replace("\"014\"", "\"CENAIDJA1\""), "4001801", "Invalid Field Format beneficiaryBankCode"},
                {good.replace("\"sourceAccountNo\":\"0000000000\",", ""), "4001802",
                        "Invalid Mandatory Field sourceAccountNo"},
                {good.replace("0000000000", "0".repeat(20)), "4001801", "Invalid Field Format sourceAccountNo"},
                {good.replace("\"transactionDate\":\"2026-11-21T10:15:30+07:00\",", ""), "4001802",
                        "Invalid Mandatory Field transactionDate"},
                {good.replace("2026-11-21T10:15:30+07:00", "2026-11-21"), "4001801",
                        "Invalid Field Format transactionDate"},
                {good.replace("2026-11-21T10:15:30+07:00", "2026-11-21T10:15:30"), "4001801",
                        "Invalid Field Format transactionDate"},
                {good.replace("siti@example.com", "s".repeat(51)), "4001801", "Invalid Field Format beneficiaryEmail"},
                {good.replace("INV-7", "I".repeat(21)), "4001801", "Invalid Field Format customerReference"},
                {good.replace("Jakarta", "J".repeat(101)), "4001801", "Invalid Field Format beneficiaryAddress"},
                {good.replace("Bank Central Asia", "B".repeat(51)), "4001801",
                        "Invalid Field Format beneficiaryBankName"},
        };
        int transfers = count("SELECT count(*) FROM disbursement");
        for (String[] c : cases) {
            assertRefused(post(TRANSFER, c[0]), 400, c[1], c[2]);
        }
        snap(DEMO, demo).body(good.replace("\"10000.00\"", "10000.00")).post(TRANSFER).then().statusCode(400)
                .body("responseCode", equalTo("4001800"));
        assertEquals(transfers, count("SELECT count(*) FROM disbursement"));
        // A refused request spent nothing: the reference still makes its transfer.
        post(TRANSFER, good).statusCode(200).body("responseCode", equalTo("2001800"));
        assertEquals(transfers + 1, count("SELECT count(*) FROM disbursement"));
    }

    @Test
    void statusNamesTheTransferByEitherReferenceAndAnswersNothingForOthers() {
        String reference = newReference();
        String referenceNo = post(TRANSFER, transferBody(reference, "5550003", "7000.00")).statusCode(200).extract()
                .path("referenceNo");
        String other = newReference();
        String otherNo = post(TRANSFER, transferBody(other, "5550003", "7000.00")).statusCode(200).extract()
                .path("referenceNo");
        assertRefused(post(TRANSFER_STATUS, "{\"serviceCode\":\"18\"}"), 400, "4003602",
                "Invalid Mandatory Field originalPartnerReferenceNo");
        assertRefused(post(TRANSFER_STATUS, "{\"originalExternalId\":\"123\",\"serviceCode\":\"18\"}"), 400, "4003602",
                "Invalid Mandatory Field originalPartnerReferenceNo");
        assertRefused(post(TRANSFER_STATUS, byReference(referenceNo).replace("\"18\"", "\"47\"")), 400, "4003601",
                "Invalid Field Format serviceCode");
        assertRefused(post(TRANSFER_STATUS, byReference("R".repeat(65))), 400, "4003601",
                "Invalid Field Format originalReferenceNo");

        String unknown = post(TRANSFER_STATUS, byPartnerReference("TRF-UNKNOWN")).statusCode(404).extract().asString();
        assertRefused(post(TRANSFER_STATUS, byPartnerReference("TRF-UNKNOWN")), 404, "4043601",
                "Transaction Not Found");
        String[] notFound = {byReference("DSBUNKNOWN"),
                // both references, naming two different transfers
                "{\"originalPartnerReferenceNo\":\"" + reference + "\",\"originalReferenceNo\":\"" + otherNo + "\"}",
                "{\"originalPartnerReferenceNo\":\"" + other + "\",\"originalReferenceNo\":\"" + referenceNo + "\"}"};
        for (String asked : notFound) {
            assertEquals(unknown, post(TRANSFER_STATUS, asked).statusCode(404).extract().asString());
        }
        // Another merchant's, by either reference: as unknown, byte for byte.
        for (String asked : new String[]{byPartnerReference(reference), byReference(referenceNo)}) {
            assertEquals(unknown, snap(DEMO2, demo2).body(asked).post(TRANSFER_STATUS).then().statusCode(404)
                    .extract().asString());
        }
        post(TRANSFER_STATUS, byReference(referenceNo)).statusCode(200)
                .body("originalPartnerReferenceNo", equalTo(reference));
    }

    @Test
    void theDoorRefusesTokensAndSignaturesBeforeATransferIsMade() {
        String body = transferBody(newReference(), "1234567890", "9000.00");
        int transfers = count("SELECT count(*) FROM disbursement");
        String timestamp = signing(DEMO, demo).timestamp();
        String signature = SnapTransactionSigner.sign(DEMO.clientSecret(), "POST", TRANSFER, demo,
                body.getBytes(StandardCharsets.UTF_8), timestamp);
        assertRefused(snap(DEMO, demo).header("X-TIMESTAMP", timestamp).header("X-SIGNATURE", signature)
                .body(body.replace("9000.00", "9.00")).post(TRANSFER).then(), 401, "4011800",
                "Unauthorized. Invalid signature");
        assertRefused(snap(DEMO, demo2).body(body).post(TRANSFER).then(), 401, "4011801", "Invalid Token (B2B)");
        assertRefused(snap(DEMO, demo2).body(byPartnerReference("x")).post(TRANSFER_STATUS).then(), 401, "4013601",
                "Invalid Token (B2B)");
        // §0's signature opens no SNAP path.
        as(DEMO).body(body).post(TRANSFER).then().statusCode(401).body("responseCode", equalTo("4011801"));
        assertEquals(transfers, count("SELECT count(*) FROM disbursement"));
    }

    /** docs/contract.md §12: the funds are held first, as on {@code /pg/}; a refusal writes nothing and is not kept. */
    @Test
    void aSnapTransferHoldsItsFundsFirstAndIsRefusedWithoutThem() {
        String reference = newReference();
        String body = transferBody(reference, "1234567890", "7000.00");
        String referenceNo = post(TRANSFER, body).statusCode(200).extract().path("referenceNo");
        post(TRANSFER, body).statusCode(200).body("referenceNo", equalTo(referenceNo));
        List<LedgerServiceResource.Call> calls = LedgerServiceResource.calls(DEMO.id(), reference);
        assertEquals(1, calls.size(), "a replay asks for no second hold");
        assertEquals(referenceNo, Json.tree(calls.getFirst().body()).get("referenceNo").asText());
        assertEquals("7000.00", Json.tree(calls.getFirst().body()).get("amount").asText());

        String poor = newReference();
        String tooMuch = LedgerServiceResource.available(DEMO.id()).add(BigDecimal.ONE).toPlainString();
        assertRefused(post(TRANSFER, transferBody(poor, "1234567890", tooMuch)), 403, "4031814", "Insufficient Funds");
        assertEquals(0, count("SELECT count(*) FROM disbursement WHERE partner_reference_no = ?", poor));
        assertEquals(0, count("SELECT count(*) FROM outbox_event WHERE strpos(payload, ?) > 0", poor));
        assertEquals(0, count("SELECT count(*) FROM snap_idempotency WHERE partner_reference_no = ?", poor));
    }

    @Test
    void aSnapTransferWithLedgerServiceAwayIsUnavailableAndWritesNothing() {
        String reference = newReference();
        String body = transferBody(reference, "1234567890", "3000.00");
        LedgerServiceResource.mode(LedgerServiceResource.Mode.FAILING);
        try {
            post(TRANSFER, body).statusCode(503).header("Retry-After", equalTo("5"))
                    .body("responseCode", equalTo("5031801")).body("responseMessage", equalTo("Balance Unavailable"));
        } finally {
            LedgerServiceResource.mode(LedgerServiceResource.Mode.NORMAL);
        }
        assertEquals(0, count("SELECT count(*) FROM disbursement WHERE partner_reference_no = ?", reference));
        assertEquals(0, count("SELECT count(*) FROM outbox_event WHERE strpos(payload, ?) > 0", reference));
        post(TRANSFER, body).statusCode(200).body("responseCode", equalTo("2001800")); // the same request, again
    }
}

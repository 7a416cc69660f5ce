package io.paygate.payment.disbursement;

import io.agroal.api.AgroalDataSource;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.Topics;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.kafka.TopicReader;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.paygate.testsupport.rest.MerchantSigningFilter;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;
import java.util.List;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.junit.jupiter.api.Assertions.assertEquals;

@QuarkusTest
@PaymentTestResources
class DisbursementApiTest {

    static final String TRANSFER = "/pg/disbursement/transfer";

    @Inject
    AgroalDataSource dataSource;

    static RequestSpecification as(SandboxMerchants.Merchant merchant) {
        return given().filter(MerchantSigningFilter.as(merchant)).contentType("application/json");
    }

    static String transferBody(String partnerRef, String accountNo, String value) {
        return """
                {"partnerReferenceNo":"%s","beneficiaryBankCode":"014","beneficiaryAccountName":"Siti Rahayu",\
                "beneficiaryAccountNo":"%s","amount":{"value":"%s","currency":"IDR"},\
                "additionalInfo":{"notes":"Invoice 7"}}""".formatted(partnerRef, accountNo, value);
    }

    static String newRef() {
        return "TRF-" + UUID.randomUUID();
    }

    static String transfer(String partnerRef, String accountNo) {
        return as(SandboxMerchants.DEMO).body(transferBody(partnerRef, accountNo, "250000.00")).post(TRANSFER).then()
                .statusCode(200).extract().path("referenceNo");
    }

    static ValidatableResponse status(String partnerRef) {
        return as(SandboxMerchants.DEMO).get("/pg/disbursement/status/" + partnerRef).then();
    }

    static ValidatableResponse operatorSets(String referenceNo, String code) {
        return given().header("Authorization", "Bearer " + SandboxMerchants.OPS_TOKEN).contentType("application/json")
                .body("{\"latestTransactionStatus\":\"" + code + "\"}")
                .post("/pg/ops/disbursements/" + referenceNo + "/status").then();
    }

    static void awaitStatus(String partnerRef, String code) {
        await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(200)).untilAsserted(() ->
                status(partnerRef).statusCode(200).body("latestTransactionStatus", equalTo(code)));
    }

    static List<EventEnvelope> events(String referenceNo, int count) {
        return new TopicReader(KafkaResource.broker().bootstrapServers())
                .awaitEvents(Topics.DISBURSEMENT_STATUS, "demo:" + referenceNo, count, Duration.ofSeconds(20));
    }

    static List<String> statusesAndTriggers(List<EventEnvelope> events) {
        return events.stream().map(e -> e.data().get("latestTransactionStatus").asText() + "/"
                + e.data().get("triggerType").asText()).toList();
    }

    @Test
    void aNewTransferStartsInitiated() {
        String ref = newRef();
        as(SandboxMerchants.DEMO).body(transferBody(ref, "1234567890", "250000.00")).post(TRANSFER).then()
                .statusCode(200).body("responseCode", equalTo("2000000"))
                .body("referenceNo", matchesPattern("DSB[0-9A-Z]{21}")).body("partnerReferenceNo", equalTo(ref))
                .body("latestTransactionStatus", equalTo("01"))
                .body("transactionDate", matchesPattern("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\+07:00"));
    }

    /** docs/contract.md §5: the bank code is 1–8 characters, so a BIC is one. */
    @Test
    void aBicIsABeneficiaryBankCode() {
        String ref = newRef();
        as(SandboxMerchants.DEMO).body(transferBody(ref, "1234567890", "1000.00").replace("\"014\"", "\"CENAIDJA\""))
                .post(TRANSFER).then().statusCode(200).body("responseCode", equalTo("2000000"));
        status(ref).statusCode(200).body("beneficiaryBankCode", equalTo("CENAIDJA"));
    }

    @Test
    void theSameTransferAgainIsTheSameAndADifferentOneConflicts() {
        String ref = newRef();
        String first = transfer(ref, "1234567890");
        as(SandboxMerchants.DEMO).body(transferBody(ref, "1234567890", "250000.00")).post(TRANSFER).then()
                .statusCode(200).body("referenceNo", equalTo(first));
        as(SandboxMerchants.DEMO).body(transferBody(ref, "1234567890", "250001.00")).post(TRANSFER).then()
                .statusCode(409).body("responseCode", equalTo("4090400"));
        as(SandboxMerchants.DEMO2).body(transferBody(ref, "1234567890", "1.00")).post(TRANSFER).then()
                .statusCode(200).body("referenceNo", org.hamcrest.Matchers.not(equalTo(first)));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "partnerReferenceNo missing | {\"beneficiaryBankCode\":\"014\",\"beneficiaryAccountName\":\"A\",\"beneficiaryAccountNo\":\"1\",\"amount\":{\"value\":\"1.00\",\"currency\":\"IDR\"}} | 4000402 | Invalid Mandatory Field partnerReferenceNo",
            "amount missing             | {\"partnerReferenceNo\":\"R1\",\"beneficiaryBankCode\":\"014\",\"beneficiaryAccountName\":\"A\",\"beneficiaryAccountNo\":\"1\"} | 4000402 | Invalid Mandatory Field amount",
            "amount.currency missing    | {\"partnerReferenceNo\":\"R1\",\"beneficiaryBankCode\":\"014\",\"beneficiaryAccountName\":\"A\",\"beneficiaryAccountNo\":\"1\",\"amount\":{\"value\":\"1.00\"}} | 4000402 | Invalid Mandatory Field amount.currency",
            "partnerReferenceNo CR LF   | {\"partnerReferenceNo\":\"R1\\r\\n2026-11-21 INFO forged\",\"beneficiaryBankCode\":\"014\",\"beneficiaryAccountName\":\"A\",\"beneficiaryAccountNo\":\"1\",\"amount\":{\"value\":\"1.00\",\"currency\":\"IDR\"}} | 4000401 | Invalid Field Format partnerReferenceNo",
            "partnerReferenceNo slash   | {\"partnerReferenceNo\":\"R1/2\",\"beneficiaryBankCode\":\"014\",\"beneficiaryAccountName\":\"A\",\"beneficiaryAccountNo\":\"1\",\"amount\":{\"value\":\"1.00\",\"currency\":\"IDR\"}} | 4000401 | Invalid Field Format partnerReferenceNo",
            "partnerReferenceNo formula | {\"partnerReferenceNo\":\"=HYPERLINK(1)\",\"beneficiaryBankCode\":\"014\",\"beneficiaryAccountName\":\"A\",\"beneficiaryAccountNo\":\"1\",\"amount\":{\"value\":\"1.00\",\"currency\":\"IDR\"}} | 4000401 | Invalid Field Format partnerReferenceNo",
            "partnerReferenceNo over 64 | {\"partnerReferenceNo\":\"R12345678901234567890123456789012345678901234567890123456789012345\",\"beneficiaryBankCode\":\"014\",\"beneficiaryAccountName\":\"A\",\"beneficiaryAccountNo\":\"1\",\"amount\":{\"value\":\"1.00\",\"currency\":\"IDR\"}} | 4000401 | Invalid Field Format partnerReferenceNo",
            "bank code over 8           | {\"partnerReferenceNo\":\"R1\",\"beneficiaryBankCode\":\"CENAIDJA1\",\"beneficiaryAccountName\":\"A\",\"beneficiaryAccountNo\":\"1\",\"amount\":{\"value\":\"1.00\",\"currency\":\"IDR\"}} | 4000401 | Invalid Field Format beneficiaryBankCode",
            "one decimal                | {\"partnerReferenceNo\":\"R1\",\"beneficiaryBankCode\":\"014\",\"beneficiaryAccountName\":\"A\",\"beneficiaryAccountNo\":\"1\",\"amount\":{\"value\":\"1.5\",\"currency\":\"IDR\"}} | 4000401 | Invalid Field Format amount.value",
            "zero                       | {\"partnerReferenceNo\":\"R1\",\"beneficiaryBankCode\":\"014\",\"beneficiaryAccountName\":\"A\",\"beneficiaryAccountNo\":\"1\",\"amount\":{\"value\":\"0.00\",\"currency\":\"IDR\"}} | 4000401 | Invalid Field Format amount.value",
            "lower-case currency        | {\"partnerReferenceNo\":\"R1\",\"beneficiaryBankCode\":\"014\",\"beneficiaryAccountName\":\"A\",\"beneficiaryAccountNo\":\"1\",\"amount\":{\"value\":\"1.00\",\"currency\":\"idr\"}} | 4000401 | Invalid Field Format amount.currency",
            "value as a number          | {\"partnerReferenceNo\":\"R1\",\"beneficiaryBankCode\":\"014\",\"beneficiaryAccountName\":\"A\",\"beneficiaryAccountNo\":\"1\",\"amount\":{\"value\":1.00,\"currency\":\"IDR\"}} | 4000400 | Bad Request wrong type at amount.value"})
    void refusesBadTransfersNamingTheFieldAndWritesNothing(String name, String json, String code, String message)
            throws Exception {
        long before = count();
        as(SandboxMerchants.DEMO).body(json).post(TRANSFER).then().statusCode(Integer.parseInt(code.substring(0, 3)))
                .body("responseCode", equalTo(code)).body("responseMessage", equalTo(message));
        assertEquals(before, count());
    }

    @Test
    void requiresMerchantAuthentication() {
        given().contentType("application/json").body(transferBody(newRef(), "1", "1.00")).post(TRANSFER).then()
                .statusCode(401).body("responseCode", equalTo("4010400"));
        given().get("/pg/disbursement/status/x").then().statusCode(401).body("responseCode", equalTo("4010500"));
    }

    @Test
    void unknownOrForeignTransfersAreNotFoundWith07() {
        String ref = newRef();
        transfer(ref, "1234567890");
        as(SandboxMerchants.DEMO2).get("/pg/disbursement/status/" + ref).then().statusCode(404)
                .body("responseCode", equalTo("4040501")).body("responseMessage", equalTo("Transaction Not Found"))
                .body("latestTransactionStatus", equalTo("07"));
        status("never-sent").statusCode(404).body("latestTransactionStatus", equalTo("07"));
    }

    @Test
    void theSandboxBankPaysANormalAccountAutomatically() {
        String ref = newRef();
        String referenceNo = transfer(ref, "1234567890");
        awaitStatus(ref, "00");
        status(ref).body("referenceNo", equalTo(referenceNo)).body("amount.value", equalTo("250000.00"))
                .body("additionalInfo.notes", equalTo("Invoice 7"));
        List<EventEnvelope> events = events(referenceNo, 2);
        assertEquals(List.of("02/automatic", "00/automatic"), statusesAndTriggers(events));
        assertEquals(List.of(1L, 2L), events.stream().map(EventEnvelope::sequence).toList());
        assertEquals(ref, events.get(1).data().get("originalPartnerReferenceNo").asText());
        assertEquals("014", events.get(1).data().get("beneficiaryBankCode").asText());
    }

    @Test
    void accountsEnding0006FailAutomatically() {
        String ref = newRef();
        String referenceNo = transfer(ref, "9876540006");
        awaitStatus(ref, "06");
        assertEquals(List.of("02/automatic", "06/automatic"), statusesAndTriggers(events(referenceNo, 2)));
    }

    @Test
    void accountsEnding0003WaitAtPendingUntilTheMerchantCancels() {
        String ref = newRef();
        String referenceNo = transfer(ref, "5550003");
        awaitStatus(ref, "03");
        as(SandboxMerchants.DEMO2).post("/pg/disbursement/" + referenceNo + "/cancel").then().statusCode(404);
        as(SandboxMerchants.DEMO).post("/pg/disbursement/" + referenceNo + "/cancel").then().statusCode(200)
                .body("latestTransactionStatus", equalTo("05"));
        as(SandboxMerchants.DEMO).post("/pg/disbursement/" + referenceNo + "/cancel").then().statusCode(409)
                .body("responseCode", equalTo("4090400"))
                .body("responseMessage", equalTo("Conflict. latestTransactionStatus 05 cannot change to 05"));
        assertEquals(List.of("02/automatic", "03/automatic", "05/manual"), statusesAndTriggers(events(referenceNo, 3)));
    }

    @Test
    void operatorsRefundASuccessAndCannotSkipTheStateMachine() {
        String ref = newRef();
        String referenceNo = transfer(ref, "1234567890");
        operatorSets(referenceNo, "04").statusCode(409).body("responseCode", equalTo("4090400"));
        awaitStatus(ref, "00");
        operatorSets(referenceNo, "06").statusCode(409);
        operatorSets(referenceNo, "05").statusCode(400).body("responseCode", equalTo("4000401"))
                .body("responseMessage", equalTo("Invalid Field Format latestTransactionStatus"));
        given().contentType("application/json").body("{\"latestTransactionStatus\":\"04\"}")
                .post("/pg/ops/disbursements/" + referenceNo + "/status").then().statusCode(401);
        operatorSets(referenceNo, "04").statusCode(200).body("latestTransactionStatus", equalTo("04"));
        operatorSets(referenceNo, "00").statusCode(409);
        operatorSets("DSBUNKNOWN", "00").statusCode(404).body("responseCode", equalTo("4040401"));
        assertEquals(List.of("02/automatic", "00/automatic", "04/manual"), statusesAndTriggers(events(referenceNo, 3)));
    }

    long count() throws Exception {
        try (var c = dataSource.getConnection(); var s = c.createStatement();
             var rs = s.executeQuery("SELECT count(*) FROM disbursement")) {
            rs.next();
            return rs.getLong(1);
        }
    }
}

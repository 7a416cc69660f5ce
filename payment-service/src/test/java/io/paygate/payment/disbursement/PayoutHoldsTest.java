package io.paygate.payment.disbursement;

import com.fasterxml.jackson.databind.JsonNode;
import io.agroal.api.AgroalDataSource;
import io.paygate.model.json.Json;
import io.paygate.payment.support.Db;
import io.paygate.payment.support.LedgerServiceResource;
import io.paygate.payment.support.LedgerServiceResource.Mode;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.quarkus.SandboxConfigResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;

import static io.paygate.payment.disbursement.DisbursementApiTest.TRANSFER;
import static io.paygate.payment.disbursement.DisbursementApiTest.as;
import static io.paygate.payment.disbursement.DisbursementApiTest.newRef;
import static io.paygate.payment.disbursement.DisbursementApiTest.transferBody;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * docs/contract.md §12: a payout holds its funds at ledger-service (over real HTTP, {@link LedgerServiceResource})
 * before its transfer is written; not enough funds is {@code 4030401}, ledger-service away or slow {@code 5030401}, and
 * either way no transfer row and no event; a replay asks for no second hold.
 */
@QuarkusTest
@PaymentTestResources
class PayoutHoldsTest {

    @Inject
    AgroalDataSource dataSource;

    @AfterEach
    void ledgerBack() {
        LedgerServiceResource.mode(Mode.NORMAL);
    }

    private int rows(String partnerRef) {
        return new Db(dataSource).count("SELECT count(*) FROM disbursement WHERE partner_reference_no = ?", partnerRef);
    }

    private int events(String partnerRef) {
        return new Db(dataSource).count("SELECT count(*) FROM outbox_event WHERE strpos(payload, ?) > 0", partnerRef);
    }

    @Test
    void aNewTransferHoldsItsAmountOnceWithTheGatewaysReference() {
        String ref = newRef();
        String referenceNo = as(SandboxMerchants.DEMO).body(transferBody(ref, "1234567890", "150000.00"))
                .post(TRANSFER).then().statusCode(200).body("responseCode", equalTo("2000000"))
                .extract().path("referenceNo");

        List<LedgerServiceResource.Call> calls = LedgerServiceResource.calls("demo", ref);
        assertEquals(1, calls.size());
        JsonNode body = Json.tree(calls.getFirst().body());
        assertEquals(referenceNo, body.get("referenceNo").asText());
        assertEquals("150000.00", body.get("amount").asText());
        assertEquals("IDR", body.get("currency").asText());
        assertEquals(1, rows(ref));
    }

    @Test
    void aReplayAnswersAsBeforeWithoutASecondHold() {
        String ref = newRef();
        String first = as(SandboxMerchants.DEMO).body(transferBody(ref, "1234567890", "2000.00")).post(TRANSFER)
                .then().statusCode(200).extract().path("referenceNo");
        LedgerServiceResource.mode(Mode.FAILING); // a replay needs no ledger-service
        as(SandboxMerchants.DEMO).body(transferBody(ref, "1234567890", "2000.00")).post(TRANSFER).then()
                .statusCode(200).body("referenceNo", equalTo(first));
        as(SandboxMerchants.DEMO).body(transferBody(ref, "1234567890", "2001.00")).post(TRANSFER).then()
                .statusCode(409).body("responseCode", equalTo("4090400"));
        assertEquals(1, LedgerServiceResource.calls("demo", ref).size());
    }

    @Test
    void notEnoughAvailableIsInsufficientFundsAndWritesNothing() {
        String ref = newRef();
        String tooMuch = LedgerServiceResource.available("demo").add(BigDecimal.ONE).toPlainString();
        as(SandboxMerchants.DEMO).body(transferBody(ref, "1234567890", tooMuch)).post(TRANSFER).then()
                .statusCode(403).body("responseCode", equalTo("4030401"))
                .body("responseMessage", equalTo("Insufficient Funds"));
        assertEquals(1, LedgerServiceResource.calls("demo", ref).size());
        assertEquals(0, rows(ref));
        assertEquals(0, events(ref));
        as(SandboxMerchants.DEMO).get("/pg/disbursement/status/" + ref).then().statusCode(404);
    }

    @Test
    void ledgerServiceFailingIsUnavailableAndWritesNothing() {
        LedgerServiceResource.mode(Mode.FAILING);
        String ref = newRef();
        as(SandboxMerchants.DEMO).body(transferBody(ref, "1234567890", "1000.00")).post(TRANSFER).then()
                .statusCode(503).header("Retry-After", equalTo("5")).body("responseCode", equalTo("5030401"))
                .body("responseMessage", equalTo("Balance Unavailable"));
        assertEquals(0, rows(ref));
        assertEquals(0, events(ref));

        LedgerServiceResource.mode(Mode.NORMAL); // nothing was written: the same request may be sent again
        as(SandboxMerchants.DEMO).body(transferBody(ref, "1234567890", "1000.00")).post(TRANSFER).then()
                .statusCode(200).body("latestTransactionStatus", equalTo("01"));
        assertEquals(1, rows(ref));
    }

    @Test
    void ledgerServiceTooSlowIsUnavailableAndWritesNothing() {
        LedgerServiceResource.mode(Mode.SLOW);
        String ref = newRef();
        as(SandboxMerchants.DEMO).body(transferBody(ref, "1234567890", "1000.00")).post(TRANSFER).then()
                .statusCode(503).body("responseCode", equalTo("5030401"));
        assertEquals(0, rows(ref));
        assertEquals(0, events(ref));
    }

    @Test
    void aKeyHeldWithAnotherAmountIsTheReferenceConflict() {
        String ref = newRef();
        LedgerServiceResource.mode(Mode.SLOW); // held at ledger-service, never written here
        as(SandboxMerchants.DEMO).body(transferBody(ref, "1234567890", "1000.00")).post(TRANSFER).then()
                .statusCode(503);
        LedgerServiceResource.mode(Mode.NORMAL);
        as(SandboxMerchants.DEMO).body(transferBody(ref, "1234567890", "1500.00")).post(TRANSFER).then()
                .statusCode(409).body("responseCode", equalTo("4090400"));
        assertEquals(0, rows(ref));
    }

    @Test
    void aRetryAfterAHoldWhoseTransferWasNeverWrittenUsesThatHoldAndItsReference() {
        String ref = newRef();
        LedgerServiceResource.mode(Mode.SLOW); // held at ledger-service, answered too late: nothing written here
        as(SandboxMerchants.DEMO).body(transferBody(ref, "1234567890", "1000.00")).post(TRANSFER).then()
                .statusCode(503);
        LedgerServiceResource.mode(Mode.NORMAL);
        String held = Json.tree(LedgerServiceResource.calls("demo", ref).getFirst().body()).get("referenceNo").asText();
        BigDecimal available = LedgerServiceResource.available("demo");
        as(SandboxMerchants.DEMO).body(transferBody(ref, "1234567890", "1000.00")).post(TRANSFER).then()
                .statusCode(200).body("referenceNo", equalTo(held));
        assertEquals(available, LedgerServiceResource.available("demo"), "held once");
        assertEquals(1, rows(ref));
    }

    @Test
    void aReleasedHoldIsNeverPaidAgainUnderItsReference() {
        String ref = newRef();
        LedgerServiceResource.mode(Mode.SLOW);
        as(SandboxMerchants.DEMO).body(transferBody(ref, "1234567890", "1000.00")).post(TRANSFER).then()
                .statusCode(503);
        LedgerServiceResource.mode(Mode.NORMAL);
        LedgerServiceResource.setStatus("demo", ref, "RELEASED"); // ledger-service's reconciliation found no transfer
        as(SandboxMerchants.DEMO).body(transferBody(ref, "1234567890", "1000.00")).post(TRANSFER).then()
                .statusCode(409).body("responseCode", equalTo("4090400"));
        assertEquals(0, rows(ref));
    }

    /** docs/contract.md §12: ledger-service's look-up of a transfer for its hold reconciliation (internal token). */
    @Test
    void ledgerServiceLooksUpATransferByTheMerchantsReference() {
        String ref = newRef();
        String referenceNo = as(SandboxMerchants.DEMO).body(transferBody(ref, "5550003", "1234.00")).post(TRANSFER)
                .then().statusCode(200).extract().path("referenceNo");
        internal("/internal/disbursements/demo/" + ref).statusCode(200)
                .body("referenceNo", equalTo(referenceNo)).body("partnerReferenceNo", equalTo(ref))
                .body("merchantId", equalTo("demo")).body("amount", equalTo("1234.00"))
                .body("currency", equalTo("IDR")).body("latestTransactionStatus", matchesPattern("0[123]"));
        internal("/internal/disbursements/demo2/" + ref).statusCode(404).body("responseCode", equalTo("4040501"));
        internal("/internal/disbursements/demo/" + newRef()).statusCode(404).body("responseCode", equalTo("4040501"))
                .body("responseMessage", equalTo("Transaction Not Found"));
        given().get("/internal/disbursements/demo/" + ref).then().statusCode(401)
                .body("responseCode", equalTo("4010500"));
        given().header("Authorization", "Bearer " + SandboxMerchants.OPS_TOKEN).get("/internal/disbursements/demo/"
                + ref).then().statusCode(401);
        as(SandboxMerchants.DEMO).get("/internal/disbursements/demo/" + ref).then().statusCode(401);
    }

    private static ValidatableResponse internal(String path) {
        return given().header("Authorization", "Bearer " + SandboxConfigResource.INTERNAL_TOKEN).get(path).then();
    }
}

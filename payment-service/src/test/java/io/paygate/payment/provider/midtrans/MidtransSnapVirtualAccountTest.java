package io.paygate.payment.provider.midtrans;

import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.kit.snap.AccessTokens;
import io.paygate.model.json.Json;
import io.paygate.payment.support.AllAtOnce;
import io.paygate.payment.support.Db;
import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.qa.SnapSigning;
import io.paygate.testsupport.midtrans.MidtransSimulator;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.ExtractableResponse;
import io.restassured.response.Response;
import io.restassured.response.ValidatableResponse;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ThreadLocalRandom;

import static io.paygate.payment.provider.midtrans.MidtransSetup.MID;
import static io.paygate.payment.provider.midtrans.MidtransSetup.MID_PARTNER_SERVICE_ID;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * docs/contract.md §9 on the Midtrans channel: a SNAP virtual account is opened at Midtrans under its own number
 * ({@code bank_transfer.va_number}); concurrent create-va for one number open one account and one charge at Midtrans,
 * every other is {@code 4092700}; when Midtrans opens another number than the one asked, the charge is cancelled there
 * and create-va answers {@code 5022700} leaving nothing behind, so the same request may be sent again.
 */
@QuarkusTest
@TestProfile(MidtransSetup.Profile.class)
@PaymentTestResources
@WithTestResource(MidtransSetup.class)
class MidtransSnapVirtualAccountTest extends MidtransTestBase {

    private static final String CREATE_VA = "/v1.0/transfer-va/create-va";

    @Inject
    AccessTokens tokens;

    String token;

    @BeforeEach
    void token() {
        token = tokens.issue(MID.id());
    }

    @Test
    void aVirtualAccountIsOpenedAtMidtransUnderItsOwnNumberAndPaidThere() {
        String customerNo = newCustomerNo();
        String trxId = newTrxId();
        String digits = digits(customerNo);
        createVa(body(trxId, customerNo)).statusCode(200).body("responseCode", equalTo("2002700"))
                .body("virtualAccountData.virtualAccountNo", equalTo(MID_PARTNER_SERVICE_ID + customerNo));
        JsonNode charge = chargeOf(digits);
        assertEquals("bca", charge.at("/bank_transfer/bank").asText());
        PaymentApi.status(MID, trxId).then().body("sourceOfFunds.paymentCode", equalTo(digits));
        assertEquals(MidtransSimulator.Payment.PAID, SIM.payVa(digits, new BigDecimal("150000")));
        MidtransCustomer.awaitStatus(MID, trxId, "CAPTURED");
    }

    @Test
    void anotherNumberThanAskedIsCancelledAtMidtransAndAnswered5022700LeavingNothing() {
        String customerNo = newCustomerNo();
        String trxId = newTrxId();
        String digits = digits(customerNo);
        SIM.openNextVaAs("70012" + digits); // as an acquirer that puts its own code first
        ValidatableResponse refused = createVa(body(trxId, customerNo)).statusCode(502)
                .body("responseCode", equalTo("5022700"));
        String orderAtMidtrans = chargeOf(digits).at("/transaction_details/order_id").asText();
        assertEquals("cancel", SIM.status(orderAtMidtrans).orElseThrow(), "cancelled at Midtrans: " + refused);
        Db db = MidtransDb.db();
        assertEquals(0, db.count("SELECT count(*) FROM payment WHERE merchant_id = ? AND order_id = ?", MID.id(),
                trxId), "no payment");
        assertEquals(0, db.count("SELECT count(*) FROM payment_charge WHERE reference = ?", orderAtMidtrans));
        assertEquals(0, db.count("SELECT count(*) FROM snap_idempotency WHERE partner_reference_no = ?", trxId));
        PaymentApi.status(MID, trxId).then().statusCode(404);

        // nothing was made: the same request again makes it, under its number
        createVa(body(trxId, customerNo)).statusCode(200)
                .body("virtualAccountData.virtualAccountNo", equalTo(MID_PARTNER_SERVICE_ID + customerNo));
        PaymentApi.status(MID, trxId).then().body("result.payment.status", equalTo("PENDING"))
                .body("sourceOfFunds.paymentCode", equalTo(digits));
    }

    @Test
    void concurrentCreateVaForOneNumberOpenOneChargeAtMidtrans() throws Exception {
        String customerNo = newCustomerNo();
        List<String> trxIds = new ArrayList<>();
        List<Callable<ExtractableResponse<Response>>> calls = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            String body = body(newTrxId(), customerNo);
            trxIds.add(Json.tree(body).path("trxId").asText());
            calls.add(() -> createVa(body).extract());
        }
        Map<String, Integer> answers = new TreeMap<>();
        List<ExtractableResponse<Response>> replies;
        try (Db.Undo wide = MidtransDb.db().slowInsertsOfVirtualAccount(digits(customerNo))) {
            replies = AllAtOnce.run(calls);
        }
        for (ExtractableResponse<Response> reply : replies) {
            answers.merge(reply.statusCode() + " " + reply.path("responseCode"), 1, Integer::sum);
        }
        assertEquals(Map.of("200 2002700", 1, "409 4092700", 5), answers);
        assertEquals(1, charges(digits(customerNo)).size(), "one charge at Midtrans");
        Db db = MidtransDb.db();
        int made = 0;
        for (String trxId : trxIds) {
            made += db.count("SELECT count(*) FROM payment WHERE merchant_id = ? AND order_id = ? AND status = "
                    + "'PENDING'", MID.id(), trxId);
        }
        assertEquals(1, made, "one PENDING payment");
    }

    private ValidatableResponse createVa(String body) {
        return given().contentType("application/json")
                .filter(SnapSigning.as(MID.id(), MID.clientSecret(), token)).body(body).post(CREATE_VA).then();
    }

    private static String body(String trxId, String customerNo) {
        return """
                {"partnerServiceId":"%s","customerNo":"%s","virtualAccountNo":"%s%s",\
                "virtualAccountName":"Budi Santoso","trxId":"%s",\
                "totalAmount":{"value":"150000.00","currency":"IDR"},"additionalInfo":{"channel":"VA_BCA"}}"""
                .formatted(MID_PARTNER_SERVICE_ID, customerNo, MID_PARTNER_SERVICE_ID, customerNo, trxId);
    }

    /** The charge requests Midtrans received with {@code va_number}. */
    private static List<JsonNode> charges(String vaNumber) {
        return SIM.requests().stream()
                .filter(r -> r.method().equals("POST") && r.path().equals("/v2/charge"))
                .map(r -> Json.tree(r.body()))
                .filter(b -> vaNumber.equals(b.at("/bank_transfer/va_number").asText()))
                .toList();
    }

    private static JsonNode chargeOf(String vaNumber) {
        List<JsonNode> all = charges(vaNumber);
        assertEquals(1, all.size(), "one charge with va_number " + vaNumber);
        return all.getFirst();
    }

    private static String digits(String customerNo) {
        return (MID_PARTNER_SERVICE_ID + customerNo).replace(" ", "");
    }

    private static String newTrxId() {
        return "SNAPVA-" + UUID.randomUUID().toString().substring(0, 18);
    }

    private static String newCustomerNo() {
        return String.valueOf(ThreadLocalRandom.current().nextLong(100_000_000_000L, 999_999_999_999L));
    }
}

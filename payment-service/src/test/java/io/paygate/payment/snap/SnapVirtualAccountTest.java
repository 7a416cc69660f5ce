package io.paygate.payment.snap;

import io.agroal.api.AgroalDataSource;
import io.paygate.kit.snap.AccessTokens;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.PaymentStatusChanged;
import io.paygate.model.event.SnapOrigin;
import io.paygate.model.event.Topics;
import io.paygate.model.snap.SnapTransactionSigner;
import io.paygate.payment.support.AllAtOnce;
import io.paygate.payment.support.Db;
import io.paygate.payment.support.PaymentEvents;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ExtractableResponse;
import io.restassured.response.Response;
import io.restassured.response.ValidatableResponse;
import jakarta.inject.Inject;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.Callable;

import static io.paygate.payment.snap.SnapPaymentFixtures.CREATE_VA;
import static io.paygate.payment.snap.SnapPaymentFixtures.DELETE_VA;
import static io.paygate.payment.snap.SnapPaymentFixtures.PARTNER_SERVICE_ID;
import static io.paygate.payment.snap.SnapPaymentFixtures.VA_STATUS;
import static io.paygate.payment.snap.SnapPaymentFixtures.assertRefused;
import static io.paygate.payment.snap.SnapPaymentFixtures.createVaBody;
import static io.paygate.payment.snap.SnapPaymentFixtures.newCustomerNo;
import static io.paygate.payment.snap.SnapPaymentFixtures.newReference;
import static io.paygate.payment.snap.SnapPaymentFixtures.signing;
import static io.paygate.payment.snap.SnapPaymentFixtures.snap;
import static io.paygate.payment.snap.SnapPaymentFixtures.vaLookupBody;
import static io.paygate.payment.support.Methods.vaPay;
import static io.paygate.payment.support.PaymentApi.as;
import static io.paygate.payment.support.PaymentApi.awaitStatus;
import static io.paygate.payment.support.PaymentApi.status;
import static io.paygate.testsupport.SandboxMerchants.DEMO;
import static io.paygate.testsupport.SandboxMerchants.DEMO2;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * docs/contract.md §9, virtual accounts (27, 26, 31): a SNAP virtual account is an ordinary §2a payment (order id
 * {@code trxId}) opened under {@code partnerServiceId + customerNo}, which the sandbox bank app pays by that number
 * without its spaces; its events carry {@code snap}; delete-va cancels it; another merchant's answers like an unknown
 * one. Requests are signed as a SNAP client signs them, with tokens of the service's own {@link AccessTokens}.
 */
@QuarkusTest
@PaymentTestResources
class SnapVirtualAccountTest {

    @Inject
    AccessTokens tokens;

    @Inject
    AgroalDataSource dataSource;

    String demo;
    String demo2;

    @BeforeAll
    static void topics() {
        KafkaResource.broker().createTopics(Topics.PAYMENT_STATUS);
    }

    @BeforeEach
    void tokens() {
        demo = tokens.issue(DEMO.id());
        demo2 = tokens.issue(DEMO2.id());
    }

    ValidatableResponse post(String path, String body) {
        return snap(DEMO, demo).body(body).post(path).then();
    }

    int snapPayments() {
        return new Db(dataSource).count("SELECT count(*) FROM payment WHERE snap_service IS NOT NULL");
    }

    @Test
    void aSnapVirtualAccountIsAnOrdinaryPaymentTheBankAppPaysByItsNumberWithoutSpaces() {
        String trxId = newReference();
        String customerNo = newCustomerNo();
        String number = PARTNER_SERVICE_ID + customerNo;
        String digits = number.replace(" ", "");
        String paymentCode = post(CREATE_VA, createVaBody(trxId, customerNo, "150000.00", "VA_BNI")).statusCode(200)
                .body("responseCode", equalTo("2002700")).body("responseMessage", equalTo("Successful"))
                .body("virtualAccountData.partnerServiceId", equalTo(PARTNER_SERVICE_ID))
                .body("virtualAccountData.customerNo", equalTo(customerNo))
                .body("virtualAccountData.virtualAccountNo", equalTo(number))
                .body("virtualAccountData.virtualAccountName", equalTo("Budi Santoso"))
                .body("virtualAccountData.trxId", equalTo(trxId))
                .body("virtualAccountData.totalAmount.value", equalTo("150000.00"))
                .body("virtualAccountData.totalAmount.currency", equalTo("IDR"))
                .body("virtualAccountData.virtualAccountTrxType", equalTo("C"))
                .body("virtualAccountData.expiredDate", matchesPattern("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\+07:00"))
                .body("virtualAccountData.additionalInfo.status", equalTo("PENDING"))
                .body("virtualAccountData.additionalInfo.channel", equalTo("VA_BNI"))
                .extract().path("virtualAccountData.additionalInfo.referenceNo");

        // An ordinary payment: /pg/ status by its trxId, paid with the number without spaces.
        status(DEMO, trxId).then().statusCode(200).body("paymentCode", equalTo(paymentCode))
                .body("result.payment.status", equalTo("PENDING"))
                .body("sourceOfFunds.type", equalTo("VA_BNI")).body("sourceOfFunds.paymentCode", equalTo(digits));
        post(VA_STATUS, vaLookupBody(customerNo, null)).statusCode(200).body("responseCode", equalTo("2002600"))
                .body("virtualAccountData.paymentFlagStatus", equalTo("02"))
                .body("virtualAccountData.paidAmount", nullValue());
        vaPay(number, "150000.00").then().statusCode(200).body("responseCode", equalTo("2000000"));
        awaitStatus(DEMO, trxId, "CAPTURED"); // the sandbox bank notifies payment-service over HTTP

        // Status by the number and an inquiry id (midtrans-client), and by trxId.
        for (String asked : new String[]{vaLookupBody(customerNo, null), vaLookupBody(customerNo, trxId),
                "{\"virtualAccountNo\":\"" + digits + "\",\"trxId\":\"" + trxId + "\"}"}) {
            post(VA_STATUS, asked).statusCode(200).body("responseCode", equalTo("2002600"))
                    .body("virtualAccountData.virtualAccountNo", equalTo(number))
                    .body("virtualAccountData.trxId", equalTo(trxId))
                    .body("virtualAccountData.paymentFlagStatus", equalTo("00"))
                    .body("virtualAccountData.paymentFlagReason.english", equalTo("Paid"))
                    .body("virtualAccountData.paidAmount.value", equalTo("150000.00"))
                    .body("virtualAccountData.additionalInfo.status", equalTo("CAPTURED"));
        }
        status(DEMO, trxId).then().body("result.payment.status", equalTo("CAPTURED"));
        as(DEMO).queryParam("method", "VA_BNI").get("/pg/payments").then().statusCode(200)
                .body("items.find { it.order.id == '" + trxId + "' }.result.payment.status", equalTo("CAPTURED"));

        // The event carries what notification-service needs for the SNAP notify body.
        List<ConsumerRecord<String, String>> records = PaymentEvents.awaitRecords(DEMO.id(), paymentCode, 1,
                Duration.ofSeconds(30));
        PaymentStatusChanged captured = EventEnvelope.fromJson(records.get(records.size() - 1).value())
                .dataAs(PaymentStatusChanged.class);
        assertEquals("CAPTURED", captured.status().name());
        assertEquals(new SnapOrigin(SnapOrigin.VA, trxId, paymentCode, PARTNER_SERVICE_ID, customerNo, number,
                "Budi Santoso"), captured.snap());
        assertNull(captured.callbackUrl());

        // A paid account is not deleted.
        assertRefused(post(DELETE_VA, vaLookupBody(customerNo, trxId)), 404, "4043114", "Paid Bill");
    }

    @Test
    void midtransClientsReadmeBodyWithoutATrxTypeOpensAClosedAccountAtItsBank() {
        // midtrans-client 1.4.3's README create-va, as its SnapBi sends it: no virtualAccountTrxType, the bank in
        // additionalInfo.bank, expiredDate in UTC with Z, customerDetails and items the gateway does not use; its
        // partnerServiceId ("    1234" there) is demo's company code here, as a merchant sends its own.
        String trxId = newReference();
        String customerNo = newCustomerNo();
        String body = """
                {"partnerServiceId":"   12345","customerNo":"%s","virtualAccountNo":"   12345%s",\
                "virtualAccountName":"Merchant Operation","virtualAccountEmail":"merchant-ops@midtrans.com",\
                "virtualAccountPhone":"6281932358123","trxId":"%s",\
                "totalAmount":{"value":"150000.00","currency":"IDR"},\
                "expiredDate":"2030-07-20T20:50:04Z","additionalInfo":{"merchantId":"demo","bank":"bca",\
                "flags":{"shouldRandomizeVaNumber":true},"customerDetails":{"firstName":"Merchant",\
                "lastName":"Operation","email":"merchant-ops@midtrans.com","phone":"+6281932358123"},\
                "items":[{"id":"8143fc4f","price":{"value":"1500.00","currency":"IDR"},"quantity":1,\
                "name":"test item name"}]}}""".formatted(customerNo, customerNo, trxId);
        post(CREATE_VA, body).statusCode(200).body("responseCode", equalTo("2002700"))
                .body("virtualAccountData.virtualAccountNo", equalTo("   12345" + customerNo))
                .body("virtualAccountData.virtualAccountTrxType", equalTo("C"))
                .body("virtualAccountData.additionalInfo.channel", equalTo("VA_BCA"));
        status(DEMO, trxId).then().statusCode(200).body("result.payment.status", equalTo("PENDING"));
    }

    @Test
    void deleteVaCancelsItAndTheNumberServesTheNextBill() {
        String trxId = newReference();
        String customerNo = newCustomerNo();
        String digits = (PARTNER_SERVICE_ID + customerNo).replace(" ", "");
        post(CREATE_VA, createVaBody(trxId, customerNo, "75000", null)).statusCode(200)
                .body("virtualAccountData.additionalInfo.channel", equalTo("VA_BCA"))
                .body("virtualAccountData.totalAmount.value", equalTo("75000.00"));
        // The number waits for this bill: another bill under it is a conflict.
        assertRefused(post(CREATE_VA, createVaBody(newReference(), customerNo, "1000.00", null)), 409, "4092700",
                "Conflict");
        for (int i = 0; i < 2; i++) { // again: the same answer
            post(DELETE_VA, vaLookupBody(customerNo, trxId)).statusCode(200).body("responseCode", equalTo("2003100"))
                    .body("virtualAccountData.trxId", equalTo(trxId))
                    .body("virtualAccountData.additionalInfo.status", equalTo("CANCELLED"));
        }
        status(DEMO, trxId).then().body("result.payment.status", equalTo("CANCELLED"));
        post(VA_STATUS, vaLookupBody(customerNo, trxId)).statusCode(200)
                .body("virtualAccountData.paymentFlagStatus", equalTo("01"));
        vaPay(digits, "75000.00").then().statusCode(409);

        // The customer's number serves the next bill, which the bank app then pays.
        String next = newReference();
        post(CREATE_VA, createVaBody(next, customerNo, "80000.00", null)).statusCode(200);
        vaPay(digits, "80000.00").then().statusCode(200).body("responseCode", equalTo("2000000"));
        awaitStatus(DEMO, next, "CAPTURED");
        status(DEMO, trxId).then().body("result.payment.status", equalTo("CANCELLED"));
        post(VA_STATUS, vaLookupBody(customerNo, null)).statusCode(200)
                .body("virtualAccountData.trxId", equalTo(next));
    }

    @Test
    void theSameTrxIdGetsTheFirstReplyAgainAndAnotherBodyIsADuplicate() {
        String trxId = newReference();
        String customerNo = newCustomerNo();
        String body = createVaBody(trxId, customerNo, "20000.00", null);
        String first = post(CREATE_VA, body).statusCode(200).extract().asString();
        int payments = snapPayments();
        assertEquals(first, post(CREATE_VA, body).statusCode(200).extract().asString());
        assertEquals(first, post(CREATE_VA, body.replace(",", ",\n  ")).statusCode(200).extract().asString());
        assertRefused(post(CREATE_VA, body.replace("20000.00", "20001.00")), 409, "4092701",
                "Duplicate partnerReferenceNo");
        assertEquals(payments, snapPayments());
    }

    @Test
    void badInputIsRefusedNamingTheFieldAndNothingIsWritten() {
        String customerNo = newCustomerNo();
        String good = createVaBody("VA-BAD-1", customerNo, "10000.00", "VA_BCA");
        String[][] cases = {
                {good.replace("\"trxId\":\"VA-BAD-1\",", ""), "400", "4002702", "Invalid Mandatory Field trxId"},
                {good.replace("VA-BAD-1", "VA BAD"), "400", "4002701", "Invalid Field Format trxId"},
                {good.replace("\"virtualAccountName\":\"Budi Santoso\",", ""), "400", "4002702",
                        "Invalid Mandatory Field virtualAccountName"},
                {good.replace("\"virtualAccountTrxType\":\"C\"", "\"virtualAccountTrxType\":\"O\""), "400",
                        "4002701", "Invalid Field Format virtualAccountTrxType"},
                {good.replace("\"currency\":\"IDR\"", "\"currency\":\"USD\""), "400", "4002701",
                        "Invalid Field Format totalAmount.currency"},
                {good.replace("10000.00", "10000.001"), "400", "4002701", "Invalid Field Format totalAmount.value"},
                {good.replace("10000.00", "0.00"), "400", "4002701", "Invalid Field Format totalAmount.value"},
                {good.replace(",\"totalAmount\":{\"value\":\"10000.00\",\"currency\":\"IDR\"}", ""), "400",
                        "4002702", "Invalid Mandatory Field totalAmount"},
                {good.replace("VA_BCA", "VA_MANDIRI"), "400", "4002701", "Invalid Field Format additionalInfo.channel"},
                {good.replace("VA_BCA", "CARD"), "400", "4002701", "Invalid Field Format additionalInfo.channel"},
                {good.replace("\"partnerServiceId\":\"" + PARTNER_SERVICE_ID, "\"partnerServiceId\":\"123456789"),
                        "400", "4002701", "Invalid Field Format partnerServiceId"},
                {good.replace("\"customerNo\":\"" + customerNo, "\"customerNo\":\"12AB"), "400", "4002701",
                        "Invalid Field Format customerNo"},
                {good.replace("\"virtualAccountNo\":\"" + PARTNER_SERVICE_ID + customerNo,
                        "\"virtualAccountNo\":\"99" + customerNo), "400", "4002701",
                        "Invalid Field Format virtualAccountNo"},
                {good.replace("\"virtualAccountTrxType\"", "\"expiredDate\":\"2020-01-01T00:00:00+07:00\","
                        + "\"virtualAccountTrxType\""), "400", "4002701", "Invalid Field Format expiredDate"},
                {good.replace("\"virtualAccountTrxType\"", "\"expiredDate\":\"tomorrow\",\"virtualAccountTrxType\""),
                        "400", "4002701", "Invalid Field Format expiredDate"},
                {good.replace("budi@example.com", "budi"), "400", "4002701", "Invalid Field Format virtualAccountEmail"},
                {good.replace("\"channel\":\"VA_BCA\"", "\"channel\":\"VA_BCA\",\"merchantId\":\"demo2\""), "404",
                        "4042708", "Invalid Merchant"},
                {good.replace("\"totalAmount\":{", "\"totalAmount\":["), "400", "4002700", null},
        };
        int payments = snapPayments();
        for (String[] c : cases) {
            ValidatableResponse reply = post(CREATE_VA, c[0]).statusCode(Integer.parseInt(c[1]))
                    .body("responseCode", equalTo(c[2]));
            if (c[3] != null) {
                reply.body("responseMessage", equalTo(c[3]));
            }
        }
        assertEquals(payments, snapPayments());
        // The refused trxId was not spent: the good body is served afterwards.
        post(CREATE_VA, good).statusCode(200).body("responseCode", equalTo("2002700"));

        assertRefused(post(VA_STATUS, "{\"trxId\":\"VA-BAD-1\"}"), 400, "4002602",
                "Invalid Mandatory Field virtualAccountNo");
        assertRefused(post(VA_STATUS, "{\"virtualAccountNo\":\"" + customerNo + "\"}"), 400, "4002602",
                "Invalid Mandatory Field trxId");
        assertRefused(post(VA_STATUS, "{\"virtualAccountNo\":\"12x4\",\"trxId\":\"VA-BAD-1\"}"), 400, "4002601",
                "Invalid Field Format virtualAccountNo");
        assertRefused(post(DELETE_VA, vaLookupBody(customerNo, "VA-BAD-1").replace("\"customerNo\":\"" + customerNo,
                "\"customerNo\":\"1")), 400, "4003101", "Invalid Field Format virtualAccountNo");
        assertRefused(post(VA_STATUS, vaLookupBody(newCustomerNo(), null)), 404, "4042601", "Transaction Not Found");
        assertRefused(post(DELETE_VA, vaLookupBody(customerNo, "VA-OTHER")), 404, "4043101",
                "Transaction Not Found");
    }

    @Test
    void createVaKeepsItsExternalIdsButAVirtualAccountIsNamedByItsNumberNotByOriginalExternalId() {
        String made = UUID.randomUUID().toString();
        String replayed = UUID.randomUUID().toString();
        String trxId = newReference();
        String customerNo = newCustomerNo();
        String body = createVaBody(trxId, customerNo, "16000.00", null);
        for (String id : new String[]{made, replayed}) { // the first and a replay of it
            snap(DEMO, demo).header("X-EXTERNAL-ID", id).body(body).post(CREATE_VA).then().statusCode(200)
                    .body("virtualAccountData.trxId", equalTo(trxId));
        }
        Db db = new Db(dataSource);
        assertEquals(List.of(made, replayed).stream().sorted().toList(), db.values("SELECT e.external_id"
                + " FROM snap_payment_external_id e JOIN payment p ON p.id = e.payment_id WHERE p.order_id = ?"
                + " AND e.merchant_id = 'demo' ORDER BY e.external_id", trxId));

        // The standard's status and delete-va bodies have no originalExternalId: one sent is not a way to name it.
        String byExternalId = """
                {"partnerServiceId":"%s","customerNo":"%s","virtualAccountNo":"%s%s","originalExternalId":"%s",\
                "additionalInfo":{"merchantId":"demo"}}""".formatted(PARTNER_SERVICE_ID, customerNo,
                PARTNER_SERVICE_ID, customerNo, made);
        assertRefused(post(VA_STATUS, byExternalId), 400, "4002602", "Invalid Mandatory Field trxId");
        assertRefused(post(DELETE_VA, byExternalId), 400, "4003102", "Invalid Mandatory Field trxId");
        // nor does a virtual account's id name it through the QRIS or direct debit door
        assertRefused(post(SnapPaymentFixtures.QR_QUERY, "{\"originalExternalId\":\"" + made + "\"}"), 404,
                "4045101", "Transaction Not Found");
        assertRefused(post(SnapPaymentFixtures.DEBIT_STATUS, "{\"originalExternalId\":\"" + made + "\"}"), 404,
                "4045501", "Transaction Not Found");
        status(DEMO, trxId).then().body("result.payment.status", equalTo("PENDING"));
    }

    @Test
    void anotherMerchantsVirtualAccountAnswersLikeAnUnknownOne() {
        String trxId = newReference();
        String customerNo = newCustomerNo();
        post(CREATE_VA, createVaBody(trxId, customerNo, "30000.00", null)).statusCode(200);
        for (String path : new String[]{VA_STATUS, DELETE_VA}) {
            String unknown = snap(DEMO2, demo2).body(vaLookupBody(newCustomerNo(), null)
                    .replace("\"merchantId\":\"demo\"", "\"merchantId\":\"demo2\"")).post(path).asString();
            for (String body : new String[]{vaLookupBody(customerNo, trxId), vaLookupBody(customerNo, null)}) {
                String foreign = snap(DEMO2, demo2).body(body.replace("\"merchantId\":\"demo\"",
                        "\"merchantId\":\"demo2\"")).post(path).then().statusCode(404).extract().asString();
                assertEquals(unknown, foreign);
            }
        }
        status(DEMO, trxId).then().body("result.payment.status", equalTo("PENDING"));
    }

    @Test
    void concurrentCreateVaForOneNumberOpenOneAccountAndEveryOtherLeavesNothing() throws Exception {
        String customerNo = newCustomerNo();
        String digits = (PARTNER_SERVICE_ID + customerNo).replace(" ", "");
        String first = raceForTheNumber(customerNo, 8);
        assertEquals(1, db().count("SELECT count(*) FROM sandbox_charge WHERE pay_code = ?", digits),
                "opened once at the provider");

        // The account ends (deleted): the number is free again, and a second race again opens it once.
        post(DELETE_VA, vaLookupBody(customerNo, first)).statusCode(200)
                .body("virtualAccountData.additionalInfo.status", equalTo("CANCELLED"));
        String second = raceForTheNumber(customerNo, 8);
        // paid: free again
        vaPay(digits, "10000.00").then().statusCode(200);
        awaitStatus(DEMO, second, "CAPTURED");
        String third = raceForTheNumber(customerNo, 6);
        assertEquals(List.of("CANCELLED", "CAPTURED", "PENDING"), db().values("SELECT status FROM payment WHERE "
                + "order_id IN (?, ?, ?) ORDER BY created_at", first, second, third));
        assertEquals(3, db().count("SELECT count(*) FROM payment WHERE replace(snap_virtual_account_no, ' ', '') = ?",
                digits), "nothing but the three winners' accounts");
    }

    /**
     * {@code racers} create-va of 10000.00 with one number and as many {@code trxId}s, sent at once while inserts of
     * the number are slow (a wide race: every one passes any check made before its insert): one opens the account,
     * every other is {@code 4092700} and left nothing behind (no payment, no idempotency record, no event). The
     * winner's {@code trxId}.
     */
    private String raceForTheNumber(String customerNo, int racers) throws Exception {
        List<String> trxIds = new ArrayList<>();
        List<Callable<ExtractableResponse<Response>>> calls = new ArrayList<>();
        for (int i = 0; i < racers; i++) {
            String trxId = newReference();
            String body = createVaBody(trxId, customerNo, "10000.00", null);
            trxIds.add(trxId);
            calls.add(() -> snap(DEMO, demo).body(body).post(CREATE_VA).then().extract());
        }
        String digits = (PARTNER_SERVICE_ID + customerNo).replace(" ", "");
        List<ExtractableResponse<Response>> replies;
        try (Db.Undo wide = db().slowInsertsOfVirtualAccount(digits)) {
            replies = AllAtOnce.run(calls);
        }
        String winner = null;
        Map<String, Integer> answers = new TreeMap<>();
        for (int i = 0; i < racers; i++) {
            ExtractableResponse<Response> reply = replies.get(i);
            answers.merge(reply.statusCode() + " " + reply.path("responseCode") + " "
                    + reply.path("responseMessage"), 1, Integer::sum);
            if (reply.statusCode() == 200) {
                winner = trxIds.get(i);
            }
        }
        assertEquals(Map.of("200 2002700 Successful", 1, "409 4092700 Conflict", racers - 1), answers);
        Db db = db();
        for (String trxId : trxIds) {
            int expected = trxId.equals(winner) ? 1 : 0;
            assertEquals(expected, db.count("SELECT count(*) FROM payment WHERE merchant_id = 'demo' AND order_id = ?",
                    trxId), trxId);
            assertEquals(expected, db.count("SELECT count(*) FROM snap_idempotency WHERE merchant_id = 'demo' AND "
                    + "partner_reference_no = ?", trxId), "a refused trxId leaves no reply to replay: " + trxId);
            if (expected == 0) {
                assertEquals(0, db.count("SELECT count(*) FROM outbox_event WHERE strpos(payload, ?) > 0", trxId));
            }
        }
        assertEquals(1, db.count("SELECT count(*) FROM payment WHERE status = 'PENDING' AND "
                + "replace(snap_virtual_account_no, ' ', '') = ?", digits));
        return winner;
    }

    @Test
    void anAccountTheBankDidNotOpenIsAnswered5022700AndLeavesNothingSoTheSameRequestMayBeSentAgain() {
        String customerNo = newCustomerNo();
        String digits = (PARTNER_SERVICE_ID + customerNo).replace(" ", "");
        String trxId = newReference();
        String body = createVaBody(trxId, customerNo, "21000.00", null);
        Db db = db();
        // the sandbox bank fails inside its own transaction, for this number only
        try (Db.Undo outage = db.sandboxOutageWhen("NEW.pay_code = '" + digits + "'")) {
            assertRefused(post(CREATE_VA, body), 502, "5022700", "Bad Gateway The payment provider did not answer");
        }
        assertEquals(0, db.count("SELECT count(*) FROM payment WHERE order_id = ?", trxId), "no payment");
        assertEquals(0, db.count("SELECT count(*) FROM snap_idempotency WHERE partner_reference_no = ?", trxId));
        status(DEMO, trxId).then().statusCode(404);

        post(CREATE_VA, body).statusCode(200).body("responseCode", equalTo("2002700"));
        status(DEMO, trxId).then().body("result.payment.status", equalTo("PENDING"))
                .body("sourceOfFunds.paymentCode", equalTo(digits));
    }

    @Test
    void aCompanyCodeNotTheMerchantsOwnIsRefusedAndWritesNothing() {
        String customerNo = newCustomerNo();
        int payments = snapPayments();
        // demo2's code, no merchant's, and codes whose numbers would begin like demo's ("   12345")
        for (String code : new String[]{"   22345", "   99999", "  123456", "    1234", "12345678"}) {
            String trxId = newReference();
            assertRefused(post(CREATE_VA, createVaBody(code, trxId, customerNo, "10000.00", null)), 400, "4002701",
                    "Invalid Field Format partnerServiceId");
            assertEquals(0, db().count("SELECT count(*) FROM snap_idempotency WHERE partner_reference_no = ?",
                    trxId));
        }
        assertEquals(payments, snapPayments());
        // demo's other code and its code written without the padding are its own
        post(CREATE_VA, createVaBody("   12346", newReference(), customerNo, "10000.00", null)).statusCode(200)
                .body("virtualAccountData.virtualAccountNo", equalTo("   12346" + customerNo));
        post(CREATE_VA, createVaBody("12345", newReference(), customerNo, "10000.00", null)).statusCode(200)
                .body("virtualAccountData.virtualAccountNo", equalTo("12345" + customerNo));
    }

    @Test
    void aNumberOfOneMerchantIsNeverAnothersToOpenTakeOverOrInherit() {
        String customerNo = newCustomerNo();
        String trxId = newReference();
        String foreign = "   12345"; // demo's
        ValidatableResponse refused = snap(DEMO2, demo2).body(createVaBody(foreign, newReference(), customerNo,
                "10000.00", null)).post(CREATE_VA).then();
        assertRefused(refused, 400, "4002701", "Invalid Field Format partnerServiceId"); // not first
        post(CREATE_VA, createVaBody(trxId, customerNo, "10000.00", null)).statusCode(200);
        assertRefused(snap(DEMO2, demo2).body(createVaBody(foreign, newReference(), customerNo, "10000.00", null))
                .post(CREATE_VA).then(), 400, "4002701", "Invalid Field Format partnerServiceId"); // not beside it
        post(DELETE_VA, vaLookupBody(customerNo, trxId)).statusCode(200);
        assertRefused(snap(DEMO2, demo2).body(createVaBody(foreign, newReference(), customerNo, "10000.00", null))
                .post(CREATE_VA).then(), 400, "4002701", "Invalid Field Format partnerServiceId"); // not after it
        assertEquals(0, db().count("SELECT count(*) FROM payment WHERE merchant_id = 'demo2' AND "
                + "replace(snap_virtual_account_no, ' ', '') = ?", (foreign + customerNo).replace(" ", "")));
        // demo2's own code serves demo2
        snap(DEMO2, demo2).body(createVaBody("   22345", newReference(), customerNo, "10000.00", null))
                .post(CREATE_VA).then().statusCode(200).body("responseCode", equalTo("2002700"));
    }

    @Test
    void anEmptyVirtualAccountNoIsReadAsNotSent() {
        String customerNo = newCustomerNo();
        String trxId = newReference();
        String sent = "\"virtualAccountNo\":\"" + PARTNER_SERVICE_ID + customerNo + "\"";
        String body = createVaBody(trxId, customerNo, "12000.00", null).replace(sent, "\"virtualAccountNo\":\"\"");
        post(CREATE_VA, body).statusCode(200).body("responseCode", equalTo("2002700"))
                .body("virtualAccountData.virtualAccountNo", equalTo(PARTNER_SERVICE_ID + customerNo));
        for (String path : new String[]{VA_STATUS, DELETE_VA}) {
            String lookup = vaLookupBody(customerNo, trxId);
            String absent = lookup.replace(sent + ",", "");
            String empty = lookup.replace(sent, "\"virtualAccountNo\":\"\"");
            String asAbsent = post(path, absent).statusCode(400).extract().asString();
            assertEquals(asAbsent, post(path, empty).statusCode(400).extract().asString(), path);
        }
        status(DEMO, trxId).then().body("result.payment.status", equalTo("PENDING"));
    }

    private Db db() {
        return new Db(dataSource);
    }

    @Test
    void theDoorRefusesTamperedBodiesReusedExternalIdsAndOtherMerchantsTokens() {
        String body = createVaBody(newReference(), newCustomerNo(), "40000.00", null);
        int payments = snapPayments();
        String timestamp = signing(DEMO, demo).timestamp();
        String signature = SnapTransactionSigner.sign(DEMO.clientSecret(), "POST", CREATE_VA, demo,
                body.getBytes(StandardCharsets.UTF_8), timestamp);
        assertRefused(snap(DEMO, demo).header("X-TIMESTAMP", timestamp).header("X-SIGNATURE", signature)
                .body(body.replace("40000.00", "4.00")).post(CREATE_VA).then(), 401, "4012700",
                "Unauthorized. Invalid signature");
        assertRefused(snap(DEMO, demo2).body(body).post(CREATE_VA).then(), 401, "4012701", "Invalid Token (B2B)");
        assertRefused(snap(DEMO, demo + "x").body(body).post(CREATE_VA).then(), 401, "4012703",
                "Token Not Found (B2B)");
        assertRefused(as(DEMO).body(body).post(CREATE_VA).then(), 401, "4012701", "Invalid Token (B2B)");
        assertEquals(payments, snapPayments());

        String externalId = "ext-" + newReference();
        snap(DEMO, demo).header("X-EXTERNAL-ID", externalId).body(body).post(CREATE_VA).then().statusCode(200);
        assertRefused(snap(DEMO, demo).header("X-EXTERNAL-ID", externalId).body(body).post(VA_STATUS).then(), 409,
                "4092600", "Conflict");
        assertRefused(snap(DEMO, demo).header("X-EXTERNAL-ID", externalId).body(body).post(DELETE_VA).then(), 409,
                "4093100", "Conflict");
    }
}

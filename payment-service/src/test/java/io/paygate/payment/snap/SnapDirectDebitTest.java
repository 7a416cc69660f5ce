package io.paygate.payment.snap;

import io.agroal.api.AgroalDataSource;
import io.paygate.kit.snap.AccessTokens;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.PaymentStatusChanged;
import io.paygate.model.event.SnapOrigin;
import io.paygate.model.event.Topics;
import io.paygate.model.snap.SnapTransactionSigner;
import io.paygate.model.status.BindingStatus;
import io.paygate.payment.support.BindingServiceResource;
import io.paygate.payment.support.CredentialTestResources;
import io.paygate.payment.support.Db;
import io.paygate.payment.support.Methods;
import io.paygate.payment.support.PaymentEvents;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import jakarta.inject.Inject;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.UUID;

import static io.paygate.payment.snap.SnapPaymentFixtures.DEBIT_CANCEL;
import static io.paygate.payment.snap.SnapPaymentFixtures.DEBIT_PAY;
import static io.paygate.payment.snap.SnapPaymentFixtures.DEBIT_REFUND;
import static io.paygate.payment.snap.SnapPaymentFixtures.DEBIT_STATUS;
import static io.paygate.payment.snap.SnapPaymentFixtures.WHOLE_SECONDS;
import static io.paygate.payment.snap.SnapPaymentFixtures.assertRefused;
import static io.paygate.payment.snap.SnapPaymentFixtures.debitBody;
import static io.paygate.payment.snap.SnapPaymentFixtures.newReference;
import static io.paygate.payment.snap.SnapPaymentFixtures.signing;
import static io.paygate.payment.snap.SnapPaymentFixtures.snap;
import static io.paygate.payment.support.Methods.qrisPay;
import static io.paygate.payment.support.PaymentApi.as;
import static io.paygate.payment.support.PaymentApi.awaitStatus;
import static io.paygate.payment.support.PaymentApi.status;
import static io.paygate.testsupport.SandboxMerchants.DEMO;
import static io.paygate.testsupport.SandboxMerchants.DEMO2;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.anyOf;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * docs/contract.md §9, direct debit (54, 55, 57, 58), against the real database and broker and binding-service's
 * internal API over HTTP: {@code bankCardToken} (an ACTIVE binding's id) is §1b's direct-debit purchase of the
 * binding's customer, charged at once; without a token the reply's {@code webRedirectUrl} is an ordinary hosted
 * payment; status reports {@code latestTransactionStatus}; cancel and refund are §3a's; the events carry {@code snap}
 * {@code DEBIT}. Bodies as midtrans-client's example sends them ({@code urlParam} one object, a refund with only
 * {@code originalReferenceNo}).
 */
@QuarkusTest
@CredentialTestResources
class SnapDirectDebitTest {

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

    Db db() {
        return new Db(dataSource);
    }

    int snapPayments() {
        return db().count("SELECT count(*) FROM payment WHERE snap_service IS NOT NULL");
    }

    ValidatableResponse post(String path, String body, String externalId) {
        return snap(DEMO, demo).header("X-EXTERNAL-ID", externalId).body(body).post(path).then();
    }

    /** As midtrans-client's README asks the status: the payment request's X-EXTERNAL-ID and serviceCode 54. */
    static String byExternalId(String externalId) {
        return "{\"originalExternalId\":\"" + externalId + "\",\"serviceCode\":\"54\"}";
    }

    /** The next day for {@code externalId}: moves the merchant's claim of it to yesterday, so it may be sent again. */
    void usedYesterday(String externalId) {
        assertEquals(1, db().update("UPDATE snap_external_id SET day = day - 1 WHERE merchant_id = 'demo'"
                + " AND external_id = ?", externalId));
    }

    static String customer() {
        return "cust-" + UUID.randomUUID().toString().substring(0, 8);
    }

    static String byReference(String referenceNo) {
        return "{\"originalReferenceNo\":\"" + referenceNo + "\",\"serviceCode\":\"54\"}";
    }

    static String byPartnerReference(String partnerReferenceNo) {
        return "{\"originalPartnerReferenceNo\":\"" + partnerReferenceNo + "\",\"merchantId\":\"demo\","
                + "\"serviceCode\":\"54\"}";
    }

    @Test
    void aBankCardTokenChargesItsBindingAtOnceAndThePaymentIsOrdinaryQueriedAndRefunded() {
        String binding = BindingServiceResource.bind("demo", customer(), "BCA_DD");
        String reference = newReference();
        ValidatableResponse paid = post(DEBIT_PAY, debitBody(reference, binding, "45000.00")).statusCode(200)
                .body("responseCode", equalTo("2005400")).body("responseMessage", equalTo("Successful"))
                .body("partnerReferenceNo", equalTo(reference)).body("webRedirectUrl", nullValue())
                .body("additionalInfo.status", anyOf(equalTo("PROCESSING"), equalTo("CAPTURED")));
        String referenceNo = paid.extract().path("referenceNo");
        awaitStatus(DEMO, reference, "CAPTURED");
        assertEquals(binding, db().value("SELECT binding_id FROM payment WHERE payment_code = ?", referenceNo));
        assertEquals(1, db().chargesOf(referenceNo));
        status(DEMO, reference).then().statusCode(200).body("paymentCode", equalTo(referenceNo))
                .body("sourceOfFunds.type", equalTo("DIRECT_DEBIT"));
        for (String asked : new String[]{byReference(referenceNo), byPartnerReference(reference)}) {
            post(DEBIT_STATUS, asked).statusCode(200).body("responseCode", equalTo("2005500"))
                    .body("originalReferenceNo", equalTo(referenceNo))
                    .body("originalPartnerReferenceNo", equalTo(reference)).body("serviceCode", equalTo("54"))
                    .body("latestTransactionStatus", equalTo("00")).body("transactionStatusDesc", equalTo("CAPTURED"))
                    .body("paidTime", matchesPattern(WHOLE_SECONDS))
                    .body("transAmount.value", equalTo("45000.00"));
        }

        // A refund as midtrans-client asks it: only originalReferenceNo and reason.
        String externalId = "RF-" + newReference();
        snap(DEMO, demo).header("X-EXTERNAL-ID", externalId)
                .body("{\"originalReferenceNo\":\"" + referenceNo + "\",\"reason\":\"Customer cancelled\"}")
                .post(DEBIT_REFUND).then().statusCode(200).body("responseCode", equalTo("2005800"))
                .body("originalReferenceNo", equalTo(referenceNo))
                .body("originalPartnerReferenceNo", equalTo(reference)).body("refundNo", equalTo(externalId))
                .body("partnerRefundNo", equalTo(externalId))
                .body("refundAmount.value", equalTo("45000.00"))
                .body("refundTime", matchesPattern(WHOLE_SECONDS));
        as(DEMO).get("/pg/payment/card/refund/" + externalId).then().statusCode(200)
                .body("orderId", equalTo(reference)).body("status", equalTo("SUCCEEDED"));
        post(DEBIT_STATUS, byReference(referenceNo)).statusCode(200).body("latestTransactionStatus", equalTo("04"));
        assertRefused(post(DEBIT_REFUND, "{\"originalReferenceNo\":\"" + referenceNo + "\"}"), 403, "4035815",
                "Transaction Not Permitted. nothing is left to refund");
        assertRefused(post(DEBIT_CANCEL, byReference(referenceNo)), 404, "4045700", "Invalid Transaction Status");

        // Every event of the payment carries what notification-service needs for the /v1.0/debit/notify body.
        List<ConsumerRecord<String, String>> records = PaymentEvents.awaitRecords(DEMO.id(), referenceNo, 2,
                Duration.ofSeconds(30));
        for (ConsumerRecord<String, String> record : records) {
            PaymentStatusChanged change = EventEnvelope.fromJson(record.value()).dataAs(PaymentStatusChanged.class);
            assertEquals(new SnapOrigin(SnapOrigin.DEBIT, reference, referenceNo, null, null, null, null),
                    change.snap());
        }
    }

    @Test
    void anAmountEndingIn51HasInsufficientFundsAndReportsFailed() {
        String customer = customer();
        String binding = BindingServiceResource.bind("demo", customer, "BRI_DD");
        String reference = newReference();
        String body = debitBody(reference, binding, "75000.51").replace("\"additionalInfo\":{}",
                "\"additionalInfo\":{\"customerId\":\"" + customer + "\"}");
        post(DEBIT_PAY, body).statusCode(200).body("responseCode", equalTo("2005400"));
        awaitStatus(DEMO, reference, "FAILED");
        status(DEMO, reference).then().body("result.payment.statusDesc", equalTo("Insufficient funds"));
        post(DEBIT_STATUS, byPartnerReference(reference)).statusCode(200).body("latestTransactionStatus", equalTo("06"))
                .body("transactionStatusDesc", equalTo("FAILED")).body("paidTime", nullValue());
    }

    @Test
    void withoutATokenTheReplyIsTheHostedPageOfAPayablePaymentAndAPendingOneCanBeCancelled() {
        String reference = newReference();
        ValidatableResponse hosted = post(DEBIT_PAY, debitBody(reference, null, "20000.00")).statusCode(200)
                .body("responseCode", equalTo("2005400")).body("partnerReferenceNo", equalTo(reference))
                .body("additionalInfo.status", equalTo("PENDING"))
                .body("additionalInfo.expiresAt", matchesPattern(WHOLE_SECONDS));
        String referenceNo = hosted.extract().path("referenceNo");
        hosted.body("webRedirectUrl", endsWith("/pg/pay/" + referenceNo));
        post(DEBIT_STATUS, byReference(referenceNo)).statusCode(200).body("latestTransactionStatus", equalTo("01"));
        given().get("/pg/pay/" + referenceNo).then().statusCode(200);
        Methods.choose(referenceNo, "QRIS").then().statusCode(303);
        String qr = db().value("SELECT c.qr_string FROM payment_charge c JOIN payment p ON p.id = c.payment_id"
                + " WHERE p.payment_code = ? AND c.qr_string IS NOT NULL",
                referenceNo);
        qrisPay(qr).then().statusCode(200);
        awaitStatus(DEMO, reference, "CAPTURED");
        post(DEBIT_STATUS, byPartnerReference(reference)).statusCode(200)
                .body("latestTransactionStatus", equalTo("00"));
        assertRefused(post(DEBIT_CANCEL, byPartnerReference(reference)), 404, "4045700", "Invalid Transaction Status");

        String pending = newReference();
        String standard = debitBody(pending, null, "21000.00") // urlParam as the standard has it: an array
                .replace("\"urlParam\":{", "\"urlParam\":[{").replace("\"Y\"},", "\"Y\"}],");
        String pendingNo = post(DEBIT_PAY, standard).statusCode(200).extract().path("referenceNo");
        for (int i = 0; i < 2; i++) { // again: the same answer
            post(DEBIT_CANCEL, "{\"originalReferenceNo\":\"" + pendingNo + "\",\"reason\":\"changed mind\"}")
                    .statusCode(200).body("responseCode", equalTo("2005700"))
                    .body("originalReferenceNo", equalTo(pendingNo))
                    .body("originalPartnerReferenceNo", equalTo(pending))
                    .body("cancelTime", matchesPattern(WHOLE_SECONDS))
                    .body("transactionDate", matchesPattern(WHOLE_SECONDS));
        }
        status(DEMO, pending).then().body("result.payment.status", equalTo("CANCELLED"));
        post(DEBIT_STATUS, byReference(pendingNo)).statusCode(200).body("latestTransactionStatus", equalTo("05"));
    }

    @Test
    void theSamePartnerReferenceNoGetsTheFirstReplyAgainWithOneChargeAndAnotherBodyIsADuplicate() {
        String binding = BindingServiceResource.bind("demo", customer(), "BCA_DD");
        String reference = newReference();
        String body = debitBody(reference, binding, "5000.00");
        String first = post(DEBIT_PAY, body).statusCode(200).extract().asString();
        String referenceNo = post(DEBIT_PAY, body).statusCode(200).extract().path("referenceNo");
        assertEquals(first, post(DEBIT_PAY, body.replace(",", ", ")).statusCode(200).extract().asString());
        assertRefused(post(DEBIT_PAY, body.replace("5000.00", "5001.00")), 409, "4095401",
                "Duplicate partnerReferenceNo");
        awaitStatus(DEMO, reference, "CAPTURED");
        assertEquals(1, db().chargesOf(referenceNo));
        assertEquals(1, db().count("SELECT count(*) FROM payment WHERE order_id = ?", reference));
    }

    @Test
    void badInputAndBindingsThatMayNotBeChargedAreRefusedNamingTheFieldAndNothingIsWritten() {
        String customer = customer();
        String binding = BindingServiceResource.bind("demo", customer, "BCA_DD");
        String others = BindingServiceResource.bind("demo2", customer(), "BCA_DD");
        String unbound = BindingServiceResource.bind("demo", customer, "BCA_DD");
        BindingServiceResource.setStatus(unbound, BindingStatus.UNBOUND);
        String good = debitBody("DD-BAD-1", binding, "10000.00");
        String invalidAccount = "Invalid Card/Account/Customer bankCardToken";
        String[][] cases = {
                {good.replace("\"partnerReferenceNo\":\"DD-BAD-1\",", ""), "400", "4005402",
                        "Invalid Mandatory Field partnerReferenceNo"},
                {good.replace("DD-BAD-1", "DD/BAD"), "400", "4005401", "Invalid Field Format partnerReferenceNo"},
                {good.replace("\"merchantId\":\"demo\"", "\"merchantId\":\"demo2\""), "404", "4045408",
                        "Invalid Merchant"},
                {good.replace("\"amount\":{\"value\":\"10000.00\",\"currency\":\"IDR\"},", ""), "400", "4005402",
                        "Invalid Mandatory Field amount"},
                {good.replace("\"currency\":\"IDR\"}," + "\"additionalInfo\"", "\"currency\":\"USD\"},"
                        + "\"additionalInfo\""), "400", "4005401", "Invalid Field Format amount.currency"},
                {good.replace("10000.00", "0.00"), "400", "4005401", "Invalid Field Format amount.value"},
                {good.replace("2099-07-20T20:34:15.452305Z", "2001-07-20T20:34:15Z"), "400", "4005401",
                        "Invalid Field Format validUpTo"},
                {good.replace("2099-07-20T20:34:15.452305Z", "tomorrow"), "400", "4005401",
                        "Invalid Field Format validUpTo"},
                {good.replace("\"urlParam\":{", "\"urlParam\":\"x\",\"u\":{"), "400", "4005401",
                        "Invalid Field Format urlParam"},
                {good.replace("\"urlParam\":{", "\"urlParam\":7,\"u\":{"), "400", "4005401",
                        "Invalid Field Format urlParam"},
                {good.replace(binding, "B" + "x".repeat(560)), "400", "4005401", "Invalid Field Format bankCardToken"},
                {good.replace(binding, "BNDUNKNOWN"), "404", "4045411", invalidAccount},
                {good.replace(binding, others), "404", "4045411", invalidAccount},
                {good.replace(binding, unbound), "404", "4045411", invalidAccount},
                {good.replace("\"additionalInfo\":{}", "\"additionalInfo\":{\"customerId\":\"someone-else\"}"), "404",
                        "4045411", invalidAccount},
        };
        int payments = snapPayments();
        for (String[] c : cases) {
            assertRefused(post(DEBIT_PAY, c[0]), Integer.parseInt(c[1]), c[2], c[3]);
        }
        assertEquals(payments, snapPayments());
        post(DEBIT_PAY, good).statusCode(200); // the same reference is still free

        assertRefused(post(DEBIT_STATUS, "{\"merchantId\":\"demo\",\"serviceCode\":\"54\"}"), 400, "4005502",
                "Invalid Mandatory Field originalPartnerReferenceNo");
        assertRefused(post(DEBIT_CANCEL, "{\"merchantId\":\"demo\",\"reason\":\"x\"}"), 400, "4005702",
                "Invalid Mandatory Field originalPartnerReferenceNo");
        assertRefused(post(DEBIT_STATUS, byExternalId("x".repeat(37))), 400, "4005501",
                "Invalid Field Format originalExternalId");
        assertRefused(post(DEBIT_REFUND, "{\"originalExternalId\":\"\"}"), 400, "4005801",
                "Invalid Field Format originalExternalId");
        assertRefused(post(DEBIT_REFUND, "{\"merchantId\":\"demo\"}"), 400, "4005802",
                "Invalid Mandatory Field originalReferenceNo");
        assertRefused(post(DEBIT_REFUND,
                "{\"originalPartnerReferenceNo\":\"DD-BAD-1\",\"partnerRefundNo\":\"RF BAD\"}"), 400, "4005801",
                "Invalid Field Format partnerRefundNo");
        assertRefused(post(DEBIT_STATUS, byPartnerReference("DD-UNKNOWN")), 404, "4045501", "Transaction Not Found");
        assertEquals(0, db().count("SELECT count(*) FROM refund WHERE order_id = 'DD-BAD-1'"));
    }

    @Test
    void originalExternalIdNamesThePaymentItsPaymentRequestMadeForStatusCancelAndRefund() {
        String made = UUID.randomUUID().toString(); // midtrans-client's README: a UUID
        String reference = newReference();
        String body = debitBody(reference, null, "12000.00");
        String referenceNo = post(DEBIT_PAY, body, made).statusCode(200).extract().path("referenceNo");
        post(DEBIT_STATUS, byExternalId(made)).statusCode(200).body("responseCode", equalTo("2005500"))
                .body("originalReferenceNo", equalTo(referenceNo))
                .body("originalPartnerReferenceNo", equalTo(reference)).body("latestTransactionStatus", equalTo("01"));

        // a replay (the same partnerReferenceNo and body, a new X-EXTERNAL-ID) answered with the payment: both name it
        String replayed = UUID.randomUUID().toString();
        post(DEBIT_PAY, body, replayed).statusCode(200).body("referenceNo", equalTo(referenceNo));
        for (String id : new String[]{made, replayed}) {
            post(DEBIT_STATUS, byExternalId(id)).statusCode(200).body("originalReferenceNo", equalTo(referenceNo));
        }
        // a refused replay (another body) names nothing
        String refused = UUID.randomUUID().toString();
        post(DEBIT_PAY, body.replace("12000.00", "12001.00"), refused).statusCode(409);
        assertRefused(post(DEBIT_STATUS, byExternalId(refused)), 404, "4045501", "Transaction Not Found");

        // with the other references: they must all name the same payment
        String other = newReference();
        String otherNo = post(DEBIT_PAY, debitBody(other, null, "12000.00")).statusCode(200).extract()
                .path("referenceNo");
        post(DEBIT_STATUS, "{\"originalExternalId\":\"" + made + "\",\"originalReferenceNo\":\"" + referenceNo
                + "\",\"originalPartnerReferenceNo\":\"" + reference + "\"}").statusCode(200)
                .body("originalReferenceNo", equalTo(referenceNo));
        String unknown = post(DEBIT_STATUS, byExternalId(UUID.randomUUID().toString())).statusCode(404)
                .body("responseCode", equalTo("4045501")).extract().asString();
        for (String mismatch : new String[]{
                "{\"originalExternalId\":\"" + made + "\",\"originalReferenceNo\":\"" + otherNo + "\"}",
                "{\"originalExternalId\":\"" + made + "\",\"originalPartnerReferenceNo\":\"" + other + "\"}",
                "{\"originalExternalId\":\"" + made + "\",\"originalReferenceNo\":\"PCUNKNOWN\"}"}) {
            assertEquals(unknown, post(DEBIT_STATUS, mismatch).statusCode(404).extract().asString(), mismatch);
        }

        // cancel by it, as midtrans-client's README does (originalExternalId alone)
        post(DEBIT_CANCEL, "{\"originalExternalId\":\"" + made + "\"}").statusCode(200)
                .body("responseCode", equalTo("2005700")).body("originalReferenceNo", equalTo(referenceNo));
        status(DEMO, reference).then().body("result.payment.status", equalTo("CANCELLED"));
        status(DEMO, other).then().body("result.payment.status", equalTo("PENDING"));
        assertRefused(post(DEBIT_CANCEL, "{\"originalExternalId\":\"" + UUID.randomUUID() + "\"}"), 404, "4045701",
                "Transaction Not Found");

        // refund by it: a binding charged at once
        String charged = UUID.randomUUID().toString();
        String paid = newReference();
        String paidNo = post(DEBIT_PAY, debitBody(paid, BindingServiceResource.bind("demo", customer(), "BCA_DD"),
                "8000.00"), charged).statusCode(200).extract().path("referenceNo");
        awaitStatus(DEMO, paid, "CAPTURED");
        post(DEBIT_REFUND, "{\"originalExternalId\":\"" + charged + "\",\"reason\":\"returned\"}").statusCode(200)
                .body("responseCode", equalTo("2005800")).body("originalReferenceNo", equalTo(paidNo))
                .body("originalPartnerReferenceNo", equalTo(paid)).body("refundAmount.value", equalTo("8000.00"));
        status(DEMO, paid).then().body("result.payment.status", equalTo("REFUNDED"));
        assertRefused(post(DEBIT_REFUND, "{\"originalExternalId\":\"" + UUID.randomUUID() + "\"}"), 404, "4045801",
                "Transaction Not Found");
    }

    @Test
    void anExternalIdSentAgainOnAnotherDayNamesTheNewerPaymentAloneAndTheOlderWithItsReference() {
        String externalId = UUID.randomUUID().toString();
        String older = newReference();
        String olderNo = post(DEBIT_PAY, debitBody(older, null, "3000.00"), externalId).statusCode(200).extract()
                .path("referenceNo");
        usedYesterday(externalId);
        String newer = newReference();
        String newerNo = post(DEBIT_PAY, debitBody(newer, null, "3000.00"), externalId).statusCode(200).extract()
                .path("referenceNo");
        post(DEBIT_STATUS, byExternalId(externalId)).statusCode(200).body("originalReferenceNo", equalTo(newerNo));
        post(DEBIT_STATUS, "{\"originalExternalId\":\"" + externalId + "\",\"originalPartnerReferenceNo\":\""
                + older + "\"}").statusCode(200).body("originalReferenceNo", equalTo(olderNo));
        post(DEBIT_CANCEL, "{\"originalExternalId\":\"" + externalId + "\"}").statusCode(200)
                .body("originalReferenceNo", equalTo(newerNo));
        status(DEMO, newer).then().body("result.payment.status", equalTo("CANCELLED"));
        status(DEMO, older).then().body("result.payment.status", equalTo("PENDING"));
    }

    @Test
    void anotherMerchantsOrAnotherServicesExternalIdNamesNothing() {
        String externalId = UUID.randomUUID().toString();
        String reference = newReference();
        post(DEBIT_PAY, debitBody(reference, null, "4000.00"), externalId).statusCode(200);
        String unknown = snap(DEMO2, demo2).body(byExternalId(UUID.randomUUID().toString())).post(DEBIT_STATUS).then()
                .statusCode(404).body("responseCode", equalTo("4045501")).extract().asString();
        assertEquals(unknown, snap(DEMO2, demo2).body(byExternalId(externalId)).post(DEBIT_STATUS).then()
                .statusCode(404).extract().asString());
        snap(DEMO2, demo2).body("{\"originalExternalId\":\"" + externalId + "\"}").post(DEBIT_CANCEL).then()
                .statusCode(404).body("responseCode", equalTo("4045701"));
        status(DEMO, reference).then().body("result.payment.status", equalTo("PENDING"));

        String qris = UUID.randomUUID().toString();
        post(SnapPaymentFixtures.QR_GENERATE, SnapPaymentFixtures.generateBody(newReference(), "4000.00"), qris)
                .statusCode(200);
        assertRefused(post(DEBIT_STATUS, byExternalId(qris)), 404, "4045501", "Transaction Not Found");
    }

    @Test
    void anotherMerchantsOrAnotherServicesPaymentAnswersLikeAnUnknownOne() {
        String reference = newReference();
        String referenceNo = post(DEBIT_PAY, debitBody(reference, null, "7000.00")).statusCode(200).extract()
                .path("referenceNo");
        String qris = newReference();
        post(SnapPaymentFixtures.QR_GENERATE, SnapPaymentFixtures.generateBody(qris, "7000.00")).statusCode(200);
        assertRefused(post(DEBIT_STATUS, byPartnerReference(qris)), 404, "4045501", "Transaction Not Found");
        String[][] asks = {
                {DEBIT_STATUS, byReference(referenceNo), byReference("PCUNKNOWN")},
                {DEBIT_STATUS, byPartnerReference(reference).replace("\"demo\"", "\"demo2\""),
                        byPartnerReference("DD-UNKNOWN").replace("\"demo\"", "\"demo2\"")},
                {DEBIT_CANCEL, byReference(referenceNo), byReference("PCUNKNOWN")},
                {DEBIT_REFUND, "{\"originalReferenceNo\":\"" + referenceNo + "\"}",
                        "{\"originalReferenceNo\":\"PCUNKNOWN\"}"},
        };
        for (String[] ask : asks) {
            String unknown = snap(DEMO2, demo2).body(ask[2]).post(ask[0]).then().statusCode(404).extract().asString();
            assertEquals(unknown, snap(DEMO2, demo2).body(ask[1]).post(ask[0]).then().statusCode(404).extract()
                    .asString());
        }
        status(DEMO, reference).then().body("result.payment.status", equalTo("PENDING"));
    }

    @Test
    void theDoorRefusesTamperedBodiesReusedExternalIdsAndOtherMerchantsTokens() {
        String body = debitBody(newReference(), null, "9000.00");
        int payments = snapPayments();
        String timestamp = signing(DEMO, demo).timestamp();
        String signature = SnapTransactionSigner.sign(DEMO.clientSecret(), "POST", DEBIT_PAY, demo,
                body.getBytes(StandardCharsets.UTF_8), timestamp);
        assertRefused(snap(DEMO, demo).header("X-TIMESTAMP", timestamp).header("X-SIGNATURE", signature)
                .body(body.replace("9000.00", "9.00")).post(DEBIT_PAY).then(), 401, "4015400",
                "Unauthorized. Invalid signature");
        assertRefused(snap(DEMO, demo2).body(body).post(DEBIT_PAY).then(), 401, "4015401", "Invalid Token (B2B)");
        assertRefused(snap(DEMO, demo2).body(body).post(DEBIT_REFUND).then(), 401, "4015801", "Invalid Token (B2B)");
        assertEquals(payments, snapPayments());

        String externalId = "ext-" + newReference();
        snap(DEMO, demo).header("X-EXTERNAL-ID", externalId).body(body).post(DEBIT_PAY).then().statusCode(200);
        for (String[] path : new String[][]{{DEBIT_PAY, "54"}, {DEBIT_STATUS, "55"}, {DEBIT_CANCEL, "57"},
                {DEBIT_REFUND, "58"}}) {
            assertRefused(snap(DEMO, demo).header("X-EXTERNAL-ID", externalId).body(body).post(path[0]).then(), 409,
                    "409" + path[1] + "00", "Conflict");
        }
    }
}

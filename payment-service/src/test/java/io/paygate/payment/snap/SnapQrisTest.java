package io.paygate.payment.snap;

import io.agroal.api.AgroalDataSource;
import io.paygate.kit.snap.AccessTokens;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.PaymentStatusChanged;
import io.paygate.model.event.SnapOrigin;
import io.paygate.model.event.Topics;
import io.paygate.model.snap.SnapTransactionSigner;
import io.paygate.payment.support.Db;
import io.paygate.payment.support.PaymentEvents;
import io.paygate.payment.support.PaymentTestResources;
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

import static io.paygate.payment.snap.SnapPaymentFixtures.QR_CANCEL;
import static io.paygate.payment.snap.SnapPaymentFixtures.QR_GENERATE;
import static io.paygate.payment.snap.SnapPaymentFixtures.QR_QUERY;
import static io.paygate.payment.snap.SnapPaymentFixtures.QR_REFUND;
import static io.paygate.payment.snap.SnapPaymentFixtures.WHOLE_SECONDS;
import static io.paygate.payment.snap.SnapPaymentFixtures.assertRefused;
import static io.paygate.payment.snap.SnapPaymentFixtures.generateBody;
import static io.paygate.payment.snap.SnapPaymentFixtures.newReference;
import static io.paygate.payment.snap.SnapPaymentFixtures.signing;
import static io.paygate.payment.snap.SnapPaymentFixtures.snap;
import static io.paygate.payment.support.Methods.qrisPay;
import static io.paygate.payment.support.PaymentApi.as;
import static io.paygate.payment.support.PaymentApi.awaitStatus;
import static io.paygate.payment.support.PaymentApi.status;
import static io.paygate.testsupport.SandboxMerchants.DEMO;
import static io.paygate.testsupport.SandboxMerchants.DEMO2;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * docs/contract.md §9, QRIS MPM (47, 51, 77, 78): a SNAP QRIS is an ordinary §2a payment (order id
 * {@code partnerReferenceNo}) whose {@code qrContent} the sandbox QRIS app pays; query reports
 * {@code latestTransactionStatus}; cancel and refund are §3a's (the refund's id the {@code X-EXTERNAL-ID} and its
 * amount the remainder when the client sends neither, as midtrans-client does); its events carry {@code snap}.
 */
@QuarkusTest
@PaymentTestResources
class SnapQrisTest {

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

    ValidatableResponse post(String path, String body, String externalId) {
        return snap(DEMO, demo).header("X-EXTERNAL-ID", externalId).body(body).post(path).then();
    }

    static String byExternalId(String externalId) {
        return "{\"originalExternalId\":\"" + externalId + "\",\"merchantId\":\"demo\",\"serviceCode\":\"47\"}";
    }

    int count(String sql) {
        return new Db(dataSource).count(sql);
    }

    static String byReference(String referenceNo) {
        return "{\"originalReferenceNo\":\"" + referenceNo + "\",\"merchantId\":\"demo\",\"serviceCode\":\"47\"}";
    }

    static String byPartnerReference(String partnerReferenceNo) {
        return "{\"originalPartnerReferenceNo\":\"" + partnerReferenceNo + "\",\"serviceCode\":\"47\"}";
    }

    @Test
    void aPartnerReferenceNoOfAPaymentLinksOrderIdIsRefusedAndWritesNothing() {
        String linkId = "LNK-" + UUID.randomUUID().toString().substring(0, 18);
        as(DEMO).body("""
                {"link":{"id":"%s","description":"Coffee","amount":"25000.00"},
                 "url":{"callbackUrl":"https://merchant.example.com/callbacks/payment"}}""".formatted(linkId))
                .post("/pg/payment-links").then().statusCode(200);
        // docs/contract.md §11: <link.id>-<n> is the link page's to give, through either door
        assertRefused(post(QR_GENERATE, generateBody(linkId + "-1", "25000.00")), 400, "4004701",
                "Invalid Field Format partnerReferenceNo");
        assertEquals(0, count("SELECT count(*) FROM payment WHERE order_id = '" + linkId + "-1'"));
        post(QR_GENERATE, generateBody(linkId + "-x", "25000.00")).statusCode(200);
    }

    @Test
    void aSnapQrisIsAnOrdinaryPaymentPaidByItsQrContentQueriedAndRefunded() {
        String reference = newReference();
        ValidatableResponse generated = post(QR_GENERATE, generateBody(reference, "25000.00")).statusCode(200)
                .body("responseCode", equalTo("2004700")).body("responseMessage", equalTo("Successful"))
                .body("partnerReferenceNo", equalTo(reference))
                .body("qrContent", startsWith("000201010212"))
                .body("additionalInfo.status", equalTo("PENDING"))
                .body("additionalInfo.expiresAt", matchesPattern(WHOLE_SECONDS));
        String referenceNo = generated.extract().path("referenceNo");
        String qrContent = generated.extract().path("qrContent");
        generated.body("qrUrl", endsWith("/pg/pay/" + referenceNo + "/qr.png"));
        status(DEMO, reference).then().statusCode(200).body("paymentCode", equalTo(referenceNo))
                .body("sourceOfFunds.type", equalTo("QRIS"));
        post(QR_QUERY, byReference(referenceNo)).statusCode(200).body("responseCode", equalTo("2005100"))
                .body("latestTransactionStatus", equalTo("03")).body("transactionStatusDesc", equalTo("PENDING"))
                .body("paidTime", nullValue());

        qrisPay(qrContent).then().statusCode(200).body("responseCode", equalTo("2000000"));
        awaitStatus(DEMO, reference, "CAPTURED");
        for (String asked : new String[]{byReference(referenceNo), byPartnerReference(reference),
                "{\"originalReferenceNo\":\"" + referenceNo + "\",\"originalPartnerReferenceNo\":\"" + reference
                        + "\",\"merchantId\":\"demo\",\"serviceCode\":\"47\"}"}) {
            post(QR_QUERY, asked).statusCode(200).body("originalReferenceNo", equalTo(referenceNo))
                    .body("originalPartnerReferenceNo", equalTo(reference)).body("serviceCode", equalTo("47"))
                    .body("latestTransactionStatus", equalTo("00")).body("transactionStatusDesc", equalTo("CAPTURED"))
                    .body("paidTime", matchesPattern(WHOLE_SECONDS))
                    .body("amount.value", equalTo("25000.00")).body("amount.currency", equalTo("IDR"));
        }

        // A refund as midtrans-client asks it: no partnerRefundNo (the X-EXTERNAL-ID), no amount (the remainder).
        String externalId = "RF-" + newReference();
        snap(DEMO, demo).header("X-EXTERNAL-ID", externalId)
                .body("{\"originalReferenceNo\":\"" + referenceNo + "\",\"reason\":\"Customer cancelled\"}")
                .post(QR_REFUND).then().statusCode(200).body("responseCode", equalTo("2007800"))
                .body("originalReferenceNo", equalTo(referenceNo)).body("originalPartnerReferenceNo", equalTo(reference))
                .body("refundNo", equalTo(externalId)).body("partnerRefundNo", equalTo(externalId))
                .body("refundAmount.value", equalTo("25000.00"))
                .body("refundTime", matchesPattern(WHOLE_SECONDS))
                .body("additionalInfo.status", equalTo("SUCCEEDED"));
        as(DEMO).get("/pg/payment/card/refund/" + externalId).then().statusCode(200)
                .body("orderId", equalTo(reference)).body("status", equalTo("SUCCEEDED"));
        status(DEMO, reference).then().body("result.payment.status", equalTo("REFUNDED"));
        post(QR_QUERY, byReference(referenceNo)).statusCode(200).body("latestTransactionStatus", equalTo("04"));
        assertRefused(post(QR_REFUND, "{\"originalReferenceNo\":\"" + referenceNo + "\"}"), 403, "4037815",
                "Transaction Not Permitted. nothing is left to refund");

        // The events carry what notification-service needs for the SNAP notify body.
        List<ConsumerRecord<String, String>> records = PaymentEvents.awaitRecords(DEMO.id(), referenceNo, 2,
                Duration.ofSeconds(30));
        for (ConsumerRecord<String, String> record : records) {
            PaymentStatusChanged change = EventEnvelope.fromJson(record.value()).dataAs(PaymentStatusChanged.class);
            assertEquals(new SnapOrigin(SnapOrigin.QR, reference, referenceNo, null, null, null, null), change.snap());
        }
    }

    @Test
    void partialRefundsByPartnerRefundNoAreIdempotentAndNeverExceedThePayment() {
        String reference = newReference();
        String qr = post(QR_GENERATE, generateBody(reference, "30000.00")).statusCode(200).extract().path("qrContent");
        String referenceNo = status(DEMO, reference).then().extract().path("paymentCode");
        assertRefused(post(QR_REFUND, refundBody(reference, "RF-" + reference, "1000.00")), 403, "4037815",
                "Transaction Not Permitted. the payment is PENDING; only a captured payment can be refunded");
        qrisPay(qr).then().statusCode(200);
        awaitStatus(DEMO, reference, "CAPTURED");
        String body = refundBody(reference, "RF-" + reference, "10000.00");
        String first = post(QR_REFUND, body).statusCode(200).body("responseCode", equalTo("2007800"))
                .body("refundAmount.value", equalTo("10000.00"))
                .body("additionalInfo.refundedAmount.value", equalTo("10000.00")).extract().asString();
        assertEquals(first, post(QR_REFUND, body).statusCode(200).extract().asString());
        assertRefused(post(QR_REFUND, body.replace("10000.00", "10001.00")), 409, "4097801",
                "Duplicate partnerReferenceNo");
        assertRefused(post(QR_REFUND, refundBody(reference, "RF2-" + reference, "20000.01")), 403, "4037815",
                "Transaction Not Permitted. the amount exceeds what is left to refund (20000.00)");
        status(DEMO, reference).then().body("result.payment.status", equalTo("PARTIALLY_REFUNDED"));
        post(QR_QUERY, byReference(referenceNo)).statusCode(200).body("latestTransactionStatus", equalTo("04"))
                .body("additionalInfo.status", equalTo("PARTIALLY_REFUNDED"));
    }

    static String refundBody(String partnerReferenceNo, String partnerRefundNo, String amount) {
        return """
                {"merchantId":"demo","originalPartnerReferenceNo":"%s","partnerRefundNo":"%s",\
                "refundAmount":{"value":"%s","currency":"IDR"},"reason":"Returned","additionalInfo":{}}"""
                .formatted(partnerReferenceNo, partnerRefundNo, amount);
    }

    @Test
    void cancelCancelsAPendingQrisAndAPaidOneIsAnInvalidStatus() {
        String reference = newReference();
        String qr = post(QR_GENERATE, generateBody(reference, "12000.00")).statusCode(200).extract().path("qrContent");
        String referenceNo = status(DEMO, reference).then().extract().path("paymentCode");
        for (int i = 0; i < 2; i++) { // again: the same answer
            post(QR_CANCEL, "{\"originalReferenceNo\":\"" + referenceNo + "\",\"merchantId\":\"demo\","
                    + "\"reason\":\"cancel reason\"}").statusCode(200).body("responseCode", equalTo("2007700"))
                    .body("originalReferenceNo", equalTo(referenceNo))
                    .body("originalPartnerReferenceNo", equalTo(reference))
                    .body("cancelTime", matchesPattern(WHOLE_SECONDS))
                    .body("transactionDate", matchesPattern(WHOLE_SECONDS));
        }
        status(DEMO, reference).then().body("result.payment.status", equalTo("CANCELLED"));
        post(QR_QUERY, byPartnerReference(reference)).statusCode(200).body("latestTransactionStatus", equalTo("05"));
        qrisPay(qr).then().statusCode(409);

        String paid = newReference();
        String paidQr = post(QR_GENERATE, generateBody(paid, "13000.00")).statusCode(200).extract().path("qrContent");
        qrisPay(paidQr).then().statusCode(200);
        awaitStatus(DEMO, paid, "CAPTURED");
        assertRefused(post(QR_CANCEL, byPartnerReference(paid)), 404, "4047700", "Invalid Transaction Status");
        status(DEMO, paid).then().body("result.payment.status", equalTo("CAPTURED"));
    }

    @Test
    void theSamePartnerReferenceNoGetsTheFirstReplyAgainAndAnotherBodyIsADuplicate() {
        String reference = newReference();
        String body = generateBody(reference, "5000.00");
        String first = post(QR_GENERATE, body).statusCode(200).extract().asString();
        int payments = count("SELECT count(*) FROM payment WHERE snap_service = 'QR'");
        assertEquals(first, post(QR_GENERATE, body).statusCode(200).extract().asString());
        assertEquals(first, post(QR_GENERATE, body.replace(",", ", ")).statusCode(200).extract().asString());
        assertRefused(post(QR_GENERATE, body.replace("5000.00", "5001.00")), 409, "4094701",
                "Duplicate partnerReferenceNo");
        assertEquals(payments, count("SELECT count(*) FROM payment WHERE snap_service = 'QR'"));
    }

    @Test
    void badInputIsRefusedNamingTheFieldAndNothingIsWritten() {
        String good = generateBody("QR-BAD-1", "10000.00");
        String[][] cases = {
                {good.replace("\"partnerReferenceNo\":\"QR-BAD-1\",", ""), "400", "4004702",
                        "Invalid Mandatory Field partnerReferenceNo"},
                {good.replace("QR-BAD-1", "QR/BAD"), "400", "4004701", "Invalid Field Format partnerReferenceNo"},
                {good.replace("\"merchantId\":\"demo\",", ""), "400", "4004702", "Invalid Mandatory Field merchantId"},
                {good.replace("\"merchantId\":\"demo\"", "\"merchantId\":\"demo2\""), "404", "4044708",
                        "Invalid Merchant"},
                {good.replace("\"amount\":{\"value\":\"10000.00\",\"currency\":\"IDR\"},", ""), "400", "4004702",
                        "Invalid Mandatory Field amount"},
                {good.replace("\"currency\":\"IDR\"", "\"currency\":\"idr\""), "400", "4004701",
                        "Invalid Field Format amount.currency"},
                {good.replace("\"currency\":\"IDR\"", "\"currency\":\"USD\""), "400", "4004701",
                        "Invalid Field Format amount.currency"},
                {good.replace("10000.00", "-1.00"), "400", "4004701", "Invalid Field Format amount.value"},
                {good.replace("2099-07-03T12:08:56-07:00", "2001-07-03T12:08:56-07:00"), "400", "4004701",
                        "Invalid Field Format validityPeriod"},
                {good.replace("2099-07-03T12:08:56-07:00", "111"), "400", "4004701",
                        "Invalid Field Format validityPeriod"},
                {good.replace("{\"partnerReferenceNo\"", "{\"terminalId\":\"12345678901234567\",\"partnerReferenceNo\""),
                        "400", "4004701", "Invalid Field Format terminalId"},
        };
        int payments = count("SELECT count(*) FROM payment WHERE snap_service IS NOT NULL");
        for (String[] c : cases) {
            assertRefused(post(QR_GENERATE, c[0]), Integer.parseInt(c[1]), c[2], c[3]);
        }
        assertEquals(payments, count("SELECT count(*) FROM payment WHERE snap_service IS NOT NULL"));
        String referenceNo = post(QR_GENERATE, good).statusCode(200).extract().path("referenceNo");

        assertRefused(post(QR_QUERY, "{\"merchantId\":\"demo\",\"serviceCode\":\"47\"}"), 400, "4005102",
                "Invalid Mandatory Field originalPartnerReferenceNo");
        assertRefused(post(QR_CANCEL, "{\"merchantId\":\"demo\"}"), 400, "4007702",
                "Invalid Mandatory Field originalReferenceNo");
        assertRefused(post(QR_REFUND, "{\"merchantId\":\"demo\"}"), 400, "4007802",
                "Invalid Mandatory Field originalReferenceNo");
        assertRefused(post(QR_REFUND, refundBody("QR-BAD-1", "RF BAD", "1.00")), 400, "4007801",
                "Invalid Field Format partnerRefundNo");
        assertRefused(post(QR_REFUND, refundBody("QR-BAD-1", "RF-BAD", "1.001")), 400, "4007801",
                "Invalid Field Format refundAmount.value");
        assertRefused(post(QR_QUERY, byPartnerReference("QR-UNKNOWN")), 404, "4045101", "Transaction Not Found");
        // Both references, naming different payments: not found either.
        assertRefused(post(QR_QUERY, "{\"originalReferenceNo\":\"" + referenceNo
                + "\",\"originalPartnerReferenceNo\":\"QR-UNKNOWN\"}"), 404, "4045101", "Transaction Not Found");
        status(DEMO, "QR-BAD-1").then().body("result.payment.status", equalTo("PENDING"));
    }

    @Test
    void originalExternalIdNamesTheQrisItsGenerateMadeForQueryCancelAndRefund() {
        String made = UUID.randomUUID().toString();
        String reference = newReference();
        String body = generateBody(reference, "14000.00");
        String referenceNo = post(QR_GENERATE, body, made).statusCode(200).extract().path("referenceNo");
        String replayed = UUID.randomUUID().toString(); // the same partnerReferenceNo and body: it names it too
        post(QR_GENERATE, body, replayed).statusCode(200).body("referenceNo", equalTo(referenceNo));
        for (String id : new String[]{made, replayed}) {
            post(QR_QUERY, byExternalId(id)).statusCode(200).body("responseCode", equalTo("2005100"))
                    .body("originalReferenceNo", equalTo(referenceNo))
                    .body("originalPartnerReferenceNo", equalTo(reference))
                    .body("latestTransactionStatus", equalTo("03"));
        }
        String unknown = post(QR_QUERY, byExternalId(UUID.randomUUID().toString())).statusCode(404)
                .body("responseCode", equalTo("4045101")).body("responseMessage", equalTo("Transaction Not Found"))
                .extract().asString();
        String other = newReference();
        post(QR_GENERATE, generateBody(other, "14000.00")).statusCode(200);
        assertEquals(unknown, post(QR_QUERY, byExternalId(made).replace("{", "{\"originalPartnerReferenceNo\":\""
                + other + "\",")).statusCode(404).extract().asString());
        post(QR_QUERY, byExternalId(made).replace("{", "{\"originalReferenceNo\":\"" + referenceNo + "\","))
                .statusCode(200).body("originalPartnerReferenceNo", equalTo(reference));

        post(QR_CANCEL, byExternalId(made)).statusCode(200).body("responseCode", equalTo("2007700"))
                .body("originalReferenceNo", equalTo(referenceNo));
        status(DEMO, reference).then().body("result.payment.status", equalTo("CANCELLED"));
        status(DEMO, other).then().body("result.payment.status", equalTo("PENDING"));
        assertRefused(post(QR_CANCEL, byExternalId(UUID.randomUUID().toString())), 404, "4047701",
                "Transaction Not Found");

        String paidBy = UUID.randomUUID().toString();
        String paid = newReference();
        String qr = post(QR_GENERATE, generateBody(paid, "15000.00"), paidBy).statusCode(200).extract()
                .path("qrContent");
        qrisPay(qr).then().statusCode(200);
        awaitStatus(DEMO, paid, "CAPTURED");
        String refundNo = "RF-" + paid;
        post(QR_REFUND, "{\"merchantId\":\"demo\",\"originalExternalId\":\"" + paidBy + "\",\"partnerRefundNo\":\""
                + refundNo + "\",\"refundAmount\":{\"value\":\"5000.00\",\"currency\":\"IDR\"}}").statusCode(200)
                .body("responseCode", equalTo("2007800")).body("originalPartnerReferenceNo", equalTo(paid))
                .body("partnerRefundNo", equalTo(refundNo));
        status(DEMO, paid).then().body("result.payment.status", equalTo("PARTIALLY_REFUNDED"));
        assertRefused(post(QR_REFUND, "{\"merchantId\":\"demo\",\"originalExternalId\":\"" + UUID.randomUUID()
                + "\"}"), 404, "4047801", "Transaction Not Found");
        // another merchant's: as unknown, byte for byte
        String theirs = snap(DEMO2, demo2).body(byExternalId(UUID.randomUUID().toString()).replace("\"demo\"",
                "\"demo2\"")).post(QR_QUERY).then().statusCode(404).extract().asString();
        assertEquals(theirs, snap(DEMO2, demo2).body(byExternalId(paidBy).replace("\"demo\"", "\"demo2\""))
                .post(QR_QUERY).then().statusCode(404).extract().asString());
    }

    @Test
    void anotherMerchantsQrisAnswersLikeAnUnknownOne() {
        String reference = newReference();
        String referenceNo = post(QR_GENERATE, generateBody(reference, "7000.00")).statusCode(200).extract()
                .path("referenceNo");
        String[][] asks = {
                {QR_QUERY, byReference(referenceNo).replace("\"demo\"", "\"demo2\""), byReference("PCUNKNOWN")},
                {QR_QUERY, byPartnerReference(reference), byPartnerReference("QR-UNKNOWN")},
                {QR_CANCEL, byReference(referenceNo).replace("\"demo\"", "\"demo2\""), byReference("PCUNKNOWN")},
                {QR_REFUND, "{\"originalReferenceNo\":\"" + referenceNo + "\"}",
                        "{\"originalReferenceNo\":\"PCUNKNOWN\"}"},
        };
        for (String[] ask : asks) {
            String unknown = snap(DEMO2, demo2).body(ask[2].replace("\"demo\"", "\"demo2\"")).post(ask[0]).then()
                    .statusCode(404).extract().asString();
            assertEquals(unknown, snap(DEMO2, demo2).body(ask[1]).post(ask[0]).then().statusCode(404).extract()
                    .asString());
        }
        status(DEMO, reference).then().body("result.payment.status", equalTo("PENDING"));
    }

    @Test
    void theDoorRefusesTamperedBodiesReusedExternalIdsAndOtherMerchantsTokens() {
        String body = generateBody(newReference(), "9000.00");
        int payments = count("SELECT count(*) FROM payment WHERE snap_service IS NOT NULL");
        String timestamp = signing(DEMO, demo).timestamp();
        String signature = SnapTransactionSigner.sign(DEMO.clientSecret(), "POST", QR_GENERATE, demo,
                body.getBytes(StandardCharsets.UTF_8), timestamp);
        assertRefused(snap(DEMO, demo).header("X-TIMESTAMP", timestamp).header("X-SIGNATURE", signature)
                .body(body.replace("9000.00", "9.00")).post(QR_GENERATE).then(), 401, "4014700",
                "Unauthorized. Invalid signature");
        assertRefused(snap(DEMO, demo2).body(body).post(QR_GENERATE).then(), 401, "4014701", "Invalid Token (B2B)");
        assertRefused(snap(DEMO, demo2).body(body).post(QR_REFUND).then(), 401, "4017801", "Invalid Token (B2B)");
        assertEquals(payments, count("SELECT count(*) FROM payment WHERE snap_service IS NOT NULL"));

        String externalId = "ext-" + newReference();
        snap(DEMO, demo).header("X-EXTERNAL-ID", externalId).body(body).post(QR_GENERATE).then().statusCode(200);
        for (String[] path : new String[][]{{QR_GENERATE, "47"}, {QR_QUERY, "51"}, {QR_CANCEL, "77"},
                {QR_REFUND, "78"}}) {
            assertRefused(snap(DEMO, demo).header("X-EXTERNAL-ID", externalId).body(body).post(path[0]).then(), 409,
                    "409" + path[1] + "00", "Conflict");
        }
    }
}

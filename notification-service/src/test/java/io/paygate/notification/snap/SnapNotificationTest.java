package io.paygate.notification.snap;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.PaymentStatusChanged;
import io.paygate.model.event.SnapOrigin;
import io.paygate.model.snap.SnapNotificationVerifier;
import io.paygate.model.snap.SnapSignatureException;
import io.paygate.model.status.PaymentStatus;
import io.paygate.notification.support.DeadLetterReader;
import io.paygate.notification.support.Events;
import io.paygate.notification.support.IndependentSignatures;
import io.paygate.notification.support.MerchantApi;
import io.paygate.notification.support.MerchantSinkTestBase;
import io.paygate.notification.support.NotificationDb;
import io.paygate.notification.support.NotificationTestResources;
import io.paygate.testsupport.SandboxSnap;
import io.paygate.testsupport.sink.MerchantSink;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static io.paygate.testsupport.SandboxMerchants.DEMO;
import static io.paygate.testsupport.SandboxMerchants.DEMO2;
import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/contract.md §9 "SNAP notifications", end to end through the real broker, database and a real HTTP merchant: each
 * service's body at its SNAP URL beside the §6 notification, the RSA signature by the merchant's gateway key (checked
 * with common-model's verifier and the published public key, never with the signer), the JSON.stringify round trip, the
 * acknowledgement rule, the log and redelivery, and the public keys endpoint (and the shared key's old path, gone).
 */
@QuarkusTest
@NotificationTestResources
class SnapNotificationTest extends MerchantSinkTestBase {

    private static final ObjectMapper PLAIN = new ObjectMapper();
    private static final String VA_OK = "{\"responseCode\":\"2002500\",\"responseMessage\":\"Successful\"}";
    private static final SnapNotificationVerifier CURRENT =
            SnapNotificationVerifier.of(SandboxSnap.gatewayPublicKeyPem(DEMO));
    private static final SnapNotificationVerifier PREVIOUS =
            SnapNotificationVerifier.of(SandboxSnap.gatewayPreviousPublicKeyPem());

    @Test
    void aPaidVirtualAccountGetsTheStandardsPaymentBodyAtItsSnapUrlBesideItsPaymentNotification() throws Exception {
        register("snapVaPaymentUrl", sink.url("/v1.0/transfer-va/payment"));
        sink.respondWith(MerchantSink.Reply.status(200, VA_OK));
        String code = Events.id("PCVA");
        SnapOrigin va = new SnapOrigin(SnapOrigin.VA, "INV/" + code + "/é", code, "   12345", "08123456789",
                "   1234508123456789", "Siti \"Nur\" Rahayu / Toko Kopi");
        EventEnvelope event = Events.payment(DEMO.id(), 2, captured(code, va, sink.url("/callback")));
        Events.send(event);

        List<MerchantSink.Received> received = sink.awaitReceived(2, WAIT);
        MerchantSink.Received snap = at(received, "/v1.0/transfer-va/payment");
        MerchantSink.Received payment = at(received, "/callback");
        assertEquals("{\"partnerServiceId\":\"   12345\",\"customerNo\":\"08123456789\","
                + "\"virtualAccountNo\":\"   1234508123456789\","
                + "\"virtualAccountName\":\"Siti \\\"Nur\\\" Rahayu / Toko Kopi\",\"trxId\":\"INV/" + code + "/é\","
                + "\"paymentRequestId\":\"" + code + "\",\"paidAmount\":{\"value\":\"150000.00\",\"currency\":\"IDR\"},"
                + "\"totalAmount\":{\"value\":\"150000.00\",\"currency\":\"IDR\"},\"trxDateTime\":\""
                + JsonPath.from(snap.body()).getString("trxDateTime") + "\",\"referenceNo\":\"" + code + "\","
                + "\"paymentFlagStatus\":\"00\",\"paymentFlagReason\":{\"english\":\"Success\","
                + "\"indonesia\":\"Sukses\"},\"additionalInfo\":{\"merchantId\":\"demo\"}}", snap.body());
        assertTrue(JsonPath.from(snap.body()).getString("trxDateTime").matches(
                "\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d[+-]\\d\\d:\\d\\d"), snap.body());
        assertSignedByTheCurrentKey(snap, "/v1.0/transfer-va/payment");
        assertRoundTrips(snap.body());
        assertEquals(DEMO.id(), snap.header("X-PARTNER-ID"), "the merchant's SNAP client key (its id on the sandbox)");
        assertTrue(snap.header("X-EXTERNAL-ID").matches("\\d{32}"), snap.header("X-EXTERNAL-ID"));
        assertEquals("95221", snap.header("CHANNEL-ID"));
        assertEquals("application/json", snap.header("Content-Type"));
        assertNull(JsonPath.from(snap.body()).get("signature"), "the standard's body, no member of ours");
        // The Standard Webhooks headers too, with the merchant's notification secret.
        UUID id = awaitStatus(event, "snap-va", "DELIVERED").id();
        assertEquals(id.toString(), snap.header("webhook-id"));
        assertEquals(IndependentSignatures.webhookSignature(DEMO.notificationSecret(), snap.header("webhook-id"),
                snap.header("webhook-timestamp"), snap.body()), snap.header("webhook-signature"));
        // The §6 notification goes as before, to the payment's callbackUrl, and only 2000000 acknowledges it.
        assertEquals(code, JsonPath.from(payment.body()).getString("order.reference"));
        await().atMost(WAIT).until(() -> db.byEvent(event.eventId()).orElseThrow().attempts() >= 1);
        assertEquals("responseCode 2002500 is not 2000000", db.byEvent(event.eventId()).orElseThrow().lastError());

        JsonPath detail = MerchantApi.notification(DEMO, id);
        assertEquals("snap-va", detail.getString("type"));
        assertEquals(code, detail.getString("resourceId"));
        assertEquals(snap.body(), detail.getString("request.body"), "the log holds the bytes as sent");
        assertEquals(snap.header("X-SIGNATURE"), detail.getString("request.headers.X-SIGNATURE"));
        MerchantApi.as(DEMO).get("/pg/notifications?type=snap-va&limit=100").then().statusCode(200)
                .body("notifications.find { it.id == '" + id + "' }.status", equalTo("DELIVERED"));
    }

    @Test
    void qrisAndDirectDebitOutcomesGetTheirBodiesSignedOverThePathAndQuery() throws Exception {
        register("snapQrNotifyUrl", sink.url("/v1.0/qr/qr-mpm-notify?shop=7&x=a%2Fb"));
        register("snapDebitNotifyUrl", sink.url("/snap/debit/notify"));
        sink.respondWith(MerchantSink.Reply.status(200, "{\"responseCode\":\"2005200\",\"responseMessage\":\"OK\"}"));
        String qrCode = Events.id("PCQR");
        String ddCode = Events.id("PCDD");
        SnapOrigin qr = new SnapOrigin(SnapOrigin.QR, "qr-" + qrCode, qrCode, null, null, null, null);
        SnapOrigin debit = new SnapOrigin(SnapOrigin.DEBIT, "dd-" + ddCode, ddCode, null, null, null, null);
        Events.send(Events.payment(DEMO.id(), 1, captured(qrCode, qr, null)));
        Events.send(Events.payment(DEMO.id(), 1, with(captured(ddCode, debit, null), PaymentStatus.FAILED)));

        List<MerchantSink.Received> received = sink.awaitReceived(2, WAIT);
        assertEquals(2, received.size(), "a SNAP payment without a callbackUrl is notified at its SNAP URL only");
        MerchantSink.Received qrNotify = at(received, "/v1.0/qr/qr-mpm-notify?shop=7&x=a%2Fb");
        JsonPath qrBody = JsonPath.from(qrNotify.body());
        assertEquals(qrCode, qrBody.getString("originalReferenceNo"));
        assertEquals("qr-" + qrCode, qrBody.getString("originalPartnerReferenceNo"));
        assertEquals("00", qrBody.getString("latestTransactionStatus"));
        assertEquals("Success", qrBody.getString("transactionStatusDesc"));
        assertEquals(Map.of("value", "150000.00", "currency", "IDR"), qrBody.getMap("amount"));
        assertSignedByTheCurrentKey(qrNotify, "/v1.0/qr/qr-mpm-notify?shop=7&x=a%2Fb");
        assertThrows(SnapSignatureException.class, () -> CURRENT.verify("/v1.0/qr/qr-mpm-notify", qrNotify.body(),
                qrNotify.header("X-TIMESTAMP"), qrNotify.header("X-SIGNATURE")), "the query is signed");
        assertRoundTrips(qrNotify.body());

        MerchantSink.Received ddNotify = at(received, "/snap/debit/notify");
        JsonPath ddBody = JsonPath.from(ddNotify.body());
        assertEquals("dd-" + ddCode, ddBody.getString("originalPartnerReferenceNo"));
        assertEquals(ddCode, ddBody.getString("originalReferenceNo"));
        assertEquals(DEMO.id(), ddBody.getString("merchantId"));
        assertEquals(DEMO.id(), ddBody.getString("additionalInfo.merchantId"));
        assertEquals(DEMO.id(), qrBody.getString("additionalInfo.merchantId"));
        assertEquals("06", ddBody.getString("latestTransactionStatus"));
        assertEquals("Failed", ddBody.getString("transactionStatusDesc"));
        assertEquals("150000.00", ddBody.getString("amount.value"));
        assertSignedByTheCurrentKey(ddNotify, "/snap/debit/notify");
        assertRoundTrips(ddNotify.body());
    }

    @Test
    void onlyAPaymentsOutcomeIsNotifiedAtTheSnapUrl() throws Exception {
        register("snapVaPaymentUrl", sink.url("/va"));
        register("snapQrNotifyUrl", sink.url("/qr"));
        String vaCode = Events.id("PCVA");
        SnapOrigin va = new SnapOrigin(SnapOrigin.VA, "t-" + vaCode, vaCode, "   12345", "1", "   123451", "A");
        String qrCode = Events.id("PCQR");
        SnapOrigin qr = new SnapOrigin(SnapOrigin.QR, "q-" + qrCode, qrCode, null, null, null, null);
        // An expired VA and a refunded QR payment: §6 notifications only.
        EventEnvelope expired = Events.payment(DEMO.id(), 1, with(captured(vaCode, va, sink.url("/callback")),
                PaymentStatus.EXPIRED));
        EventEnvelope refunded = Events.payment(DEMO.id(), 3, with(captured(qrCode, qr, sink.url("/callback")),
                PaymentStatus.REFUNDED));
        Events.send(expired);
        Events.send(refunded);
        sink.awaitReceived(2, WAIT);
        awaitStatus(expired, null, "DELIVERED");
        awaitStatus(refunded, null, "DELIVERED");
        Thread.sleep(500);
        assertEquals(List.of("/callback", "/callback"), sink.received().stream().map(MerchantSink.Received::path).toList());
        assertEquals(0, db.count("SELECT count(*) FROM notification WHERE event_id IN (?, ?) AND type LIKE 'snap-%'",
                expired.eventId(), refunded.eventId()));
    }

    @Test
    void aReplyWithout200AtTheStartOfItsCodeIsRetriedUntilOneHasIt() throws Exception {
        register("snapDebitNotifyUrl", sink.url("/v1.0/debit/notify"));
        sink.enqueue(MerchantSink.Reply.status(200, "{\"responseCode\":\"4005601\",\"responseMessage\":\"Bad\"}"),
                MerchantSink.Reply.status(200, "not json"),
                MerchantSink.Reply.status(500, "{\"responseCode\":\"2005600\"}"),
                MerchantSink.Reply.status(200, "{\"responseCode\":\"2005600\",\"responseMessage\":\"Successful\"}"));
        String code = Events.id("PCDD");
        SnapOrigin debit = new SnapOrigin(SnapOrigin.DEBIT, "dd-" + code, code, null, null, null, null);
        EventEnvelope event = Events.payment(DEMO.id(), 1, captured(code, debit, null));
        Events.send(event);

        NotificationDb.Row row = awaitStatus(event, "snap-debit", "DELIVERED");
        assertEquals(4, row.attempts());
        List<MerchantSink.Received> received = sink.received();
        assertEquals(4, received.size());
        assertEquals(1, received.stream().map(r -> r.header("webhook-id")).distinct().count(), "one notification");
        assertEquals(4, received.stream().map(r -> r.header("X-EXTERNAL-ID")).distinct().count(),
                "a new X-EXTERNAL-ID for every attempt");
        for (MerchantSink.Received attempt : received) {
            assertEquals(received.getFirst().body(), attempt.body());
            assertSignedByTheCurrentKey(attempt, "/v1.0/debit/notify");
        }
        JsonPath detail = MerchantApi.notification(DEMO, row.id());
        assertEquals("responseCode 4005601 does not begin with 200", detail.getString("attemptLog[0].error"));
        assertEquals("reply is not JSON", detail.getString("attemptLog[1].error"));
        assertEquals("HTTP 500", detail.getString("attemptLog[2].error"));
        assertNull(detail.get("attemptLog[3].error"));
    }

    @Test
    void withoutARegisteredSnapUrlItFailsAndARedeliveryAfterRegisteringDeliversIt() throws Exception {
        MerchantApi.as(DEMO).body("{\"snapQrNotifyUrl\":null}").put("/pg/merchant/callbacks").then().statusCode(200);
        String code = Events.id("PCQR");
        SnapOrigin qr = new SnapOrigin(SnapOrigin.QR, "q-" + code, code, null, null, null, null);
        EventEnvelope event = Events.payment(DEMO.id(), 1, with(captured(code, qr, null), PaymentStatus.CANCELLED));
        Events.send(event);
        NotificationDb.Row failed = awaitStatus(event, "snap-qr", "FAILED");
        assertEquals("no snapQrNotifyUrl registered", failed.lastError());

        register("snapQrNotifyUrl", sink.url("/v1.0/qr/qr-mpm-notify"));
        MerchantApi.as(DEMO).post("/pg/notifications/" + failed.id() + "/redeliver").then().statusCode(200);
        awaitStatus(event, "snap-qr", "DELIVERED");
        MerchantSink.Received received = sink.awaitReceived(1, WAIT).getFirst();
        assertEquals("05", JsonPath.from(received.body()).getString("latestTransactionStatus"));
        assertSignedByTheCurrentKey(received, "/v1.0/qr/qr-mpm-notify");
    }

    @Test
    void aSnapMemberItsBodyCannotBeWrittenFromIsDeadLetteredAndThePaymentNotificationStillGoes() throws Exception {
        String code = Events.id("PCBAD");
        SnapOrigin broken = new SnapOrigin(SnapOrigin.VA, "t-" + code, code, "   12345", "1", null, "A");
        EventEnvelope event = Events.payment(DEMO.id(), 1, captured(code, broken, sink.url("/callback")));
        Events.send(event);
        awaitStatus(event, null, "DELIVERED");
        List<String> reasons = DeadLetterReader.reasons(code, 1, WAIT);
        assertEquals(List.of("no SNAP notification: snap.virtualAccountNo is missing"), reasons);
        assertEquals(0, db.count("SELECT count(*) FROM notification WHERE event_id = ? AND type LIKE 'snap-%'",
                event.eventId()));
    }

    @Test
    void eachMerchantsPublicKeysAreServedByItsClientKeyTheSigningOneFirstWithoutAuthentication() {
        String pem = given().get("/pg/snap/public-keys/demo.pem").then().statusCode(200)
                .contentType(startsWith("application/x-pem-file")).header("Cache-Control", "public, max-age=300")
                .extract().asString();
        assertEquals(SandboxSnap.gatewayPublicKeyPem(DEMO) + SandboxSnap.gatewayPreviousPublicKeyPem(), pem,
                "demo's signing key, then the one before it (a rotation)");
        assertEquals(SandboxSnap.gatewayPublicKeyPem(DEMO2), given().get("/pg/snap/public-keys/demo2.pem").then()
                .statusCode(200).extract().asString(), "demo2's own key, and only it");
        given().post("/pg/snap/public-keys/demo.pem").then().statusCode(405);
    }

    @Test
    void anUnknownOverlongOrTraversingClientKeyIsNotFound() {
        for (String clientKey : List.of("nobody", "DEMO", "demo.pem", "..demo", "demo%00", "demo%5C..%5Cdemo2",
                "%20demo", "x".repeat(65), "d".repeat(2000))) { // as sent on the request line
            given().urlEncodingEnabled(false).get("/pg/snap/public-keys/" + clientKey + ".pem").then().statusCode(404)
                    .body("responseCode", equalTo("4040701"))
                    .body("responseMessage", equalTo("Transaction Not Found"));
        }
        for (String path : List.of("/pg/snap/public-keys/demo", "/pg/snap/public-keys/.pem",
                "/pg/snap/public-keys/demo.pem/x", "/pg/snap/public-keys/")) {
            given().get(path).then().statusCode(404).body("responseCode", equalTo("4040700"));
        }
        for (String ambiguous : List.of("/pg/snap/public-keys/..%2Fdemo.pem", "/pg/snap/public-keys/demo;x.pem",
                "/pg/snap/public-keys/%2E%2E/demo.pem")) { // docs/contract.md §0: refused before any route
            given().urlEncodingEnabled(false).get(ambiguous).then().statusCode(400)
                    .body("responseCode", equalTo("4000700"));
        }
    }

    @Test
    void theSharedKeysOldPathIsGoneAndNamesTheNewOne() {
        for (String accept : List.of("*/*", "application/x-pem-file")) { // what a verifier fetching the key sends
            given().accept(accept).get("/pg/snap/public-key.pem").then().statusCode(410)
                    .contentType(startsWith("application/json"))
                    .body("responseCode", equalTo("4100700"))
                    .body("responseMessage", equalTo("Gone. Each merchant's SNAP notification keys are at "
                            + "GET /pg/snap/public-keys/{clientKey}.pem"));
        }
        given().post("/pg/snap/public-key.pem").then().statusCode(405);
    }

    private void register(String member, String url) {
        MerchantApi.as(DEMO).body("{\"" + member + "\":\"" + url + "\"}").put("/pg/merchant/callbacks").then()
                .statusCode(200).body(member, equalTo(url));
    }

    /** Verified with the published current key, refused by the previous one alone: signed by the current key. */
    private static void assertSignedByTheCurrentKey(MerchantSink.Received received, String path) {
        String timestamp = received.header("X-TIMESTAMP");
        String signature = received.header("X-SIGNATURE");
        assertDoesNotThrow(() -> CURRENT.verify(path, received.body(), timestamp, signature), path);
        assertThrows(SnapSignatureException.class, () -> PREVIOUS.verify(path, received.body(), timestamp, signature));
        assertThrows(SnapSignatureException.class, () -> CURRENT.verify(path, received.body().replace("\"00\"",
                "\"01\"").replace("150000.00", "150001.00"), timestamp, signature), "a tampered body");
    }

    /** What a merchant's client does (JSON.parse, then JSON.stringify) gives back the same bytes. */
    private static void assertRoundTrips(String body) throws Exception {
        assertEquals(body, PLAIN.writeValueAsString(PLAIN.readTree(body)));
    }

    private static MerchantSink.Received at(List<MerchantSink.Received> received, String path) {
        return received.stream().filter(r -> r.path().equals(path)).findFirst()
                .orElseThrow(() -> new AssertionError("nothing POSTed to " + path + ": "
                        + received.stream().map(MerchantSink.Received::path).toList()));
    }

    private NotificationDb.Row awaitStatus(EventEnvelope event, String type, String status) {
        await().atMost(WAIT).until(() -> (type == null ? db.byEvent(event.eventId()) : db.byEvent(event.eventId(), type))
                .map(r -> r.status().equals(status)).orElse(false));
        return (type == null ? db.byEvent(event.eventId()) : db.byEvent(event.eventId(), type)).orElseThrow();
    }

    private static PaymentStatusChanged captured(String code, SnapOrigin snap, String callbackUrl) {
        return new PaymentStatusChanged(code, snap.partnerReferenceNo(), new BigDecimal("150000"), "IDR",
                Events.customer(), null, null, PaymentStatus.CAPTURED, "Payment success", callbackUrl, null)
                .withSnap(snap);
    }

    private static PaymentStatusChanged with(PaymentStatusChanged data, PaymentStatus status) {
        return new PaymentStatusChanged(data.paymentCode(), data.orderId(), data.amount(), data.currency(),
                data.customer(), data.meta(), data.card(), status, status.name(), data.callbackUrl(), data.method(),
                data.sourceOfFunds(), data.refund(), data.recurring(), data.snap());
    }
}

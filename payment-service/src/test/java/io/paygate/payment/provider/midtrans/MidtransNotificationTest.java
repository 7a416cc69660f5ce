package io.paygate.payment.provider.midtrans;

import io.paygate.payment.support.LogCapture;
import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.PaymentEvents;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.payment.support.Requests;
import io.paygate.testsupport.midtrans.MidtransSignature;
import io.paygate.testsupport.midtrans.MidtransSimulator;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static io.paygate.payment.provider.midtrans.MidtransSetup.MID;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Midtrans HTTP notifications at {@code POST /pg/provider/midtrans/notification}: believed only with the merchant's
 * signature_key, checked against the payment, idempotent under repeats and stale ones; bad input is a clear 4xx and
 * writes nothing.
 */
@QuarkusTest
@TestProfile(MidtransSetup.Profile.class)
@PaymentTestResources
@WithTestResource(MidtransSetup.class)
class MidtransNotificationTest extends MidtransTestBase {

    static final String PATH = NOTIFICATION_PATH;

    /** A payment waiting on Midtrans's 3-D Secure page: PROCESSING, Midtrans says pending. */
    static String awaiting3ds(String orderId) {
        String code = MidtransCustomer.newPayment(MID, orderId);
        PaymentApi.payByCard(code, "4811111111111114").then().statusCode(303);
        assertEquals("PROCESSING", MidtransCustomer.statusOf(MID, orderId));
        return code;
    }

    static Map<String, Object> signed(Map<String, Object> body, String serverKey) {
        body.put("signature_key", MidtransSignature.of((String) body.get("order_id"), (String) body.get("status_code"),
                (String) body.get("gross_amount"), serverKey));
        return body;
    }

    @Test
    void forgedNotificationsAreRefusedAndChangeNothing() {
        String orderId = Requests.orderId();
        String code = awaiting3ds(orderId);
        String ref = MidtransDb.reference(code);
        String before = MidtransDb.version(code);

        Map<String, Object> capture = SIM.notificationBody(ref);
        capture.put("transaction_status", "capture");
        capture.put("status_code", "200");
        capture.put("fraud_status", "accept");
        assertEquals(401, SIM.post(capture), "the pending notification's signature does not sign a capture");
        assertEquals(401, SIM.post(signed(capture, MidtransSetup.SERVER_KEY_2)), "another merchant's key");
        given().contentType("application/json").body(signed(capture, "SB-Mid-server-guess")).post(PATH).then()
                .statusCode(401).body("responseCode", equalTo("4010800"));
        assertEquals(before, MidtransDb.version(code));

        try (LogCapture logs = LogCapture.start()) {
            Map<String, Object> otherAmount = signed(new java.util.LinkedHashMap<>(capture), MidtransSetup.SERVER_KEY);
            otherAmount.put("gross_amount", "1.00");
            assertEquals(200, SIM.post(signed(otherAmount, MidtransSetup.SERVER_KEY)));
            Map<String, Object> unknown = new java.util.LinkedHashMap<>(capture);
            unknown.put("transaction_status", "refund");
            assertEquals(200, SIM.post(signed(unknown, MidtransSetup.SERVER_KEY)));
            // a hint only: Midtrans was asked, says pending; nothing changes
            assertEquals(before, MidtransDb.version(code));
            assertEquals("PROCESSING", MidtransCustomer.statusOf(MID, orderId));
            assertTrue(logs.text().contains("Midtrans's status says still deciding"), logs.text());
            assertFalse(logs.text().contains(MidtransSetup.SERVER_KEY));
            assertFalse(logs.text().contains((String) capture.get("signature_key")));
        }
        Map<String, Object> stranger = new java.util.LinkedHashMap<>(capture);
        stranger.put("order_id", "CHGNOSUCHCHARGE000000000000");
        assertEquals(404, SIM.post(signed(stranger, MidtransSetup.SERVER_KEY)));
        assertEquals(before, MidtransDb.version(code));
    }

    /**
     * Issue 22: the signature_key covers neither transaction_status nor fraud_status. Midtrans's own pending
     * notification with only {@code "pending"} edited to {@code "settlement"} was answered 200 and captured a payment
     * that was never paid.
     */
    @Test
    void aPendingNotificationEditedToSettlementCapturesNothing() {
        String orderId = Requests.orderId();
        String code = awaiting3ds(orderId);
        String ref = MidtransDb.reference(code);
        String before = MidtransDb.version(code);
        String pending = SIM.notificationJson(ref);
        assertTrue(pending.contains("\"transaction_status\":\"pending\"") && pending.contains("\"status_code\":\"201\""),
                pending);

        String edited = pending.replace("\"transaction_status\":\"pending\"", "\"transaction_status\":\"settlement\"");
        assertEquals(400, SIM.postRaw(edited));
        String capture = pending.replace("\"transaction_status\":\"pending\"", "\"transaction_status\":\"capture\"")
                .replace("\"status_code\":\"201\"", "\"status_code\":\"201\",\"fraud_status\":\"accept\"");
        assertEquals(400, SIM.postRaw(capture));
        given().contentType("application/json").body(edited).post(PATH).then().statusCode(400)
                .body("responseCode", equalTo("4000800"))
                .body("responseMessage", equalTo("Bad Request transaction_status contradicts status_code"));

        assertEquals(before, MidtransDb.version(code));
        assertEquals("PROCESSING", MidtransCustomer.statusOf(MID, orderId));
        assertEquals(0, PaymentEvents.awaitRecords(MID.id(), code, 0, Duration.ofSeconds(1)).size());
    }

    /** Issue 22's second edit: a capture in fraud challenge ({@code 201}) edited to {@code accept}. */
    @Test
    void aChallengedCaptureEditedToAcceptCapturesNothing() {
        String orderId = Requests.orderId();
        String code = MidtransCustomer.newPayment(MID, orderId);
        PaymentApi.payByCard(code, "4511111111111117").then().statusCode(303);
        assertEquals("PROCESSING", MidtransCustomer.statusOf(MID, orderId));
        String ref = MidtransDb.reference(code);
        String before = MidtransDb.version(code);
        String challenge = SIM.notificationJson(ref);
        assertTrue(challenge.contains("\"fraud_status\":\"challenge\""), challenge);

        assertEquals(400, SIM.postRaw(challenge.replace("\"fraud_status\":\"challenge\"", "\"fraud_status\":\"accept\"")));
        assertEquals(400, SIM.postRaw(challenge.replace("\"fraud_status\":\"challenge\",", "")));
        assertEquals(200, SIM.postRaw(challenge), "Midtrans's own challenge notification is acknowledged");

        assertEquals(before, MidtransDb.version(code));
        assertEquals("PROCESSING", MidtransCustomer.statusOf(MID, orderId));
    }

    /**
     * Even a body with a valid signature and consistent statuses (the server key leaked, or Midtrans erred) decides
     * nothing by itself: the gateway asks Midtrans, and Midtrans says pending.
     */
    @Test
    void aSignedCaptureThatMidtransDoesNotConfirmChangesNothing() {
        String orderId = Requests.orderId();
        String code = awaiting3ds(orderId);
        String ref = MidtransDb.reference(code);
        String before = MidtransDb.version(code);
        Map<String, Object> capture = SIM.notificationBody(ref);
        capture.put("transaction_status", "capture");
        capture.put("status_code", "200");
        capture.put("fraud_status", "accept");
        long inquiries = statusInquiriesOf(ref);

        assertEquals(200, SIM.post(signed(capture, MidtransSetup.SERVER_KEY)));
        assertEquals(inquiries + 1, statusInquiriesOf(ref), "Midtrans was asked");
        assertEquals(before, MidtransDb.version(code));
        assertEquals("PROCESSING", MidtransCustomer.statusOf(MID, orderId));
    }

    /**
     * Ten copies of Midtrans's capture notification at once: one capture, one event, decided by Midtrans's answer (at
     * least one status inquiry), and the copies shared inquiries (fewer than ten). How many they share depends on
     * how the copies' arrivals spread over the inquiries (a copy only shares one that began after it arrived): 1–3 on
     * a quiet machine, 4 seen under a full CI run, so no tighter bound is asserted.
     */
    @Test
    void concurrentCopiesOfANotificationShareTheirInquiryAndDecideOnce() throws Exception {
        SIM.notifications(MidtransSimulator.Notifications.NEVER);
        String orderId = Requests.orderId();
        String code = awaiting3ds(orderId);
        MidtransCustomer.comeBack(MidtransCustomer.passThreeDs(code, "112233")).then().statusCode(303);
        String ref = MidtransDb.reference(code);
        assertEquals("capture", SIM.status(ref).orElseThrow());
        String notification = SIM.notificationJson(ref);
        long inquiries = statusInquiriesOf(ref);

        java.util.concurrent.CountDownLatch start = new java.util.concurrent.CountDownLatch(1);
        java.util.List<java.util.concurrent.Future<Integer>> replies = new java.util.ArrayList<>();
        try (var pool = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < 10; i++) {
                replies.add(pool.submit(() -> {
                    start.await();
                    return SIM.postRaw(notification);
                }));
            }
            start.countDown();
            for (var reply : replies) {
                assertEquals(200, reply.get());
            }
        }
        assertEquals("CAPTURED", MidtransCustomer.statusOf(MID, orderId));
        long asked = statusInquiriesOf(ref) - inquiries;
        assertTrue(asked >= 1 && asked < 10, "status inquiries for ten concurrent copies: " + asked);
        assertEquals(1, PaymentEvents.awaitRecords(MID.id(), code, 1, Duration.ofSeconds(10)).size());
    }

    static long statusInquiriesOf(String ref) {
        return SIM.requests().stream().filter(r -> r.path().equals("/v2/" + ref + "/status")).count();
    }

    @Test
    void lateNotificationsAfterTheFinalStateChangeNothing() {
        String orderId = Requests.orderId();
        String code = MidtransCustomer.newPayment(MID, orderId);
        PaymentApi.payByCard(code, "4411111111111118").then().statusCode(303);
        assertEquals("CAPTURED", MidtransCustomer.statusOf(MID, orderId));
        String ref = MidtransDb.reference(code);
        PaymentEvents.awaitRecords(MID.id(), code, 1, Duration.ofSeconds(10));
        String after = MidtransDb.version(code);

        SIM.resend(ref);
        SIM.settle(ref);
        Map<String, Object> deny = SIM.notificationBody(ref);
        deny.put("transaction_status", "deny");
        deny.put("status_code", "202");
        assertEquals(200, SIM.post(signed(deny, MidtransSetup.SERVER_KEY)), "acknowledged, so Midtrans stops");
        MidtransCardFlowTest.await(() -> SIM.deliveries().stream()
                .filter(d -> d.body().contains(ref) && d.body().contains("settlement") && d.status() == 200)
                .count() == 1);
        assertEquals("CAPTURED", MidtransCustomer.statusOf(MID, orderId));
        assertEquals(after, MidtransDb.version(code));
        assertEquals(1, PaymentEvents.awaitRecords(MID.id(), code, 1, Duration.ofSeconds(10)).size());
    }

    @Test
    void duplicatedAndOutOfOrderNotificationsDecideOnce() throws Exception {
        SIM.notifications(MidtransSimulator.Notifications.DUPLICATED);
        String orderId = Requests.orderId();
        String code = awaiting3ds(orderId);
        MidtransCustomer.comeBack(MidtransCustomer.passThreeDs(code, "112233")).then().statusCode(303);
        MidtransCustomer.awaitStatus(MID, orderId, "CAPTURED");
        String ref = MidtransDb.reference(code);
        MidtransCardFlowTest.await(() -> SIM.deliveries().stream()
                .filter(d -> d.body().contains(ref) && d.body().contains("\"capture\"") && d.status() == 200)
                .count() == 2);

        SIM.notifications(MidtransSimulator.Notifications.OUT_OF_ORDER);
        String orderId2 = Requests.orderId();
        String code2 = awaiting3ds(orderId2);
        MidtransCustomer.comeBack(MidtransCustomer.passThreeDs(code2, "112233")).then().statusCode(303);
        MidtransCustomer.awaitStatus(MID, orderId2, "CAPTURED");
        String ref2 = MidtransDb.reference(code2);
        MidtransCardFlowTest.await(() -> SIM.deliveries().stream()
                .filter(d -> d.body().contains(ref2) && d.body().contains("\"pending\"") && d.status() == 200)
                .count() == 2); // the first pending, and the stale one after the capture
        assertEquals("CAPTURED", MidtransCustomer.statusOf(MID, orderId2));

        assertEquals(1, PaymentEvents.awaitRecords(MID.id(), code, 1, Duration.ofSeconds(10)).size());
        assertEquals(1, PaymentEvents.awaitRecords(MID.id(), code2, 1, Duration.ofSeconds(10)).size());
    }

    @Test
    void badInputIsAClear4xxAndWritesNothing() {
        String code = awaiting3ds(Requests.orderId());
        String before = MidtransDb.version(code);
        given().contentType("application/json").body("not json").post(PATH).then().statusCode(400)
                .body("responseCode", equalTo("4000800"));
        given().contentType("application/json").body("[1,2]").post(PATH).then().statusCode(400);
        Map<String, Object> body = SIM.notificationBody(MidtransDb.reference(code));
        body.remove("signature_key");
        given().contentType("application/json").body(body).post(PATH).then().statusCode(400)
                .body("responseCode", equalTo("4000802"))
                .body("responseMessage", equalTo("Invalid Mandatory Field signature_key"));
        given().contentType("text/plain").body("{}").post(PATH).then().statusCode(415);
        given().contentType("application/json").body("{\"pad\":\"" + "x".repeat(70 * 1024) + "\"}").post(PATH)
                .then().statusCode(413);
        assertEquals(before, MidtransDb.version(code));
    }

    @Test
    void theSandboxsKeyAndShortcutDecideNoMidtransPayment() {
        String orderId = Requests.orderId();
        String code = awaiting3ds(orderId);
        String before = MidtransDb.version(code);
        byte[] decision = ("{\"reference\":\"" + MidtransDb.reference(code) + "\",\"paymentCode\":\"" + code
                + "\",\"status\":\"CAPTURED\"}").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        long now = java.time.Instant.now().getEpochSecond();
        given().contentType("application/json")
                .header(io.paygate.payment.provider.ProviderSignature.TIMESTAMP_HEADER, Long.toString(now))
                .header(io.paygate.payment.provider.ProviderSignature.SIGNATURE_HEADER,
                        io.paygate.payment.provider.ProviderSignature.sign(
                                "test-provider-secret".getBytes(java.nio.charset.StandardCharsets.UTF_8), now, decision))
                .body(decision).post("/pg/provider/sandbox/callback").then().statusCode(409);
        given().contentType("application/json")
                .header("Authorization", "Bearer " + io.paygate.testsupport.SandboxMerchants.OPS_TOKEN)
                .body("{\"status\":\"CAPTURED\"}").post("/pg/sandbox/payments/" + code + "/simulate")
                .then().statusCode(409);
        String pending = MidtransCustomer.newPayment(MID, Requests.orderId());
        given().contentType("application/json")
                .header("Authorization", "Bearer " + io.paygate.testsupport.SandboxMerchants.OPS_TOKEN)
                .body("{\"status\":\"CAPTURED\"}").post("/pg/sandbox/payments/" + pending + "/simulate")
                .then().statusCode(409);
        assertEquals(before, MidtransDb.version(code));
        assertEquals("PROCESSING", MidtransCustomer.statusOf(MID, orderId));
    }

    @Test
    void anAmountMidtransCannotChargeIsRefusedBeforeAnyCall() {
        String orderId = Requests.orderId();
        String code = PaymentApi.initiate(MID, Requests.with(Requests.minimal(orderId), "order.amount", "150000.50")
                .toString()).then().statusCode(200).extract().path("paymentCode");
        java.util.function.LongSupplier calls = () -> SIM.requests().stream()
                .filter(r -> r.path().equals("/v2/token") || r.path().equals("/v2/charge")).count();
        long before = calls.getAsLong();
        PaymentApi.payByCard(code, "4411111111111118").then().statusCode(303);
        assertEquals("FAILED", MidtransCustomer.statusOf(MID, orderId));
        assertEquals("Amount or currency not supported by the payment provider",
                MidtransCustomer.statusDescOf(MID, orderId));
        assertEquals(before, calls.getAsLong(), "neither the card nor a charge went to Midtrans");
    }
}

package io.paygate.payment.provider.midtrans;

import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.PaymentStatusChanged;
import io.paygate.payment.support.LogCapture;
import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.PaymentEvents;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.payment.support.Requests;
import io.paygate.testsupport.midtrans.MidtransSimulator;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;

import static io.paygate.payment.provider.midtrans.MidtransSetup.MID;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A merchant with {@code provider=midtrans} pays cards through the Midtrans Core API (the simulator over real HTTP):
 * token with the client key, charge with 3-D Secure under the charge reference, Midtrans's page, its notification.
 */
@QuarkusTest
@TestProfile(MidtransSetup.Profile.class)
@PaymentTestResources
@WithTestResource(MidtransSetup.class)
class MidtransCardFlowTest extends MidtransTestBase {

    @Test
    void aCardWithout3dsIsCapturedAtOnceWithOneEventAndOnlyTheTokenCallSeesTheCard() {
        String orderId = Requests.orderId();
        String code = MidtransCustomer.newPayment(MID, orderId);
        try (LogCapture logs = LogCapture.start()) {
            PaymentApi.payByCard(code, "4411111111111118").then().statusCode(303);
            assertEquals("CAPTURED", MidtransCustomer.statusOf(MID, orderId));
            PaymentStatusChanged changed = PaymentEvents.awaitOne(MID.id(), code).dataAs(PaymentStatusChanged.class);
            assertEquals("CAPTURED", changed.status().name());
            assertEquals("VISA", changed.card().info().brand());
            assertEquals("441111******1118", changed.card().mask());
            // Midtrans's capture notification comes too: acknowledged, nothing more written
            String reference = reference(code);
            await(() -> SIM.deliveries().stream().anyMatch(d -> d.body().contains(reference) && d.status() == 200));
            assertEquals(1, PaymentEvents.awaitRecords(MID.id(), code, 1, Duration.ofSeconds(10)).size());

            List<MidtransSimulator.Request> calls = SIM.requests().stream()
                    .filter(r -> r.path().equals("/v2/token") && r.query().contains(MidtransSetup.CLIENT_KEY)
                            && r.query().contains("4411111111111118")).toList();
            assertEquals(1, calls.size(), "one token call, with the client key and the card");
            MidtransSimulator.Request charge = SIM.requests().stream()
                    .filter(r -> r.path().equals("/v2/charge") && r.body().contains(reference)).findFirst().orElseThrow();
            assertFalse(charge.body().contains("4411111111111118"), "the charge carries the token, not the card");
            assertFalse(charge.body().contains("\"123\""), "nor the CVV");
            assertTrue(charge.body().contains("\"authentication\":true"));
            assertTrue(charge.body().contains("\"gross_amount\":150000"));
            assertEquals("Basic " + Base64.getEncoder().encodeToString((MidtransSetup.SERVER_KEY + ":")
                    .getBytes(StandardCharsets.UTF_8)), charge.authorization());
            assertFalse(logs.text().contains("4411111111111118"), "no card number in the logs");
            assertFalse(logs.text().contains(MidtransSetup.SERVER_KEY), "no server key in the logs");
            assertFalse(logs.text().contains(MidtransSetup.CLIENT_KEY), "no client key in the logs");
        }
    }

    @Test
    void a3dsCardGoesToMidtranssPageAndComesBackToProcessingThenCaptured() throws Exception {
        String orderId = Requests.orderId();
        String code = MidtransCustomer.newPayment(MID, orderId);
        PaymentApi.payByCard(code, "4811111111111114").then().statusCode(303);
        assertEquals("PROCESSING", MidtransCustomer.statusOf(MID, orderId));
        String link = MidtransCustomer.bankLink(code);
        assertTrue(link.startsWith(SIM.baseUrl() + "/v2/3ds/redirect/"), link);
        assertTrue(link.contains("callback_url="), link);

        URI back = MidtransCustomer.passThreeDs(code, "112233");
        assertTrue(back.getPath().equals("/pg/pay/" + code + "/3ds-return"), back.toString());
        MidtransCustomer.comeBack(back).then().statusCode(303);
        String page = PaymentApi.page(code + "?from=bank").then().statusCode(200).extract().asString();
        assertTrue(page.contains("data-view=\"processing\"") || page.contains("data-view=\"captured\""), page);

        MidtransCustomer.awaitStatus(MID, orderId, "CAPTURED");
        EventEnvelope event = PaymentEvents.awaitOne(MID.id(), code);
        assertEquals("CAPTURED", event.dataAs(PaymentStatusChanged.class).status().name());
        assertTrue(PaymentApi.page(code).then().extract().asString().contains("data-view=\"captured\""));
    }

    @Test
    void aWrongOtpOnMidtranssPageFailsThePayment() throws Exception {
        String orderId = Requests.orderId();
        String code = MidtransCustomer.newPayment(MID, orderId);
        PaymentApi.payByCard(code, "4811111111111114").then().statusCode(303);
        MidtransCustomer.comeBack(MidtransCustomer.passThreeDs(code, "999999")).then().statusCode(303);
        MidtransCustomer.awaitStatus(MID, orderId, "FAILED");
        assertEquals("Card declined (Card is not authenticated.)", MidtransCustomer.statusDescOf(MID, orderId));
        assertEquals(1, PaymentEvents.awaitRecords(MID.id(), code, 1, Duration.ofSeconds(10)).size());
    }

    /** Midtrans's sandbox card denied by the bank without 3-D Secure (attempted authentication). */
    @Test
    void aDeclinedCardIsFailedAtOnceWithMidtranssReason() {
        String orderId = Requests.orderId();
        String code = MidtransCustomer.newPayment(MID, orderId);
        PaymentApi.payByCard(code, "4711111111111115").then().statusCode(303);
        assertEquals("FAILED", MidtransCustomer.statusOf(MID, orderId));
        assertTrue(MidtransCustomer.statusDescOf(MID, orderId).startsWith("Card declined (Deny by Bank"));
        assertEquals(1, PaymentEvents.awaitRecords(MID.id(), code, 1, Duration.ofSeconds(10)).size());
    }

    /** Midtrans's sandbox card that fraud detection denies at once: FAILED, and says so. */
    @Test
    void aCardFraudDetectionDeniesIsFailedAtOnce() {
        String orderId = Requests.orderId();
        String code = MidtransCustomer.newPayment(MID, orderId);
        PaymentApi.payByCard(code, "4611111111111116").then().statusCode(303);
        assertEquals("FAILED", MidtransCustomer.statusOf(MID, orderId));
        assertEquals("Denied by fraud detection (Denied by FDS)", MidtransCustomer.statusDescOf(MID, orderId));
    }

    /**
     * Midtrans's 3DS-ready card the bank denies: the customer passes 3-D Secure on Midtrans's page with the right
     * code, and the bank denies it after.
     */
    @Test
    void aThreeDSecureCardTheBankDeniesFailsAfterTheCode() throws Exception {
        String orderId = Requests.orderId();
        String code = MidtransCustomer.newPayment(MID, orderId);
        PaymentApi.payByCard(code, "4911111111111113").then().statusCode(303);
        assertEquals("PROCESSING", MidtransCustomer.statusOf(MID, orderId), "on Midtrans's 3-D Secure page first");
        MidtransCustomer.comeBack(MidtransCustomer.passThreeDs(code, "112233")).then().statusCode(303);
        MidtransCustomer.awaitStatus(MID, orderId, "FAILED");
        assertTrue(MidtransCustomer.statusDescOf(MID, orderId).startsWith("Card declined (Deny by Bank"));
    }

    @Test
    void aChargeChallengedByFraudDetectionWaitsForMidtranssDecision() {
        String orderId = Requests.orderId();
        String code = MidtransCustomer.newPayment(MID, orderId);
        PaymentApi.payByCard(code, "4511111111111117").then().statusCode(303);
        assertEquals("PROCESSING", MidtransCustomer.statusOf(MID, orderId), "capture + fraud challenge decides nothing");
        assertTrue(PaymentApi.page(code).then().extract().asString().contains("data-view=\"processing\""));
        SIM.settle(MidtransDb.reference(code)); // Midtrans (the merchant, in its dashboard) accepted it
        MidtransCustomer.awaitStatus(MID, orderId, "CAPTURED");
        assertEquals(1, PaymentEvents.awaitRecords(MID.id(), code, 1, Duration.ofSeconds(10)).size());
    }

    @Test
    void definiteRefusalsOfTheChargeFailThePaymentAndNothingIsChargedTwice() {
        SIM.failNext(MidtransSimulator.Endpoint.CHARGE, 401);
        String orderId = Requests.orderId();
        String code = MidtransCustomer.newPayment(MID, orderId);
        PaymentApi.payByCard(code, "4411111111111118").then().statusCode(303);
        assertEquals("FAILED", MidtransCustomer.statusOf(MID, orderId));
        assertEquals("The payment provider refused the merchant's account", MidtransCustomer.statusDescOf(MID, orderId));
        assertTrue(SIM.status(reference(code)).isEmpty(), "Midtrans charged nothing");

        SIM.failNext(MidtransSimulator.Endpoint.CHARGE, 400);
        String orderId2 = Requests.orderId();
        String code2 = MidtransCustomer.newPayment(MID, orderId2);
        PaymentApi.payByCard(code2, "4411111111111118").then().statusCode(303);
        assertEquals("FAILED", MidtransCustomer.statusOf(MID, orderId2));
        assertEquals("Card refused by the payment provider", MidtransCustomer.statusDescOf(MID, orderId2));
        assertEquals(1, SIM.requests().stream().filter(r -> r.path().equals("/v2/charge")
                && r.body().contains(reference(code2))).count(), "the charge is never repeated");
    }

    /**
     * Issue 22: one failing card submission produced three token calls, each with the card in its query: the token
     * call was retried (twice, {@code gateway.payment.midtrans.retries}) on a 5xx or no answer like the status
     * inquiry. It is never repeated now.
     */
    @Test
    void aFailingTokenCallIsNeverRepeated() {
        SIM.failNext(MidtransSimulator.Endpoint.TOKEN, 503, 3);
        try {
            String orderId = Requests.orderId();
            String code = MidtransCustomer.newPayment(MID, orderId);
            long before = tokenCallsWith("4411111111111118");
            PaymentApi.payByCard(code, "4411111111111118").then().statusCode(303);
            assertEquals(1, tokenCallsWith("4411111111111118") - before, "the card went to Midtrans once");
            assertTrue(SIM.requests().stream().noneMatch(r -> r.path().equals("/v2/charge")
                    && r.body().contains(reference(code))), "nothing was charged");
        } finally {
            SIM.failNext(MidtransSimulator.Endpoint.TOKEN, 503, 0);
        }
    }

    static long tokenCallsWith(String cardNumber) {
        return SIM.requests().stream().filter(r -> r.path().equals("/v2/token") && r.query() != null
                && r.query().contains(cardNumber)).count();
    }

    /**
     * Issue 22: a GET of {@code 3ds-return} (by anyone, before the customer finished 3-D Secure) hid the page's "Continue
     * to your bank" link, and the payment then waited for reconciliation. It changes nothing now.
     */
    @Test
    void aReturnFromTheBankBeforeThreeDSecureChangesNothing() throws Exception {
        String orderId = Requests.orderId();
        String code = MidtransCustomer.newPayment(MID, orderId);
        PaymentApi.payByCard(code, "4811111111111114").then().statusCode(303);
        String before = MidtransDb.version(code);
        String link = MidtransCustomer.bankLink(code);

        URI early = URI.create(io.restassured.RestAssured.baseURI + ":" + io.restassured.RestAssured.port
                + "/pg/pay/" + code + "/3ds-return?order_id=" + reference(code) + "&transaction_status=pending");
        io.restassured.response.Response back = MidtransCustomer.comeBack(early);
        back.then().statusCode(303);
        assertTrue(back.header("Location").endsWith("/pg/pay/" + code + "?from=bank"), back.header("Location"));

        assertEquals(before, MidtransDb.version(code), "nothing stored");
        assertEquals(link, MidtransCustomer.bankLink(code), "the customer's page still leads to the bank");
        String returned = PaymentApi.page(code + "?from=bank").then().statusCode(200).extract().asString();
        assertTrue(returned.contains("data-view=\"processing\"") && returned.contains("id=\"bank-link-again\""),
                "back from the bank: processing, with the way back to the bank kept");

        MidtransCustomer.comeBack(MidtransCustomer.passThreeDs(code, "112233")).then().statusCode(303);
        MidtransCustomer.awaitStatus(MID, orderId, "CAPTURED");
    }

    /**
     * Issue 22: redirects were built from the Host header ({@code Host: evil.example} gave {@code Location:
     * http://evil.example/pg/pay/…}). They use the configured public address only.
     */
    @Test
    void redirectsNeverFollowTheHostHeader() {
        String code = MidtransCustomer.newPayment(MID, Requests.orderId());
        String page = io.restassured.RestAssured.given().redirects().follow(false).header("Host", "evil.example")
                .get("/pg/pay/" + code + "/3ds-return").then().statusCode(303).extract().header("Location");
        String card = io.restassured.RestAssured.given().redirects().follow(false).header("Host", "evil.example")
                .contentType("application/x-www-form-urlencoded; charset=UTF-8")
                .formParam("cardNumber", "4411111111111118").formParam("expiryMonth", "12")
                .formParam("expiryYear", String.valueOf(java.time.Year.now().getValue() + 2)).formParam("cvv", "123")
                .formParam("cardholderName", "Budi Santoso").post("/pg/pay/" + code + "/card").then().statusCode(303)
                .extract().header("Location");
        for (String location : java.util.List.of(page, card)) {
            assertFalse(location.contains("evil.example"), location);
            assertTrue(location.startsWith("http://localhost:" + io.restassured.RestAssured.port + "/pg/pay/" + code),
                    location);
        }
    }

    @Test
    void directDebitIsNotOfferedNorTakenForAMidtransMerchant() {
        String code = MidtransCustomer.newPayment(MID, Requests.orderId());
        io.restassured.RestAssured.given().contentType("application/x-www-form-urlencoded; charset=UTF-8")
                .formParam("bindingId", "BND123").redirects().follow(false)
                .post("/pg/pay/" + code + "/directdebit").then().statusCode(400);
        assertEquals("PENDING", io.restassured.RestAssured.given().get("/pg/pay/" + code + "/state").then()
                .extract().path("status"));
    }

    static String reference(String code) {
        return MidtransDb.reference(code);
    }

    static void await(java.util.concurrent.Callable<Boolean> condition) {
        org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(100))
                .until(condition);
    }
}

package io.paygate.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.local.LocalStack;
import io.paygate.local.MidtransMerchant;
import io.paygate.testsupport.midtrans.MidtransSimulator;
import io.paygate.testsupport.sink.MerchantSink;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openqa.selenium.By;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A merchant on the Midtrans channel (docs/contract.md §2, {@code gateway.merchants.demo.provider=midtrans}) across the whole
 * stack, against test-support's {@link MidtransSimulator} over real HTTP: the customer pays on the hosted page in
 * Chromium, the card goes to the token call only, the charge carries the token with 3-D Secure; a card that needs it
 * sends the customer to the simulator's 3-D Secure page and back, then the page shows processing and the result. The
 * simulator's signed HTTP notification moves the payment, and the merchant gets paygate's signed notification once;
 * a late copy of Midtrans's notification or a stale one changes nothing, a forged one is refused, a wrong 3-D Secure code
 * or a bank's denial fails the payment.
 * A payment whose Midtrans notification never comes is settled by reconciliation's status inquiry. Its own stack (port
 * offset {@link Stack#PORT_OFFSET} + 400) with a provider timeout of seconds, stopped at the end.
 */
@Timeout(value = 8, unit = TimeUnit.MINUTES)
class MidtransCardBrowserIT {

    static final String SERVER_KEY = "SB-Mid-server-e2e-" + Long.toHexString(System.nanoTime());
    static final String CLIENT_KEY = "SB-Mid-client-e2e-" + Long.toHexString(System.nanoTime());
    /** A payment still PROCESSING this long after its charge is asked of Midtrans (status inquiry). */
    static final Duration PROVIDER_TIMEOUT = Duration.ofSeconds(8);
    static MidtransSimulator midtrans;
    static LocalStack stack;
    static Browser browser;
    MerchantSink sink;

    @BeforeAll
    static void start() throws Exception {
        midtrans = MidtransSimulator.start().register(SERVER_KEY, CLIENT_KEY);
        List<String> config = new ArrayList<>(Stack.CONFIG);
        config.addAll(new MidtransMerchant("demo", SERVER_KEY, CLIENT_KEY, midtrans.baseUrl()).configLines());
        config.add("gateway.payment.provider-timeout=" + PROVIDER_TIMEOUT.toSeconds() + "s");
        config.add("gateway.payment.reconcile-interval=1s");
        Path root = Path.of(System.getProperty("paygate.home", "..")).toAbsolutePath().normalize();
        stack = LocalStack.launch(LocalStack.Options.forTests(root, Stack.PORT_OFFSET + 400, config));
        midtrans.notifyTo(payment() + MidtransMerchant.NOTIFICATION_PATH);
        browser = Browser.start();
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.close();
        }
        if (stack != null) {
            stack.stop();
        }
        if (midtrans != null) {
            midtrans.close();
        }
    }

    @BeforeEach
    void startSink() {
        sink = MerchantSink.start();
        midtrans.notifications(MidtransSimulator.Notifications.NORMAL).notificationDelay(Duration.ofMillis(100));
    }

    @AfterEach
    void stopSink() {
        browser.forget();
        sink.close();
    }

    @Test
    void aThreeDSecureCardGoesToMidtranssPageAndBackAndIsCapturedAndNotifiedOnce() throws Exception {
        String returnUrl = sink.url("/orders/return");
        Merchant.Payment payment = Merchant.initiate(payment(), "CUST-MT-3DS", "150000.00", sink, returnUrl);
        midtrans.notificationDelay(Duration.ofSeconds(4)); // long enough to see the page wait for it

        payCard(payment, "4811 1111 1111 1114");
        toMidtranssThreeDSecurePage();
        assertTrue(browser.source().contains("481111-1114"), "Midtrans's page names the card by Midtrans's mask");
        browser.screenshot("midtrans-3ds-page");
        browser.type("otp", "112233");
        browser.click("pay");

        browser.awaitView("processing");
        assertTrue(browser.currentUrl().startsWith(payment() + "/pg/pay/" + payment.paymentCode()),
                "back on the hosted page: " + browser.currentUrl());
        browser.awaitView("captured");
        assertEquals("Payment successful", browser.text("title"));
        browser.screenshot("midtrans-3ds-captured");
        browser.click("return-link");
        browser.awaitUrl(returnUrl);

        JsonNode notification = Merchant.awaitOnlyPaymentNotification(sink, payment);
        assertEquals("CAPTURED", notification.path("result").path("payment").path("status").asText());
        assertEquals(0, notification.path("order").path("amount").decimalValue().compareTo(new BigDecimal("150000")));
        assertEquals("481111******1114", notification.path("card").path("mask").asText());
        assertFalse(notification.toString().contains("4811111111111114"), "never the card number");
        Merchant.assertStatusAgrees(payment(), notification);
        assertTheCardWentOnlyToTheTokenCall("4811111111111114", true);
    }

    @Test
    void aCardWithoutThreeDSecureIsCapturedWithoutLeavingTheHostedPage() throws Exception {
        Merchant.Payment payment = Merchant.initiate(payment(), "CUST-MT-FRICTIONLESS", "99000", sink, null);

        payCard(payment, "4411 1111 1111 1118");
        browser.awaitView("captured");
        assertTrue(browser.currentUrl().startsWith(payment()), "never at Midtrans's page: " + browser.currentUrl());
        assertTrue(browser.source().contains("441111******1118"));

        JsonNode notification = Merchant.awaitOnlyPaymentNotification(sink, payment);
        assertEquals("CAPTURED", notification.path("result").path("payment").path("status").asText());
        assertEquals("441111******1118", notification.path("card").path("mask").asText());
        Merchant.assertStatusAgrees(payment(), notification);
        assertTheCardWentOnlyToTheTokenCall("4411111111111118", true);

        // Midtrans's own notification again, late, then a forged one: neither changes the payment or notifies again.
        String midtransOrder = lastChargesOrder();
        midtrans.resend(midtransOrder);
        Map<String, Object> forged = midtrans.notificationBody(midtransOrder);
        forged.put("transaction_status", "deny");
        forged.put("status_code", "202");
        int refused = midtrans.post(forged);
        assertTrue(refused >= 400 && refused < 500, "a notification whose signature_key does not match: " + refused);
        Merchant.awaitOnlyPaymentNotification(sink, payment);
        Merchant.assertStatusAgrees(payment(), notification);
    }

    @Test
    void aWrongCodeOnMidtranssPageFailsThePaymentAndIsNotifiedAsFailed() throws Exception {
        Merchant.Payment payment = Merchant.initiate(payment(), "CUST-MT-WRONG-OTP", "30000", sink, null);

        payCard(payment, "4811 1111 1111 1114");
        passThreeDSecure("654321");

        assertFailedOnThePageAndNotified(payment);
    }

    /**
     * Midtrans retries and may deliver out of order: here the capture notification is followed by a stale, validly
     * signed {@code pending} one, and comes once more later. The payment stays CAPTURED and the merchant hears of it
     * once.
     */
    @Test
    void duplicatedAndStaleNotificationsLeaveThePaymentCapturedAndNotifiedOnce() throws Exception {
        midtrans.notifications(MidtransSimulator.Notifications.OUT_OF_ORDER);
        Merchant.Payment payment = Merchant.initiate(payment(), "CUST-MT-OUT-OF-ORDER", "64000", sink, null);

        payCard(payment, "4811 1111 1111 1114");
        passThreeDSecure("112233");
        browser.awaitView("captured");
        String midtransOrder = lastChargesOrder();
        midtrans.resend(midtransOrder);

        JsonNode notification = Merchant.awaitOnlyPaymentNotification(sink, payment);
        assertEquals("CAPTURED", notification.path("result").path("payment").path("status").asText());
        long stale = midtrans.deliveries().stream().filter(d -> d.body().contains(midtransOrder)
                && d.body().contains("\"pending\"") && d.status() / 100 == 2).count();
        assertTrue(stale >= 1, "a stale pending notification was delivered and accepted: " + midtrans.deliveries());
        Merchant.assertStatusAgrees(payment(), notification);
    }

    @Test
    void aCardTheBankDeniesFailsOnThePageAndIsNotifiedAsFailed() throws Exception {
        Merchant.Payment payment = Merchant.initiate(payment(), "CUST-MT-DENIED", "42000", sink, null);

        payCard(payment, "4711 1111 1111 1115"); // Midtrans's sandbox: not enrolled for 3DS, denied by the bank

        JsonNode notification = assertFailedOnThePageAndNotified(payment);
        assertEquals("471111******1115", notification.path("card").path("mask").asText());
    }

    /**
     * The customer passes 3-D Secure but never comes back (the tab closed on Midtrans's page) and Midtrans's
     * notification never arrives: nothing but reconciliation's status inquiry can learn the outcome, once the payment
     * has been PROCESSING for the provider timeout.
     */
    @Test
    void aPaymentWhoseNotificationNeverComesIsCapturedByTheStatusInquiry() throws Exception {
        midtrans.notifications(MidtransSimulator.Notifications.NEVER);
        Merchant.Payment payment = Merchant.initiate(payment(), "CUST-MT-SILENT", "75000", sink, null);

        payCard(payment, "4811 1111 1111 1114");
        toMidtranssThreeDSecurePage();
        String page = browser.currentUrl();
        browser.open(page.contains("?") ? page.substring(0, page.indexOf('?')) : page); // no way back to paygate
        browser.type("otp", "112233");
        browser.click("pay");
        browser.awaitVisible(By.id("done"));
        int deliveries = midtrans.deliveries().size();
        String midtransOrder = lastChargesOrder();
        assertEquals("capture", midtrans.status(midtransOrder).orElseThrow(), "Midtrans captured it");

        JsonNode notification = Merchant.awaitOnlyPaymentNotification(sink, payment);
        assertEquals("CAPTURED", notification.path("result").path("payment").path("status").asText());
        assertEquals(deliveries, midtrans.deliveries().size(), "Midtrans sent no notification");
        assertTrue(midtrans.requests().stream().anyMatch(r -> r.method().equals("GET")
                        && r.path().equals("/v2/" + midtransOrder + "/status")),
                "payment-service asked Midtrans about " + midtransOrder + ": " + midtrans.requests());
        Merchant.assertStatusAgrees(payment(), notification);
    }

    /**
     * Issue 22, repeated on the whole stack: Midtrans's own {@code pending} notification for a customer stopped at
     * 3-D Secure, with only {@code "pending"} edited to {@code "settlement"} (its signature_key covers neither status),
     * and a capture challenged by fraud detection edited to {@code accept}: both are refused, neither payment moves,
     * the merchant hears nothing; the first is then paid for real and notified once.
     */
    @Test
    void editedMidtransNotificationsCaptureNothing() throws Exception {
        Merchant.Payment payment = Merchant.initiate(payment(), "CUST-MT-EDITED", "88000", sink, null);
        payCard(payment, "4811 1111 1111 1114");
        toMidtranssThreeDSecurePage();
        String order = lastChargesOrder();
        String pending = midtrans.notificationJson(order);
        assertTrue(pending.contains("\"transaction_status\":\"pending\""), pending);
        assertEquals(400, midtrans.postRaw(pending.replace("\"transaction_status\":\"pending\"",
                "\"transaction_status\":\"settlement\"")));
        assertEquals("PROCESSING", statusOf(payment));

        Merchant.Payment challenged = Merchant.initiate(payment(), "CUST-MT-CHALLENGED", "89000", sink, null);
        RawHttp.Reply card = RawHttp.form(payment(), "/pg/pay/" + challenged.paymentCode() + "/card",
                "cardNumber=4511111111111117&expiryMonth=12&expiryYear=" + (java.time.Year.now().getValue() + 2)
                        + "&cvv=123&cardholderName=Budi+Santoso", null);
        assertEquals(303, card.status(), card.text());
        String challenge = midtrans.notificationJson(lastChargesOrder());
        assertTrue(challenge.contains("\"fraud_status\":\"challenge\""), challenge);
        assertEquals(400, midtrans.postRaw(challenge.replace("\"fraud_status\":\"challenge\"",
                "\"fraud_status\":\"accept\"")));
        assertEquals("PROCESSING", statusOf(challenged));

        Thread.sleep(2_000); // what a wrongly captured payment would have notified by now
        assertTrue(Merchant.notifications(sink, Merchant.PAYMENTS, payment.paymentCode()).isEmpty());
        assertTrue(Merchant.notifications(sink, Merchant.PAYMENTS, challenged.paymentCode()).isEmpty());

        browser.type("otp", "112233");
        browser.click("pay");
        browser.awaitView("captured");
        JsonNode notification = Merchant.awaitOnlyPaymentNotification(sink, payment);
        assertEquals("CAPTURED", notification.path("result").path("payment").path("status").asText());
        assertTrue(midtrans.requests().stream().anyMatch(r -> r.path().equals("/v2/" + order + "/status")),
                "the capture was decided by Midtrans's answer to a status inquiry");
    }

    /**
     * Issue 22: a GET of {@code 3ds-return} by someone else before the customer finished 3-D Secure hid the page's
     * "Continue to your bank" link. It changes nothing now, and redirects never follow the Host header.
     */
    @Test
    void aReturnFromTheBankBySomeoneElseChangesNothingAndRedirectsIgnoreTheHostHeader() throws Exception {
        Merchant.Payment payment = Merchant.initiate(payment(), "CUST-MT-EARLY-RETURN", "91000", sink, null);
        payCard(payment, "4811 1111 1111 1114");
        browser.awaitView("challenge");

        RawHttp.Reply early = RawHttp.get(payment(), "/pg/pay/" + payment.paymentCode() + "/3ds-return",
                "evil.example");
        assertEquals(303, early.status(), early.text());
        assertTrue(early.header("Location").startsWith(payment() + "/pg/pay/" + payment.paymentCode()),
                "at the public address, not the Host header's: " + early.header("Location"));

        browser.open(payment.redirectUrl());
        assertEquals("challenge", browser.view(), "the customer's page still leads to the bank");
        passThreeDSecure("112233");
        browser.awaitView("captured");
        assertEquals("CAPTURED", Merchant.awaitOnlyPaymentNotification(sink, payment).path("result").path("payment")
                .path("status").asText());
    }

    /**
     * Issue 22: one failing card submission produced three token calls, each carrying the card number: the token
     * call was retried like the status inquiry. It goes once.
     */
    @Test
    void aFailingTokenCallCarriesTheCardOnce() throws Exception {
        Merchant.Payment payment = Merchant.initiate(payment(), "CUST-MT-TOKEN-DOWN", "92000", sink, null);
        midtrans.failNext(MidtransSimulator.Endpoint.TOKEN, 503, 3);
        try {
            long before = midtrans.requests().stream().filter(r -> r.path().equals("/v2/token")).count();
            RawHttp.Reply card = RawHttp.form(payment(), "/pg/pay/" + payment.paymentCode() + "/card",
                    "cardNumber=4411111111111118&expiryMonth=12&expiryYear=" + (java.time.Year.now().getValue() + 2)
                            + "&cvv=123&cardholderName=Budi+Santoso", null);
            assertEquals(303, card.status(), card.text());
            assertEquals(1, midtrans.requests().stream().filter(r -> r.path().equals("/v2/token")).count() - before);
        } finally {
            midtrans.failNext(MidtransSimulator.Endpoint.TOKEN, 503, 0);
        }
    }

    private static String statusOf(Merchant.Payment payment) {
        return Merchant.api(payment()).get("/pg/payment/card/status/" + payment.orderId()).then().statusCode(200)
                .extract().path("result.payment.status");
    }

    /**
     * The card number reached the simulator only in the token call (with the client key), the charge carried the
     * token with 3-D Secure requested and HTTP Basic with the server key, and no log of payment-service holds it.
     */
    private static void assertTheCardWentOnlyToTheTokenCall(String cardNumber, boolean threeDs) throws Exception {
        List<MidtransSimulator.Request> withCard = midtrans.requests().stream()
                .filter(r -> (r.query() + r.body() + r.path()).contains(cardNumber)).toList();
        assertFalse(withCard.isEmpty(), "the token call carried the card");
        for (MidtransSimulator.Request r : withCard) {
            assertEquals("/v2/token", r.path(), "only the token call carries the card: " + r);
            assertTrue(r.query().contains("client_key=" + CLIENT_KEY), r.query());
        }
        String basic = "Basic " + Base64.getEncoder().encodeToString((SERVER_KEY + ":").getBytes(StandardCharsets.UTF_8));
        MidtransSimulator.Request charge = lastCharge();
        assertEquals(basic, charge.authorization());
        assertTrue(charge.body().contains("\"payment_type\":\"credit_card\""), charge.body());
        assertTrue(charge.body().replace(" ", "").contains("\"authentication\":" + threeDs), charge.body());
        String log = Files.readString(stack.log("payment-service", 0));
        assertFalse(log.contains(cardNumber), "payment-service logged the card number");
        assertFalse(log.contains(SERVER_KEY), "payment-service logged the server key");
    }

    /** The customer goes on to Midtrans's 3-D Secure page, enters {@code otp} there and sends it. */
    private static void passThreeDSecure(String otp) {
        toMidtranssThreeDSecurePage();
        browser.type("otp", otp);
        browser.click("pay");
    }

    /** The page says the payment failed and why; the merchant is notified of it once, as the status API says. */
    private JsonNode assertFailedOnThePageAndNotified(Merchant.Payment payment) {
        browser.awaitView("failed");
        assertFalse(browser.text("status-desc").isBlank(), "the customer is told why");
        JsonNode notification = Merchant.awaitOnlyPaymentNotification(sink, payment);
        assertEquals("FAILED", notification.path("result").path("payment").path("status").asText());
        assertFalse(notification.path("result").path("payment").path("statusDesc").asText().isBlank());
        Merchant.assertStatusAgrees(payment(), notification);
        return notification;
    }

    /** The order id paygate gave Midtrans in the last charge. */
    private static String lastChargesOrder() {
        return Signatures.read(lastCharge().body()).path("transaction_details").path("order_id").asText();
    }

    /** The hosted page sends the customer on to Midtrans's 3-D Secure page (the charge's redirect_url). */
    private static void toMidtranssThreeDSecurePage() {
        browser.awaitView("challenge");
        assertTrue(browser.byId("bank-link").getAttribute("href").startsWith(midtrans.baseUrl() + "/v2/3ds/redirect/"),
                browser.byId("bank-link").getAttribute("href"));
        browser.click("bank-link");
        browser.awaitUrlStartingWith(midtrans.baseUrl() + "/v2/3ds/redirect/");
    }

    private static MidtransSimulator.Request lastCharge() {
        List<MidtransSimulator.Request> charges = midtrans.requests().stream()
                .filter(r -> r.method().equals("POST") && r.path().equals("/v2/charge")).toList();
        assertFalse(charges.isEmpty(), "charged");
        return charges.getLast();
    }

    private static String payment() {
        return stack.baseUrl("payment-service");
    }

    /** Opens the hosted page as the customer and pays with {@code cardNumber}, typed as people type it. */
    private static void payCard(Merchant.Payment payment, String cardNumber) {
        browser.open(payment.redirectUrl());
        assertEquals("pay", browser.view());
        browser.payByCard(cardNumber);
    }
}

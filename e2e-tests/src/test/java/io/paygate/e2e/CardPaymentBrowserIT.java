package io.paygate.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.testsupport.sink.MerchantSink;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;

import java.math.BigDecimal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A customer pays by card on the hosted page in a real browser (docs/contract.md §2), across the whole stack: the sandbox
 * provider decides and calls payment-service back, the event goes through the outbox and Kafka to
 * notification-service, which notifies the merchant once, signed; the status inquiry agrees (§3).
 */
class CardPaymentBrowserIT {

    static Browser browser;
    MerchantSink sink;

    @BeforeAll
    static void openBrowser() throws Exception {
        Stack.get(); // the stack first: its start is the slow part, and a failure there should say so
        browser = Browser.start();
    }

    @AfterAll
    static void closeBrowser() {
        if (browser != null) {
            browser.close();
        }
    }

    @BeforeEach
    void startSink() {
        sink = MerchantSink.start();
    }

    @AfterEach
    void stopSink() {
        browser.forget();
        sink.close();
    }

    @Test
    void threeDSecureCardWithTheRightCodeIsCapturedNotifiedOnceAndTheCustomerReturnsToTheShop() throws Exception {
        String returnUrl = sink.url("/orders/return");
        Merchant.Payment payment = Merchant.initiate("CUST-3DS", "150000.00", sink, returnUrl);

        payCard(payment, "4000 0000 0000 3220");
        browser.awaitView("challenge");
        assertEquals("Verify with your bank", browser.text("title"), "the 3-D Secure page");
        assertTrue(browser.source().contains("400000******3220"), "the challenge names the card by its mask");
        browser.screenshot("card-3ds-challenge");
        browser.type("otp", "123456");
        browser.click("otp-button");

        browser.awaitView("captured");
        assertEquals("Payment successful", browser.text("title"));
        browser.screenshot("card-3ds-captured");
        browser.click("return-link");
        browser.awaitUrl(returnUrl);
        assertTrue(sink.received().stream().anyMatch(r -> r.method().equals("GET") && r.path().equals("/orders/return")),
                "the customer's browser arrived at the shop's return URL");

        JsonNode notification = Merchant.awaitOnlyPaymentNotification(sink, payment);
        assertEquals("CAPTURED", notification.path("result").path("payment").path("status").asText());
        assertEquals(0, notification.path("order").path("amount").decimalValue().compareTo(new BigDecimal("150000")));
        assertEquals("400000******3220", notification.path("card").path("mask").asText());
        assertEquals("VISA", notification.path("card").path("info").path("brand").asText());
        assertFalse(notification.toString().contains("4000000000003220"), "never the card number");
        Merchant.assertStatusAgrees(notification);
    }

    @Test
    void threeDSecureCardWithAWrongCodeFailsAndIsNotifiedAsFailed() throws Exception {
        Merchant.Payment payment = Merchant.initiate("CUST-3DS", "25000", sink, null);

        payCard(payment, "4000000000003220");
        browser.awaitView("challenge");
        browser.type("otp", "654321");
        browser.click("otp-button");

        browser.awaitView("failed");
        assertTrue(browser.text("status-desc").startsWith("3-D Secure authentication failed."),
                browser.text("status-desc"));
        JsonNode notification = Merchant.awaitOnlyPaymentNotification(sink, payment);
        assertEquals("FAILED", notification.path("result").path("payment").path("status").asText());
        assertEquals("3-D Secure authentication failed",
                notification.path("result").path("payment").path("statusDesc").asText());
        Merchant.assertStatusAgrees(notification);
    }

    @Test
    void aCardWithoutThreeDSecureIsCapturedWithoutAChallenge() throws Exception {
        Merchant.Payment payment = Merchant.initiate("CUST-MC", "99000", sink, null);

        payCard(payment, "5555 5555 5555 4444");
        assertFalse("challenge".equals(browser.view()), "no 3-D Secure page for this card");
        browser.awaitView("captured");
        assertTrue(browser.source().contains("555555******4444"));
        browser.audit("the captured view on the local stack");

        JsonNode notification = Merchant.awaitOnlyPaymentNotification(sink, payment);
        assertEquals("CAPTURED", notification.path("result").path("payment").path("status").asText());
        assertEquals("MASTERCARD", notification.path("card").path("info").path("brand").asText());
        assertEquals("CREDIT", notification.path("card").path("info").path("type").asText());
        Merchant.assertStatusAgrees(notification);
    }

    @Test
    void aDeclinedCardFailsOnThePageAndIsNotifiedAsFailed() throws Exception {
        String returnUrl = sink.url("/orders/declined");
        Merchant.Payment payment = Merchant.initiate("CUST-DECLINED", "42000", sink, returnUrl);

        payCard(payment, "4000 0000 0000 0002");
        browser.awaitView("failed");
        assertEquals("Card declined. You have not been charged.", browser.text("status-desc"));
        browser.screenshot("card-declined");
        assertEquals(returnUrl, browser.byId("return-link").getAttribute("href"));

        JsonNode notification = Merchant.awaitOnlyPaymentNotification(sink, payment);
        assertEquals("FAILED", notification.path("result").path("payment").path("status").asText());
        assertEquals("Card declined", notification.path("result").path("payment").path("statusDesc").asText());
        assertEquals("400000******0002", notification.path("card").path("mask").asText());
        Merchant.assertStatusAgrees(notification);
    }

    /** Opens the hosted page as the customer and pays with {@code cardNumber}, typed as people type it. */
    private static void payCard(Merchant.Payment payment, String cardNumber) {
        browser.open(payment.redirectUrl());
        assertEquals("pay", browser.view());
        assertEquals("Complete your payment · Demo Store", browser.title());
        assertTrue(browser.byId("time-left").isDisplayed(), "the page shows the time left");
        browser.payByCard(cardNumber);
        browser.awaitVisible(By.id("title"));
    }
}

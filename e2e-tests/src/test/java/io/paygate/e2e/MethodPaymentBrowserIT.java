package io.paygate.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.testsupport.sink.MerchantSink;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A customer pays with each kind of Indonesian method in a real browser across the whole stack (docs/contract.md §2, §2a):
 * chooses it on the hosted page (or the merchant preselected it), reads its instructions, pays in the sandbox's own
 * customer page in another tab (bank app, QRIS app, wallet, cashier), and comes back to a page that has followed the
 * payment to its result by itself; the merchant is notified once, signed, with {@code sourceOfFunds}, and the status
 * inquiry agrees. The wallet flow runs in Bahasa Indonesia.
 */
class MethodPaymentBrowserIT {

    static final String INDONESIAN = "id-ID,id;q=0.9,en;q=0.5";

    static Browser browser;
    MerchantSink sink;

    @BeforeAll
    static void openBrowser() throws Exception {
        Stack.get();
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
        browser.acceptLanguage("en-US,en");
        browser.forget();
        sink.close();
    }

    @Test
    void aVirtualAccountChosenOnThePageIsPaidInTheSandboxBankApp() throws Exception {
        Merchant.Payment payment = Merchant.initiate("CUST-VA", "150000.00", sink, null);
        browser.open(payment.redirectUrl());
        assertEquals("pay", browser.view());
        browser.click("method-VA_BCA");
        browser.awaitView("instructions");
        assertEquals("Pay with BCA Virtual Account", browser.text("title"));
        String shown = browser.text("pay-number");
        assertTrue(shown.matches("3910 8[0-9]{3}( [0-9]{4}){2}"), "grouped for reading: " + shown);
        String va = browser.byId("pay-number").getAttribute("data-copy");
        assertEquals(shown.replace(" ", ""), va, "copied as its digits");
        assertEquals("Demo Store", browser.text("account-name"));
        browser.screenshot("va-instructions");

        String page = browser.openInNewTab(Stack.payment() + "/pg/sandbox/bank-app");
        browser.type("accountNumber", shown);
        browser.click("lookup-button");
        browser.awaitVisible(By.id("charge"));
        assertEquals("Demo Store", browser.text("charge-merchant"));
        assertEquals("Rp 150.000", browser.text("charge-amount"));
        browser.click("pay-button");
        browser.awaitVisible(By.id("outcome-text"));
        assertEquals("Paid Rp 150.000 to Demo Store. The payment page updates by itself.",
                browser.text("outcome-text"));
        browser.closeTabAndReturnTo(page);

        browser.awaitView("captured");
        assertEquals("Payment successful", browser.text("title"));
        JsonNode notification = notifiedOnce(payment, "VA_BCA");
        assertEquals(va, notification.path("sourceOfFunds").path("paymentCode").asText());
    }

    @Test
    void aPreselectedQrisIsPaidInTheSandboxQrisAppFromThePagesQrImage() throws Exception {
        Merchant.Payment payment = preselected("QRIS");
        browser.open(payment.redirectUrl());
        assertEquals("instructions", browser.view(), "a preselected method opens on its instructions");
        String image = browser.byId("qr-image").getAttribute("src");
        String payload = QrCodes.decode(given().get(image).then().statusCode(200).contentType("image/png").extract()
                .asByteArray());
        assertTrue(payload.startsWith("000201010212"), payload);
        browser.screenshot("qris-instructions");

        String page = browser.openInNewTab(Stack.payment() + "/pg/sandbox/qris-app");
        browser.type("payload", payload);
        browser.click("pay-button");
        browser.awaitVisible(By.id("outcome-text"));
        assertEquals("paid", browser.find(By.tagName("body")).getAttribute("data-page"));
        browser.closeTabAndReturnTo(page);

        browser.awaitView("captured");
        notifiedOnce(payment, "QRIS");
    }

    @Test
    void aWalletIsApprovedInTheSandboxWalletInBahasaIndonesia() throws Exception {
        browser.acceptLanguage(INDONESIAN);
        Merchant.Payment payment = Merchant.initiate("CUST-WALLET", "75000", sink, null);
        browser.open(payment.redirectUrl());
        assertEquals("id", browser.find(By.tagName("html")).getAttribute("lang"));
        assertEquals("QRIS dan dompet digital", browser.text("group-wallets-heading"));
        browser.click("method-GOPAY");
        browser.awaitView("instructions");
        assertEquals("Bayar dengan GoPay", browser.text("title"));
        String appUrl = browser.byId("app-link").getAttribute("href");
        assertEquals("Buka GoPay", browser.text("app-link"));
        browser.screenshot("wallet-instructions-id");

        String page = browser.newTab();
        browser.acceptLanguage(INDONESIAN);
        browser.open(appUrl);
        assertEquals("Demo Store meminta Anda membayar Rp 75.000.", browser.text("wallet-intro"));
        browser.type("pin", "123456");
        browser.click("approve-button");
        browser.awaitVisible(By.id("outcome-text"));
        assertEquals("Pembayaran berhasil", browser.text("title"));
        browser.closeTabAndReturnTo(page);

        browser.awaitView("captured");
        assertEquals("Pembayaran berhasil", browser.text("title"));
        browser.screenshot("wallet-captured-id");
        notifiedOnce(payment, "GOPAY");
    }

    @Test
    void aStoreCodeIsPaidAtTheSandboxCashier() throws Exception {
        Merchant.Payment payment = Merchant.initiate("CUST-STORE", "42000", sink, null);
        browser.open(payment.redirectUrl());
        browser.click("method-INDOMARET");
        browser.awaitView("instructions");
        String storeCode = browser.text("pay-number");
        assertTrue(storeCode.startsWith("IDM"), storeCode);

        String page = browser.openInNewTab(Stack.payment() + "/pg/sandbox/cashier");
        browser.click("store-indomaret");
        browser.type("paymentCode", storeCode);
        browser.type("amount", "42000");
        browser.click("pay-button");
        browser.awaitVisible(By.id("outcome-text"));
        assertEquals("Paid Rp 42.000 to Demo Store. The payment page updates by itself.",
                browser.text("outcome-text"));
        browser.closeTabAndReturnTo(page);

        browser.awaitView("captured");
        JsonNode notification = notifiedOnce(payment, "INDOMARET");
        assertEquals(storeCode, notification.path("sourceOfFunds").path("paymentCode").asText());
    }

    /** The merchant's one notification of {@code payment}: CAPTURED, by {@code type}; the status inquiry agrees. */
    private JsonNode notifiedOnce(Merchant.Payment payment, String type) throws Exception {
        JsonNode notification = Merchant.awaitOnlyPaymentNotification(sink, payment);
        assertEquals("CAPTURED", notification.path("result").path("payment").path("status").asText());
        assertEquals(type, notification.path("sourceOfFunds").path("type").asText());
        assertTrue(notification.path("card").isMissingNode(), "no card object for " + type);
        Merchant.assertStatusAgrees(notification);
        return notification;
    }

    /** A payment the merchant initiated with {@code sourceOfFunds.type} = {@code type}. */
    private Merchant.Payment preselected(String type) throws Exception {
        String orderId = Merchant.newId("ORD");
        String redirect = Merchant.api(Stack.payment()).body("""
                {"order":{"id":"%s","amount":"150000.00","description":"Coffee beans 1 kg"},"customer":{"id":"CUST-QR",\
                "email":"budi@example.com","firstName":"Budi","lastName":"Santoso","mobilePhone":"+6281234567890"},\
                "url":{"callbackUrl":"%s"},"sourceOfFunds":{"type":"%s"}}"""
                        .formatted(orderId, sink.url(Merchant.PAYMENTS), type))
                .post("/pg/payment/card/initiate").then().statusCode(200).extract().path("redirecturl");
        return new Merchant.Payment(orderId, redirect.substring(redirect.lastIndexOf('/') + 1), redirect);
    }
}

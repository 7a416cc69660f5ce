package io.paygate.payment.checkout;

import io.agroal.api.AgroalDataSource;
import io.paygate.model.event.Topics;
import io.paygate.payment.support.Db;
import io.paygate.payment.support.Methods;
import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.payment.support.Requests;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.paygate.testsupport.web.Axe;
import io.paygate.testsupport.web.Chromium;
import io.paygate.testsupport.web.PageWait;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedCondition;
import org.openqa.selenium.support.ui.ExpectedConditions;

import java.net.URL;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every method's instructions on the hosted page and every sandbox customer page, audited by axe-core in Debian's
 * Chromium (docs/contract.md §2): no violation at any impact level at 360 px and 1280 px in English and in Bahasa
 * Indonesia, no sideways scroll, each shown form's actions once on the phone ({@link VisibleForms}); and the
 * instructions view copying its number as digits and following a payment to its result by itself. One browser
 * for the class; skipped where Chromium or axe-core is missing outside CI, an error in CI.
 */
@QuarkusTest
@PaymentTestResources
class MethodPagesAuditTest {

    static Axe axe;
    static Chromium chromium;

    @TestHTTPResource("/")
    URL root;
    @Inject
    AgroalDataSource dataSource;

    @BeforeAll
    static void openBrowser() {
        KafkaResource.broker().createTopics(Topics.PAYMENT_STATUS);
        axe = Axe.load();
        chromium = Chromium.start();
    }

    @AfterAll
    static void closeBrowser() {
        if (chromium != null) {
            chromium.close();
        }
    }

    @AfterEach
    void forget() {
        chromium.forget();
    }

    @Test
    void theVirtualAccountInstructionsPass() {
        String code = chosen("VA_BCA", "https://merchant.example.com/cart");
        open("pg/pay/" + code);
        assertEquals("instructions", view());
        auditShown("the virtual account instructions", "pg/pay/" + code);
    }

    @Test
    void theMandiriBillInstructionsPass() {
        audit("pg/pay/" + chosen("VA_MANDIRI", null), "the Mandiri bill instructions");
    }

    @Test
    void theQrisInstructionsPass() {
        audit("pg/pay/" + chosen("QRIS", null), "the QRIS instructions");
    }

    @Test
    void theWalletInstructionsWithTheirDesktopQrPass() {
        String code = chosen("GOPAY", null);
        open("pg/pay/" + code);
        chromium.viewport(1280, 900, false);
        assertTrue(chromium.driver().findElement(By.id("qr")).isDisplayed(), "GoPay's QR on a desktop");
        chromium.viewport(360, 780, true);
        assertFalse(chromium.driver().findElement(By.id("qr")).isDisplayed(), "the app button on a phone");
        auditShown("the wallet instructions", "pg/pay/" + code);
    }

    @Test
    void theOvoPushInstructionsPass() {
        String code = PaymentApi.initiate(Requests.with(Methods.preselecting(Requests.orderId(), "OVO"),
                "sourceOfFunds.accountId", "+6281234567890")).then().statusCode(200).extract().path("paymentCode");
        audit("pg/pay/" + code, "the OVO push instructions");
    }

    @Test
    void theStoreInstructionsWithAnotherMethodToChoosePass() {
        String code = chosen("ALFAMART", null);
        open("pg/pay/" + code);
        chromium.driver().findElement(By.cssSelector("#other-methods > summary")).click();
        auditShown("the store instructions with the other methods open", "pg/pay/" + code);
    }

    @Test
    void theInstructionsCopyTheNumberAndFollowThePaymentToItsResultByThemselves() {
        String orderId = Requests.orderId();
        String code = PaymentApi.initiate(Requests.minimal(orderId)).then().statusCode(200).extract()
                .path("paymentCode");
        ChromeDriver browser = open("pg/pay/" + code);
        browser.findElement(By.id("method-VA_CIMB")).click();
        await(browser, 15, ExpectedConditions.attributeToBe(By.tagName("body"), "data-view", "instructions"));
        String shown = browser.findElement(By.id("pay-number")).getText();
        assertTrue(shown.matches("[0-9]{4}( [0-9]{4})+( [0-9]{1,3})?"), "grouped for reading: " + shown);
        String va = shown.replace(" ", "");
        assertTrue(browser.findElement(By.id("pay-number-copy")).isDisplayed(), "the copy button, with JavaScript");
        chromium.driver().executeCdpCommand("Browser.grantPermissions", Map.of("origin",
                root.getProtocol() + "://" + root.getAuthority(),
                "permissions", List.of("clipboardReadWrite", "clipboardSanitizedWrite")));
        browser.findElement(By.id("pay-number-copy")).click();
        await(browser, 5, d -> va.equals(clipboard(browser)));
        // Selected and copied by hand (Ctrl+C): the digits too.
        browser.executeAsyncScript("navigator.clipboard.writeText('nothing yet').then(arguments[0]);");
        browser.executeScript("var range = document.createRange();"
                + "range.selectNodeContents(document.getElementById('pay-number'));"
                + "getSelection().removeAllRanges(); getSelection().addRange(range);");
        for (String type : List.of("keyDown", "keyUp")) {
            browser.executeCdpCommand("Input.dispatchKeyEvent", Map.of("type", type, "modifiers", 2, "key", "c",
                    "code", "KeyC", "windowsVirtualKeyCode", 67, "commands", List.of("copy")));
        }
        await(browser, 5, d -> va.equals(clipboard(browser)));
        String countdown = browser.findElement(By.id("charge-countdown")).getText();
        assertTrue(countdown.matches("23:59:\\d{2}"), countdown);

        Methods.vaPay(va, "150000.00").then().statusCode(200);
        await(browser, 30, ExpectedConditions.attributeToBe(By.tagName("body"), "data-view", "captured"));
        assertEquals("Payment successful", browser.findElement(By.id("title")).getText());
    }

    @Test
    void theSandboxBankAppPasses() {
        String va = charge(chosen("VA_BNI", null));
        audit("pg/sandbox/bank-app?accountNumber=" + va, "the sandbox bank app with a number looked up");
        ChromeDriver browser = open("pg/sandbox/bank-app?accountNumber=" + va);
        browser.findElement(By.id("amount")).clear();
        browser.findElement(By.id("amount")).sendKeys("1");
        browser.findElement(By.id("pay-button")).click();
        await(browser, 15, ExpectedConditions.attributeToBe(By.tagName("body"), "data-page", "refused"));
        auditShown("the sandbox bank app's refusal", null);
        browser.navigate().back();
        browser.findElement(By.id("amount")).clear();
        browser.findElement(By.id("amount")).sendKeys("nope");
        browser.findElement(By.id("pay-button")).click();
        await(browser, 15, ExpectedConditions.presenceOfElementLocated(By.id("error-summary")));
        auditShown("the sandbox bank app with a field to fix", null);
    }

    @Test
    void theSandboxQrisAppPasses() {
        audit("pg/sandbox/qris-app", "the sandbox QRIS app");
    }

    @Test
    void theSandboxWalletAndWhatItDidPass() {
        String reference = new Db(dataSource).value("SELECT provider_reference FROM payment WHERE payment_code = ?",
                chosen("SHOPEEPAY", null));
        audit("pg/sandbox/wallet/" + reference, "the sandbox wallet");
        ChromeDriver browser = open("pg/sandbox/wallet/" + reference);
        browser.findElement(By.id("pin")).sendKeys("123456");
        browser.findElement(By.id("approve-button")).click();
        await(browser, 15, ExpectedConditions.attributeToBe(By.tagName("body"), "data-page", "paid"));
        auditShown("the sandbox wallet's payment", null);
    }

    @Test
    void theSandboxCashierPasses() {
        String storeCode = charge(chosen("INDOMARET", null));
        audit("pg/sandbox/cashier?store=INDOMARET&paymentCode=" + storeCode, "the sandbox cashier");
    }

    /** Waits for {@code condition}; a page replaced while it is read (a form posted, a reload) is read again. */
    private static void await(ChromeDriver browser, int seconds, ExpectedCondition<?> condition) {
        PageWait.until(browser, Duration.ofSeconds(seconds), condition);
    }

    /** What the page's clipboard holds now. */
    private static String clipboard(ChromeDriver browser) {
        Object text = browser.executeAsyncScript("var done = arguments[arguments.length - 1];"
                + "navigator.clipboard.readText().then(done, function (e) { done('refused: ' + e); });");
        return String.valueOf(text);
    }

    /** A payment (with {@code backUrl} when given) whose customer chose {@code type} on the page; its code. */
    private static String chosen(String type, String backUrl) {
        var body = Requests.minimal(Requests.orderId());
        if (backUrl != null) {
            Requests.with(body, "url.backUrl", backUrl);
        }
        String code = PaymentApi.initiate(body).then().statusCode(200).extract().path("paymentCode");
        Methods.choose(code, type).then().statusCode(303);
        return code;
    }

    private String charge(String code) {
        return new Db(dataSource).value("SELECT c.pay_code FROM payment_charge c JOIN payment p ON p.id = c.payment_id "
                + "AND c.reference = p.provider_reference WHERE p.payment_code = ?", code);
    }

    /** The page at {@code path} at 360 px and 1280 px in English, then in Indonesian. */
    private void audit(String path, String what) {
        open(path);
        auditShown(what, path);
    }

    private ChromeDriver open(String path) {
        ChromeDriver browser = chromium.driver();
        chromium.viewport(360, 780, true);
        browser.get(root + path);
        return browser;
    }

    private String view() {
        return chromium.driver().findElement(By.tagName("body")).getAttribute("data-view");
    }

    /** The page shown at 360 px and 1280 px; with {@code path}, that page again in Indonesian at both. */
    private void auditShown(String what, String path) {
        ChromeDriver browser = chromium.driver();
        chromium.viewport(360, 780, true);
        axe.assertNoViolations(browser, what + " at 360 px");
        Axe.assertNoSidewaysScroll(browser, what + " at 360 px");
        VisibleForms.assertOneSubmitPerAction(browser, what + " at 360 px");
        chromium.screenshot("audit " + what + " 360");
        chromium.viewport(1280, 900, false);
        axe.assertNoViolations(browser, what + " at 1280 px");
        Axe.assertNoSidewaysScroll(browser, what + " at 1280 px");
        chromium.screenshot("audit " + what + " 1280");
        chromium.viewport(360, 780, true);
        if (path != null) {
            browser.get(root + path + (path.contains("?") ? "&" : "?") + "lang=id");
            assertEquals("id", browser.findElement(By.tagName("html")).getAttribute("lang"));
            axe.assertNoViolations(browser, what + " in Indonesian at 360 px");
            Axe.assertNoSidewaysScroll(browser, what + " in Indonesian at 360 px");
            VisibleForms.assertOneSubmitPerAction(browser, what + " in Indonesian at 360 px");
            chromium.screenshot("audit " + what + " id 360");
            chromium.viewport(1280, 900, false);
            axe.assertNoViolations(browser, what + " in Indonesian at 1280 px");
            Axe.assertNoSidewaysScroll(browser, what + " in Indonesian at 1280 px");
            chromium.viewport(360, 780, true);
        }
    }
}

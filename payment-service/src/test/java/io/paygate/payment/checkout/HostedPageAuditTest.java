package io.paygate.payment.checkout;

import io.agroal.api.AgroalDataSource;
import io.paygate.kit.auth.Merchants;
import io.paygate.model.json.Json;
import io.paygate.model.merchant.MerchantState;
import io.paygate.model.merchant.MerchantStatus;
import io.paygate.payment.support.Db;
import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.payment.support.RegistryMerchants;
import io.paygate.payment.support.Requests;
import io.paygate.payment.support.StoredCardApi;
import io.paygate.testsupport.kafka.RegistryRecords;
import io.paygate.testsupport.web.Axe;
import io.paygate.testsupport.web.Chromium;
import io.paygate.testsupport.web.PageWait;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.chrome.ChromeDriver;

import java.net.URL;
import java.time.Year;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The hosted page's every view audited by axe-core in Debian's Chromium (docs/contract.md §2): no violation at any impact
 * level on a 360 px phone and a 1280 px desktop, in English and in Bahasa Indonesia, no sideways scroll, and on the
 * phone each shown form's actions once (one pay button per form, {@link VisibleForms}). One
 * browser for the class; skipped where Chromium or axe-core is missing outside CI, an error in CI.
 */
@QuarkusTest
@PaymentTestResources
class HostedPageAuditTest {

    static final String RETURN_URL = "https://merchant.example.com/orders/return";

    static Axe axe;
    static Chromium chromium;

    @TestHTTPResource("/pg/pay/")
    URL pages;
    @Inject
    AgroalDataSource dataSource;
    @Inject
    Merchants merchants;
    Db db;

    @BeforeAll
    static void openBrowser() {
        axe = Axe.load();
        chromium = Chromium.start();
    }

    @AfterAll
    static void closeBrowser() {
        if (chromium != null) {
            chromium.close();
        }
    }

    @BeforeEach
    void db() {
        db = new Db(dataSource);
    }

    @AfterEach
    void forget() {
        chromium.forget();
    }

    @Test
    void thePayViewWithItsCardFormPasses() {
        audit(PaymentApi.newPayment(Requests.orderId()), "pay", "the pay view");
    }

    @Test
    void theCardFormOfferingToSaveTheCardPasses() {
        String code = PaymentApi.initiate(StoredCardApi.offeringToStore(Requests.orderId(), "CUST-AUDIT")).then()
                .statusCode(200).extract().path("paymentCode");
        audit(code, "pay", "the pay view offering to save the card");
    }

    @Test
    void theCardFormWithWhatToFixPasses() {
        String code = PaymentApi.newPayment(Requests.orderId());
        ChromeDriver browser = open(code, "pay");
        browser.findElement(By.id("cardNumber")).sendKeys("4111 1111 1111 1112");
        browser.findElement(By.id("expiryMonth")).sendKeys("13");
        browser.findElement(By.id("expiryYear")).sendKeys(String.valueOf(Year.now().getValue() + 2));
        browser.findElement(By.id("pay-button")).click();
        PageWait.until(browser, java.time.Duration.ofSeconds(15),
                d -> !d.findElements(By.id("error-summary")).isEmpty());
        auditShown("the refused card form");
    }

    @Test
    void theChallengeViewPasses() {
        String code = PaymentApi.newPayment(Requests.orderId());
        PaymentApi.payByCard(code, "4000000000003220").then().statusCode(303);
        audit(code, "challenge", "the 3-D Secure view");
    }

    @Test
    void theProcessingViewPasses() {
        String code = PaymentApi.newPayment(Requests.orderId());
        db.update("UPDATE payment SET status = 'PROCESSING' WHERE payment_code = ?", code);
        audit(code, "processing", "the processing view");
    }

    @Test
    void theCapturedViewWithItsCountdownPasses() {
        audit(paid("4111111111111111", "CAPTURED"), "captured", "the captured view");
    }

    @Test
    void theFailedViewWithItsCountdownPasses() {
        audit(paid("4000000000000002", "FAILED"), "failed", "the failed view");
    }

    @Test
    void theExpiredViewPasses() {
        String code = PaymentApi.initiate(Requests.with(Requests.minimal(Requests.orderId()), "url.returnUrl", RETURN_URL))
                .then().statusCode(200).extract().path("paymentCode");
        db.expireLink(code);
        audit(code, "expired", "the expired view");
    }

    @Test
    void theSuspendedViewPasses() {
        String id = "audit-" + java.util.UUID.randomUUID().toString().substring(0, 8);
        MerchantState active = RegistryRecords.active(id, 1, id + "-secret");
        RegistryMerchants.publish(merchants, active);
        String code = RegistryMerchants.as(id, id + "-secret").body(Json.write(Requests.minimal(Requests.orderId())))
                .post("/pg/payment/card/initiate").then().statusCode(200).extract().path("paymentCode");
        RegistryMerchants.publish(merchants, RegistryRecords.withStatus(active, MerchantStatus.SUSPENDED, 2));
        audit(code, "suspended", "the suspended view");
    }

    @Test
    void theNotFoundViewPasses() {
        audit("PC0000000000000000", null, "the not-found page");
    }

    /** A payment with a return URL, paid with {@code card} until the merchant sees {@code status}. */
    private static String paid(String card, String status) {
        String orderId = Requests.orderId();
        String code = PaymentApi.initiate(Requests.with(Requests.minimal(orderId), "url.returnUrl", RETURN_URL))
                .then().statusCode(200).extract().path("paymentCode");
        PaymentApi.payByCard(code, card).then().statusCode(303);
        PaymentApi.awaitStatus(orderId, status);
        return code;
    }

    /** The page of {@code code} in English at 360 px and 1280 px, then in Indonesian at both. */
    private void audit(String code, String view, String what) {
        open(code, view);
        auditShown(what);
        chromium.driver().get(pages + code + "?lang=id");
        assertEquals("id", chromium.driver().findElement(By.tagName("html")).getAttribute("lang"));
        chromium.viewport(360, 780, true);
        axe.assertNoViolations(chromium.driver(), what + " in Indonesian at 360 px");
        Axe.assertNoSidewaysScroll(chromium.driver(), what + " in Indonesian at 360 px");
        VisibleForms.assertOneSubmitPerAction(chromium.driver(), what + " in Indonesian at 360 px");
        chromium.screenshot("audit " + what + " id 360");
        chromium.viewport(1280, 900, false);
        axe.assertNoViolations(chromium.driver(), what + " in Indonesian at 1280 px");
        Axe.assertNoSidewaysScroll(chromium.driver(), what + " in Indonesian at 1280 px");
        chromium.viewport(360, 780, true);
    }

    private ChromeDriver open(String code, String view) {
        ChromeDriver browser = chromium.driver();
        chromium.viewport(360, 780, true);
        browser.get(pages + code);
        if (view != null) {
            assertEquals(view, browser.findElement(By.tagName("body")).getAttribute("data-view"));
        }
        return browser;
    }

    /** The page shown, at 360 px (as it is) and at 1280 px. */
    private void auditShown(String what) {
        ChromeDriver browser = chromium.driver();
        chromium.viewport(360, 780, true);
        axe.assertNoViolations(browser, what + " at 360 px");
        Axe.assertNoSidewaysScroll(browser, what + " at 360 px");
        VisibleForms.assertOneSubmitPerAction(browser, what + " at 360 px");
        chromium.screenshot("audit " + what + " 360");
        // A result counts down to the shop: stop it, as a customer may, before the page leaves mid-audit.
        browser.findElements(By.id("stay-button")).stream().filter(b -> b.isDisplayed()).forEach(b -> b.click());
        chromium.viewport(1280, 900, false);
        axe.assertNoViolations(browser, what + " at 1280 px");
        Axe.assertNoSidewaysScroll(browser, what + " at 1280 px");
        chromium.screenshot("audit " + what + " 1280");
        chromium.viewport(360, 780, true);
    }
}

package io.paygate.payment.link;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.agroal.api.AgroalDataSource;
import io.paygate.kit.auth.Merchants;
import io.paygate.model.event.Topics;
import io.paygate.model.json.Json;
import io.paygate.model.merchant.MerchantState;
import io.paygate.model.merchant.MerchantStatus;
import io.paygate.payment.support.Db;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.payment.support.RegistryMerchants;
import io.paygate.testsupport.kafka.RegistryRecords;
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
import org.openqa.selenium.support.ui.ExpectedConditions;

import java.net.URL;
import java.time.Duration;
import java.util.UUID;

import static io.paygate.payment.link.LinkPageForms.paymentOf;
import static io.paygate.payment.link.LinkPageForms.post;
import static io.paygate.payment.support.Requests.with;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The payment link's page in Debian's Chromium (docs/contract.md §11, §2's page rules): every view audited by axe-core
 * with no violation at 360 px and 1280 px, in English and in Bahasa Indonesia, never scrolling sideways; and a customer
 * who fills the form wrong, reads what to fix in place, fixes it and lands on the new payment's hosted page in the
 * language chosen on the link page. One browser for the class; skipped where Chromium or axe-core is missing outside
 * CI, an error in CI.
 */
@QuarkusTest
@PaymentTestResources
class LinkPageBrowserTest {

    static Axe axe;
    static Chromium chromium;

    @TestHTTPResource("/pg/link/")
    URL pages;
    @Inject
    AgroalDataSource dataSource;
    @Inject
    Merchants merchants;

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
    void theFormPasses() {
        audit(Links.created(Links.minimal(Links.linkId())), "form", "the link form");
    }

    @Test
    void aCustomerFixesTheFormInPlaceAndGoesOnToThePaymentPageInTheLanguageChosen() {
        String code = Links.created(LinkPageTest.range(Links.linkId()));
        ChromeDriver browser = chromium.driver();
        chromium.viewport(360, 780, true);
        browser.get(pages + code + "?lang=id");
        assertEquals("id", browser.findElement(By.tagName("html")).getAttribute("lang"));
        browser.findElement(By.id("amount")).sendKeys("5.000");
        browser.findElement(By.id("name")).sendKeys("Budi Santoso");
        PageWait.navigating(browser, Duration.ofSeconds(15), () -> browser.findElement(By.id("continue-button")).click(),
                ExpectedConditions.visibilityOfElementLocated(By.id("error-summary")), "the refused form");
        assertEquals("Masukkan jumlah dari Rp 10.000 sampai Rp 500.000.",
                browser.findElement(By.id("amount-error")).getText());
        assertEquals("Masukkan email atau nomor ponsel Anda.", browser.findElement(By.id("email-error")).getText());
        assertEquals("Budi Santoso", browser.findElement(By.id("name")).getAttribute("value"));
        auditShown("the refused link form in Indonesian");

        browser.findElement(By.id("amount")).clear();
        browser.findElement(By.id("amount")).sendKeys("25.000");
        browser.findElement(By.id("phone")).sendKeys("0812-3456-7890");
        PageWait.navigating(browser, Duration.ofSeconds(15), () -> browser.findElement(By.id("continue-button")).click(),
                ExpectedConditions.attributeToBe(By.tagName("body"), "data-view", "pay"), "the payment page");
        assertTrue(browser.getCurrentUrl().contains("/pg/pay/"), browser.getCurrentUrl());
        assertEquals("id", browser.findElement(By.tagName("html")).getAttribute("lang"));
        assertTrue(browser.findElement(By.id("amount")).getText().contains("Rp 25.000"));
        chromium.screenshot("link to payment page id 360");
    }

    @Test
    void theBusyViewPasses() {
        String code = Links.created(with(Links.minimal(Links.linkId()), "link.usageLimit",
                JsonNodeFactory.instance.numberNode(1)));
        paymentOf(post(code, "name", "Budi", "email", "budi@example.com"));
        audit(code, "busy", "the busy view");
    }

    @Test
    void theExpiredViewPasses() {
        String id = Links.linkId();
        String code = Links.created(Links.minimal(id));
        new Db(dataSource).update("UPDATE payment_link SET expires_at = now() - interval '1 second' WHERE link_id = ?",
                id);
        audit(code, "expired", "the expired link view");
    }

    @Test
    void theSuspendedViewPasses() {
        String merchant = "lb-" + UUID.randomUUID().toString().substring(0, 8);
        MerchantState active = RegistryRecords.active(merchant, 1, merchant + "-secret");
        RegistryMerchants.publish(merchants, active);
        String code = RegistryMerchants.as(merchant, merchant + "-secret").body(Json.write(Links.minimal(Links.linkId())))
                .post("/pg/payment-links").then().statusCode(200).extract().path("linkCode");
        RegistryMerchants.publish(merchants, RegistryRecords.withStatus(active, MerchantStatus.SUSPENDED, 2));
        audit(code, "suspended", "the suspended link view");
    }

    @Test
    void theNotFoundViewPasses() {
        audit("PL0000000000000000", "notfound", "the unknown link view");
    }

    /** The page of {@code code} in English, then in Indonesian, each at 360 px and 1280 px. */
    private void audit(String code, String view, String what) {
        ChromeDriver browser = chromium.driver();
        chromium.viewport(360, 780, true);
        browser.get(pages + code + "?lang=en");
        assertEquals(view, browser.findElement(By.tagName("body")).getAttribute("data-view"));
        auditShown(what);
        browser.get(pages + code + "?lang=id");
        assertEquals("id", browser.findElement(By.tagName("html")).getAttribute("lang"));
        auditShown(what + " in Indonesian");
    }

    private void auditShown(String what) {
        ChromeDriver browser = chromium.driver();
        chromium.viewport(360, 780, true);
        axe.assertNoViolations(browser, what + " at 360 px");
        Axe.assertNoSidewaysScroll(browser, what + " at 360 px");
        chromium.screenshot("link " + what + " 360");
        chromium.viewport(1280, 900, false);
        axe.assertNoViolations(browser, what + " at 1280 px");
        Axe.assertNoSidewaysScroll(browser, what + " at 1280 px");
        chromium.screenshot("link " + what + " 1280");
        chromium.viewport(360, 780, true);
    }
}

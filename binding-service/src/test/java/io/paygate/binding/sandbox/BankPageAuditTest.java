package io.paygate.binding.sandbox;

import io.agroal.api.AgroalDataSource;
import io.paygate.binding.support.BindingFixtures;
import io.paygate.binding.support.BindingTestResources;
import io.paygate.kit.auth.Merchants;
import io.paygate.model.merchant.MerchantState;
import io.paygate.model.merchant.MerchantStatus;
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
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;

import java.net.URL;
import java.time.Duration;
import java.util.UUID;

import static io.paygate.binding.support.BindingFixtures.newCustomerId;
import static io.paygate.binding.support.BindingFixtures.newPendingBinding;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The sandbox bank page audited by axe-core in Debian's Chromium (docs/contract.md §2): no violation at any impact level on
 * a 360 px phone and a 1280 px desktop, in English and in Bahasa Indonesia, and no sideways scroll. One browser for
 * the class; skipped where Chromium or axe-core is missing outside CI, an error in CI.
 */
@QuarkusTest
@BindingTestResources
class BankPageAuditTest {

    static Axe axe;
    static Chromium chromium;

    @TestHTTPResource("/pg/bind/")
    URL pages;
    @Inject
    AgroalDataSource dataSource;
    @Inject
    Merchants merchants;

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

    @AfterEach
    void forget() {
        chromium.forget();
    }

    @Test
    void thePendingPageWithItsCodeFormPasses() {
        audit(newPendingBinding(newCustomerId()), "PENDING", "the bank page");
    }

    @Test
    void aWrongCodeAndThenTheApprovalPass() {
        String id = newPendingBinding(newCustomerId());
        submit(id, "000000");
        assertEquals("true", chromium.driver().findElement(By.id("otp")).getAttribute("aria-invalid"));
        auditShown("the bank page after a wrong code");
        submit(id, "123456");
        PageWait.until(chromium.driver(), Duration.ofSeconds(15),
                ExpectedConditions.attributeToBe(By.tagName("body"), "data-state", "ACTIVE"));
        auditShown("the approved bank page");
    }

    @Test
    void theFailedPagePasses() {
        String id = newPendingBinding(newCustomerId());
        for (int i = 0; i < 3; i++) {
            submit(id, "00000" + i);
        }
        audit(id, "FAILED", "the failed bank page");
    }

    @Test
    void theExpiredPagePasses() throws Exception {
        String id = newPendingBinding(newCustomerId());
        try (var c = dataSource.getConnection();
             var s = c.prepareStatement("UPDATE binding SET expires_at = now() - interval '1 minute' WHERE id = ?")) {
            s.setString(1, id);
            assertEquals(1, s.executeUpdate());
        }
        audit(id, "FAILED", "the expired bank page");
    }

    @Test
    void theSuspendedPagePasses() {
        String id = "audit-" + UUID.randomUUID().toString().substring(0, 8);
        MerchantState active = RegistryRecords.active(id, 1, id + "-secret");
        BindingFixtures.publish(merchants, active);
        String binding = BindingFixtures.newPendingBinding(id, id + "-secret");
        BindingFixtures.publish(merchants, RegistryRecords.withStatus(active, MerchantStatus.SUSPENDED, 2));
        audit(binding, "SUSPENDED", "the bank's suspended page");
    }

    @Test
    void theNotFoundPagePasses() {
        audit("bnd_DOES_NOT_EXIST", "UNKNOWN", "the bank's not-found page");
    }

    private void submit(String id, String otp) {
        ChromeDriver browser = chromium.driver();
        if (!browser.getCurrentUrl().startsWith(pages + id)) {
            browser.get(pages + id);
        }
        browser.findElement(By.id("otp")).clear();
        browser.findElement(By.id("otp")).sendKeys(otp);
        // After a wrong code the page being left is already at a "result=" address: wait for the reply's page.
        PageWait.navigating(browser, Duration.ofSeconds(15), () -> browser.findElement(By.id("approve-button")).click(),
                ExpectedConditions.urlContains("result="), "the bank's reply to the code");
    }

    /** The page of {@code id} in English at 360 px and 1280 px, then in Indonesian at 360 px. */
    private void audit(String id, String state, String what) {
        chromium.viewport(360, 780, true);
        chromium.driver().get(pages + id);
        assertEquals(state, chromium.driver().findElement(By.tagName("body")).getAttribute("data-state"));
        auditShown(what);
        chromium.driver().get(pages + id + "?lang=id");
        assertEquals("id", chromium.driver().findElement(By.tagName("html")).getAttribute("lang"));
        axe.assertNoViolations(chromium.driver(), what + " in Indonesian at 360 px");
        Axe.assertNoSidewaysScroll(chromium.driver(), what + " in Indonesian at 360 px");
        chromium.screenshot("audit " + what + " id 360");
    }

    /** The page shown, at 360 px and at 1280 px. */
    private void auditShown(String what) {
        ChromeDriver browser = chromium.driver();
        chromium.viewport(360, 780, true);
        axe.assertNoViolations(browser, what + " at 360 px");
        Axe.assertNoSidewaysScroll(browser, what + " at 360 px");
        chromium.screenshot("audit " + what + " 360");
        chromium.viewport(1280, 900, false);
        axe.assertNoViolations(browser, what + " at 1280 px");
        Axe.assertNoSidewaysScroll(browser, what + " at 1280 px");
        chromium.screenshot("audit " + what + " 1280");
        chromium.viewport(360, 780, true);
    }
}

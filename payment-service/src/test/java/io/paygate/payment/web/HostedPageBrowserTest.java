package io.paygate.payment.web;

import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.payment.support.Requests;
import io.paygate.testsupport.web.Chromium;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.time.Duration;
import java.time.Year;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The hosted page in a real browser: test-support's {@link Chromium} (Debian's headless Chromium; skipped, saying
 * why, where it is missing outside CI; CI installs it, so there it always runs). One browser for the class.
 */
@QuarkusTest
@PaymentTestResources
class HostedPageBrowserTest {

    static Chromium chromium;
    static WebDriver browser;

    @BeforeAll
    static void openBrowser() {
        chromium = Chromium.start();
        browser = chromium.driver();
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
        chromium.acceptLanguage("en-US,en");
    }

    @Test
    void customerPaysByCardOnThePhoneSizedPageAndSeesTheSuccessView() {
        String orderId = Requests.orderId();
        String redirectUrl = PaymentApi.initiate(Requests.minimal(orderId)).then().statusCode(200)
                .extract().path("redirecturl");

        browser.get(redirectUrl);
        assertEquals("Complete your payment · Demo Store", browser.getTitle());
        assertEquals("Rp 150.000", browser.findElement(By.id("amount")).getText());
        // The form is labelled: every field is reachable by its label.
        for (String field : new String[]{"cardNumber", "expiryMonth", "expiryYear", "cvv", "cardholderName"}) {
            WebElement label = browser.findElement(By.cssSelector("label[for='" + field + "']"));
            assertTrue(label.isDisplayed(), field + " has a visible label");
        }
        screenshot("pay");
        fillCard("4111 1111 1111 1111");

        // The processing view turns into the result by itself.
        new WebDriverWait(browser, Duration.ofSeconds(30)).until(
                ExpectedConditions.attributeToBe(By.tagName("body"), "data-view", "captured"));
        assertEquals("Payment successful", browser.findElement(By.id("title")).getText());
        screenshot("captured");
        assertTrue(browser.getPageSource().contains("411111******1111"));
        assertEquals("CAPTURED", PaymentApi.statusOf(orderId));
    }

    @Test
    void customerWithATypoSeesWhatToFixAndIsNotCharged() {
        String orderId = Requests.orderId();
        String redirectUrl = PaymentApi.initiate(Requests.minimal(orderId)).then().statusCode(200)
                .extract().path("redirecturl");
        browser.get(redirectUrl);
        fillCard("4111 1111 1111 1112");

        WebElement error = new WebDriverWait(browser, Duration.ofSeconds(15))
                .until(ExpectedConditions.visibilityOfElementLocated(By.id("cardNumber-error")));
        assertEquals("Enter a valid card number.", error.getText());
        assertEquals("true", browser.findElement(By.id("cardNumber")).getAttribute("aria-invalid"));
        assertEquals("", browser.findElement(By.id("cardNumber")).getAttribute("value"), "the number is not echoed");
        assertEquals("Budi Santoso", browser.findElement(By.id("cardholderName")).getAttribute("value"));
        screenshot("refused");
        assertEquals("PENDING", PaymentApi.statusOf(orderId));
    }

    @Test
    void anIndonesianBrowserReadsThePageInIndonesianAndTheSwitchHoldsThroughTheForm() {
        chromium.acceptLanguage("id-ID,id,en-US");
        String redirectUrl = PaymentApi.initiate(Requests.minimal(Requests.orderId())).then().statusCode(200)
                .extract().path("redirecturl");
        browser.get(redirectUrl);
        assertEquals("id", browser.findElement(By.tagName("html")).getAttribute("lang"));
        assertEquals("Selesaikan pembayaran Anda · Demo Store", browser.getTitle());
        assertEquals("Rp 150.000", browser.findElement(By.id("amount")).getText());
        String expiresAt = browser.findElement(By.id("expires-at")).getText();
        assertTrue(expiresAt.matches("Bayar sebelum \\d{1,2} (Jan|Feb|Mar|Apr|Mei|Jun|Jul|Agu|Sep|Okt|Nov|Des) \\d{4}, "
                + "\\d{2}:\\d{2} WIB"), expiresAt);
        assertEquals("Nomor kartu", browser.findElement(By.cssSelector("label[for='cardNumber']")).getText());
        screenshot("pay-id");

        // To English by the switch; the refused form that follows stays English though the browser prefers Indonesian.
        browser.findElement(By.id("lang-en")).click();
        new WebDriverWait(browser, Duration.ofSeconds(15)).until(
                ExpectedConditions.attributeToBe(By.tagName("html"), "lang", "en"));
        assertEquals("Complete your payment · Demo Store", browser.getTitle());
        fillCard("4111 1111 1111 1112");
        WebElement error = new WebDriverWait(browser, Duration.ofSeconds(15))
                .until(ExpectedConditions.visibilityOfElementLocated(By.id("cardNumber-error")));
        assertEquals("Enter a valid card number.", error.getText());

        // And back: the refusal's page switches too, at the page's own address.
        browser.findElement(By.id("lang-id")).click();
        new WebDriverWait(browser, Duration.ofSeconds(15)).until(
                ExpectedConditions.attributeToBe(By.tagName("html"), "lang", "id"));
        assertTrue(browser.getCurrentUrl().endsWith(redirectUrl.substring(redirectUrl.indexOf("/pg/pay/")) + "?lang=id"),
                browser.getCurrentUrl());
        assertFalse(browser.getPageSource().contains("Complete your payment"));
    }

    private static void fillCard(String number) {
        browser.findElement(By.id("cardNumber")).sendKeys(number);
        browser.findElement(By.id("expiryMonth")).sendKeys("12");
        browser.findElement(By.id("expiryYear")).sendKeys(String.valueOf(Year.now().getValue() + 2));
        browser.findElement(By.id("cvv")).sendKeys("123");
        browser.findElement(By.id("cardholderName")).sendKeys("Budi Santoso");
        browser.findElement(By.id("pay-button")).click();
    }

    private static void screenshot(String name) {
        chromium.screenshot(name);
    }
}

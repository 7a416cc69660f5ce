package io.paygate.payment.checkout;

import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.payment.support.Requests;
import io.paygate.payment.support.StoredCardApi;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.web.Chromium;
import io.paygate.testsupport.web.PageWait;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Year;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
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
        chromium.windowViewport();
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
        PageWait.until(browser, Duration.ofSeconds(30),
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

        WebElement error = PageWait.until(browser, Duration.ofSeconds(15),
                ExpectedConditions.visibilityOfElementLocated(By.id("cardNumber-error")));
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
        PageWait.until(browser, Duration.ofSeconds(15),
                ExpectedConditions.attributeToBe(By.tagName("html"), "lang", "en"));
        assertEquals("Complete your payment · Demo Store", browser.getTitle());
        fillCard("4111 1111 1111 1112");
        WebElement error = PageWait.until(browser, Duration.ofSeconds(15),
                ExpectedConditions.visibilityOfElementLocated(By.id("cardNumber-error")));
        assertEquals("Enter a valid card number.", error.getText());

        // And back: the refusal's page switches too, at the page's own address.
        browser.findElement(By.id("lang-id")).click();
        PageWait.until(browser, Duration.ofSeconds(15),
                ExpectedConditions.attributeToBe(By.tagName("html"), "lang", "id"));
        assertTrue(browser.getCurrentUrl().endsWith(redirectUrl.substring(redirectUrl.indexOf("/pg/pay/")) + "?lang=id"),
                browser.getCurrentUrl());
        assertFalse(browser.getPageSource().contains("Complete your payment"));
    }

    @Test
    void eachMethodIsNamedByItsBrandAndTheCardFormNamesItsNetworksByTheirMarks() {
        String redirectUrl = PaymentApi.initiate(Requests.minimal(Requests.orderId())).then().statusCode(200)
                .extract().path("redirecturl");
        chromium.viewport(360, 780, true);
        browser.get(redirectUrl);
        Map<String, String> names = Map.ofEntries(Map.entry("QRIS", "QRIS"), Map.entry("GOPAY", "GoPay"),
                Map.entry("SHOPEEPAY", "ShopeePay"), Map.entry("DANA", "DANA"), Map.entry("LINKAJA", "LinkAja"),
                Map.entry("VA_BCA", "BCA"), Map.entry("VA_BNI", "BNI"), Map.entry("VA_BRI", "BRI"),
                Map.entry("VA_MANDIRI", "Mandiri"), Map.entry("VA_PERMATA", "Permata"),
                Map.entry("VA_CIMB", "CIMB Niaga"), Map.entry("ALFAMART", "Alfamart"),
                Map.entry("INDOMARET", "Indomaret"));
        names.forEach((type, name) -> {
            WebElement button = browser.findElement(By.id("method-" + type));
            assertEquals(name, button.getAccessibleName(), type);
            assertTrue(button.findElement(By.className("mark")).isDisplayed(), type + "'s badge shows");
        });
        assertEquals("Cards accepted", browser.findElement(By.id("card-networks")).getAccessibleName());
        List<WebElement> marks = browser.findElements(By.cssSelector("#card-networks img"));
        assertEquals(List.of("Visa", "Mastercard", "JCB", "American Express"),
                marks.stream().map(WebElement::getAccessibleName).toList());
        for (WebElement mark : marks) {
            assertTrue(drawn(mark), mark.getAttribute("src") + " loads under the page's CSP");
            assertEquals(44, mark.getRect().getWidth(), "sized for a phone");
        }
        assertBadgesFitTheirButtons("the pay view");
        fullPage("marks-pay");

        browser.findElement(By.id("method-VA_BCA")).click();
        PageWait.until(browser, Duration.ofSeconds(15),
                ExpectedConditions.attributeToBe(By.tagName("body"), "data-view", "instructions"));
        assertEquals("Pay with BCA Virtual Account", browser.findElement(By.id("title")).getAccessibleName());
        assertEquals("true", browser.findElement(By.className("method-mark")).getAttribute("aria-hidden"),
                "the title names the bank: its badge is decoration");
        browser.findElement(By.cssSelector("#other-methods > summary")).click();
        WebElement card = browser.findElement(By.id("method-CARD"));
        assertEquals("Card", card.getAccessibleName(), "the card choice's marks decorate its name");
        for (WebElement mark : card.findElements(By.tagName("img"))) {
            assertTrue(drawn(mark), mark.getAttribute("src"));
            assertEquals("", mark.getAttribute("alt"));
        }
        assertBadgesFitTheirButtons("the other methods beside the instructions");
        fullPage("marks-instructions");
    }

    @Test
    void customerSavesTheCardInEnglishWithTheBoxTheMerchantTicked() {
        String customer = "CUST-" + java.util.UUID.randomUUID().toString().substring(0, 12);
        String orderId = Requests.orderId();
        String redirectUrl = PaymentApi.initiate(StoredCardApi.offeringToStore(orderId, customer)).then()
                .statusCode(200).extract().path("redirecturl");
        browser.get(redirectUrl);
        WebElement box = browser.findElement(By.id("saveCard"));
        assertTrue(box.isSelected(), "ticked as the merchant asked");
        assertEquals("Save this card for my next payments", box.getAccessibleName());
        assertTrue(browser.findElement(By.id("saveCard-hint")).isDisplayed(), "what is kept is said");
        screenshot("save-card-en");
        fillCard("4111 1111 1111 1111");
        PageWait.until(browser, Duration.ofSeconds(30),
                ExpectedConditions.attributeToBe(By.tagName("body"), "data-view", "captured"));
        StoredCardApi.list(SandboxMerchants.DEMO, customer).then().statusCode(200)
                .body("cards.mask", org.hamcrest.Matchers.contains("411111******1111"));
    }

    @Test
    void customerSavesTheCardInIndonesianAndTheBoxKeepsItsChoiceThroughARefusedForm() {
        chromium.acceptLanguage("id-ID,id,en-US");
        String customer = "CUST-" + java.util.UUID.randomUUID().toString().substring(0, 12);
        String orderId = Requests.orderId();
        String redirectUrl = PaymentApi.initiate(StoredCardApi.offeringToStore(orderId, customer)).then()
                .statusCode(200).extract().path("redirecturl");
        browser.get(redirectUrl);
        WebElement box = browser.findElement(By.id("saveCard"));
        assertEquals("Simpan kartu ini untuk pembayaran berikutnya", box.getAccessibleName());
        box.click(); // unticked: a refused form must not tick it again behind the customer's back
        fillCard("4111 1111 1111 1112");
        PageWait.until(browser, Duration.ofSeconds(15),
                ExpectedConditions.visibilityOfElementLocated(By.id("cardNumber-error")));
        assertFalse(browser.findElement(By.id("saveCard")).isSelected(), "the customer's choice holds");
        browser.findElement(By.id("saveCard")).click(); // and ticked again: saved
        browser.findElement(By.id("cardNumber")).sendKeys("5555 5555 5555 4444");
        browser.findElement(By.id("cvv")).sendKeys("123");
        screenshot("save-card-id");
        browser.findElement(By.id("pay-button")).click();
        PageWait.until(browser, Duration.ofSeconds(30),
                ExpectedConditions.attributeToBe(By.tagName("body"), "data-view", "captured"));
        StoredCardApi.list(SandboxMerchants.DEMO, customer).then().statusCode(200)
                .body("cards.mask", org.hamcrest.Matchers.contains("555555******4444"));
    }

    @Test
    void theOneSubmitPerFormCheckSeesASecondPayButtonAndIgnoresAHiddenOne() {
        chromium.viewport(360, 780, true);
        browser.get("data:text/html,<form id='card-form'><button>Pay</button><button type='submit'>Pay</button>"
                + "</form>");
        AssertionError twice = assertThrows(AssertionError.class,
                () -> VisibleForms.assertOneSubmitPerAction(browser, "two pay buttons"));
        assertTrue(twice.getMessage().contains("card-form shows twice"), twice.getMessage());
        browser.get("data:text/html,<form id='card-form'><button>Pay</button><div hidden><button>Pay</button></div>"
                + "</form><form id='m'><button name='type' value='A'>A</button><button name='type' value='B'>B</button>"
                + "</form>");
        VisibleForms.assertOneSubmitPerAction(browser, "one shown, one hidden; two different choices");
        browser.get("data:text/html,<form id='otp-form'><input name='otp'></form>");
        assertThrows(AssertionError.class, () -> VisibleForms.assertOneSubmitPerAction(browser, "no button"));
    }

    /** Every method button shown holds its badge and marks whole, on one line each, at the phone's width. */
    private static void assertBadgesFitTheirButtons(String what) {
        Object problems = ((JavascriptExecutor) browser).executeScript("""
                var out = [];
                document.querySelectorAll('.methods button').forEach(function (b) {
                  if (b.getClientRects().length === 0) { return; }
                  var box = b.getBoundingClientRect();
                  b.querySelectorAll('.mark, .networks-mini').forEach(function (m) {
                    var r = m.getBoundingClientRect();
                    var oneLine = m.classList.contains('mark') ? 32 : 24;
                    if (r.left < box.left || r.right > box.right || m.scrollWidth > m.clientWidth + 1
                        || r.height > oneLine) {
                      out.push(b.id + ' ' + m.className + ' '
                          + JSON.stringify([r.left, r.right, box.left, box.right, r.height]));
                    }
                  });
                });
                return out;
                """);
        assertEquals(List.of(), problems, what);
    }

    /** The whole page as laid out now, for a person to look at ({@code target/screenshots/<name>.png}). */
    @SuppressWarnings("unchecked")
    private static void fullPage(String name) {
        Map<String, Object> metrics = chromium.driver().executeCdpCommand("Page.getLayoutMetrics", Map.of());
        Map<String, Object> size = (Map<String, Object>) metrics.get("cssContentSize");
        Map<String, Object> shot = chromium.driver().executeCdpCommand("Page.captureScreenshot", Map.of("format", "png",
                "captureBeyondViewport", true, "clip", Map.of("x", 0, "y", 0, "width", size.get("width"),
                        "height", size.get("height"), "scale", 1)));
        try {
            Path dir = Files.createDirectories(Path.of("target", "screenshots"));
            Files.write(dir.resolve(name + ".png"), Base64.getDecoder().decode((String) shot.get("data")));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean drawn(WebElement image) {
        Object width = ((JavascriptExecutor) browser).executeScript(
                "return arguments[0].complete ? arguments[0].naturalWidth : 0", image);
        return ((Number) width).intValue() > 0;
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

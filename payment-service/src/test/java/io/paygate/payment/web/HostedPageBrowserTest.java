package io.paygate.payment.web;

import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.Requests;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.paygate.testsupport.quarkus.PostgresResource;
import io.paygate.testsupport.quarkus.SandboxConfigResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Year;
import java.util.Comparator;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The hosted page in a real browser: Debian's headless Chromium driven through Debian's chromedriver (installed by
 * {@code deploy/ci/install-chromium.sh}; never a downloaded browser). Skipped, saying why, where they are missing
 * outside CI; CI installs them, so there it always runs.
 */
@QuarkusTest
@WithTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "payment"))
@WithTestResource(KafkaResource.class)
@WithTestResource(SandboxConfigResource.class)
class HostedPageBrowserTest {

    static final File CHROMIUM = new File("/usr/bin/chromium");
    static final File CHROMEDRIVER = new File("/usr/bin/chromedriver");

    WebDriver browser;
    Path profile;

    @BeforeEach
    void openBrowser() throws IOException {
        boolean installed = CHROMIUM.canExecute() && CHROMEDRIVER.canExecute();
        if (!installed && "true".equals(System.getenv("CI"))) {
            throw new IllegalStateException("CI must install chromium and chromium-driver (deploy/ci/install-chromium.sh)");
        }
        assumeTrue(installed, "Debian's chromium and chromium-driver are not installed: run deploy/ci/install-chromium.sh");
        profile = Files.createTempDirectory("paygate-chromium-");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM);
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                "--disable-quic", "--window-size=390,844", "--user-data-dir=" + profile);
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER)
                .usingAnyFreePort().build();
        browser = new ChromeDriver(service, options);
    }

    @AfterEach
    void closeBrowser() throws IOException {
        if (browser != null) {
            browser.quit();
        }
        if (profile != null) {
            try (Stream<Path> files = Files.walk(profile)) {
                files.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
            }
        }
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
        browser.findElement(By.id("cardNumber")).sendKeys("4111 1111 1111 1111");
        browser.findElement(By.id("expiryMonth")).sendKeys("12");
        browser.findElement(By.id("expiryYear")).sendKeys(String.valueOf(Year.now().getValue() + 2));
        browser.findElement(By.id("cvv")).sendKeys("123");
        browser.findElement(By.id("cardholderName")).sendKeys("Budi Santoso");
        browser.findElement(By.id("pay-button")).click();

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
        browser.findElement(By.id("cardNumber")).sendKeys("4111 1111 1111 1112");
        browser.findElement(By.id("expiryMonth")).sendKeys("12");
        browser.findElement(By.id("expiryYear")).sendKeys(String.valueOf(Year.now().getValue() + 2));
        browser.findElement(By.id("cvv")).sendKeys("123");
        browser.findElement(By.id("cardholderName")).sendKeys("Budi Santoso");
        browser.findElement(By.id("pay-button")).click();

        WebElement error = new WebDriverWait(browser, Duration.ofSeconds(15))
                .until(ExpectedConditions.visibilityOfElementLocated(By.id("cardNumber-error")));
        assertEquals("Enter a valid card number.", error.getText());
        assertEquals("true", browser.findElement(By.id("cardNumber")).getAttribute("aria-invalid"));
        assertEquals("", browser.findElement(By.id("cardNumber")).getAttribute("value"), "the number is not echoed");
        assertEquals("Budi Santoso", browser.findElement(By.id("cardholderName")).getAttribute("value"));
        screenshot("refused");
        assertEquals("PENDING", PaymentApi.statusOf(orderId));
    }

    /** Keeps what the customer saw in target/screenshots, for a person to look at. */
    private void screenshot(String name) {
        try {
            Path dir = Files.createDirectories(Path.of("target", "screenshots"));
            byte[] png = ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES);
            Files.write(dir.resolve(name + ".png"), png);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}

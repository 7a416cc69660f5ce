package io.paygate.e2e;

import io.paygate.testsupport.web.Axe;
import io.paygate.testsupport.web.Chromium;
import io.paygate.testsupport.web.PageWait;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.WindowType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedCondition;
import org.openqa.selenium.support.ui.ExpectedConditions;

import java.time.Duration;

/**
 * The customer's browser: test-support's {@link Chromium} (Debian's headless Chromium through Debian's chromedriver,
 * never a downloaded browser). Missing outside CI, the calling test is skipped, saying why; in CI ({@code CI=true}) a
 * missing browser is an error. One per test class: starting Chromium costs seconds on a small machine;
 * {@link #forget()} clears cookies between tests. {@link #audit(String)} runs test-support's axe-core audit on the
 * page shown.
 */
final class Browser implements AutoCloseable {

    /** Longest a page may take to reach a view (the provider decides asynchronously; the page polls every 1 s). */
    static final Duration VIEW_TIMEOUT = Duration.ofSeconds(45);

    private static Axe axe;

    private final Chromium chromium;
    private final ChromeDriver driver;

    private Browser(Chromium chromium) {
        this.chromium = chromium;
        this.driver = chromium.driver();
    }

    /** A phone-sized headless Chromium with a fresh profile. */
    static Browser start() {
        return new Browser(Chromium.start());
    }

    /**
     * Audits the page shown with axe-core at 360 px (a phone) and 1280 px: no violation of any impact, no sideways
     * scroll; then lays it out in the browser's own window again. Skipped where axe-core is missing outside CI.
     */
    void audit(String what) {
        if (axe == null) {
            axe = Axe.load();
        }
        try {
            chromium.viewport(360, 780, true);
            axe.assertNoViolations(driver, what + " at 360 px");
            Axe.assertNoSidewaysScroll(driver, what + " at 360 px");
            chromium.viewport(1280, 900, false);
            axe.assertNoViolations(driver, what + " at 1280 px");
            Axe.assertNoSidewaysScroll(driver, what + " at 1280 px");
        } finally {
            chromium.windowViewport();
        }
    }

    void open(String url) {
        driver.get(url);
    }

    void refresh() {
        driver.navigate().refresh();
    }

    String currentUrl() {
        return driver.getCurrentUrl();
    }

    String title() {
        return driver.getTitle();
    }

    String source() {
        return driver.getPageSource();
    }

    WebElement find(By by) {
        return driver.findElement(by);
    }

    WebElement byId(String id) {
        return driver.findElement(By.id(id));
    }

    String text(String id) {
        return byId(id).getText();
    }

    void type(String id, String text) {
        WebElement field = byId(id);
        field.clear();
        field.sendKeys(text);
    }

    void click(String id) {
        byId(id).click();
    }

    /**
     * Fills the hosted page's card form as the customer Budi Santoso (expiry December, two years ahead; CVV 123) with
     * {@code cardNumber}, typed as people type it, and pays (returns once clicked: what follows is the caller's to await).
     */
    void payByCard(String cardNumber) {
        type("cardNumber", cardNumber);
        type("expiryMonth", "12");
        type("expiryYear", String.valueOf(java.time.Year.now().getValue() + 2));
        type("cvv", "123");
        type("cardholderName", "Budi Santoso");
        click("pay-button");
    }

    /** The hosted page's {@code <body data-view>} (pay, challenge, processing, captured, failed, expired …). */
    String view() {
        return driver.findElement(By.tagName("body")).getAttribute("data-view");
    }

    /** Waits until the hosted page shows {@code view}; the processing view reloads itself when the payment moves. */
    void awaitView(String view) {
        await(ExpectedConditions.attributeToBe(By.tagName("body"), "data-view", view), "the " + view + " view");
    }

    void awaitVisible(By by) {
        await(ExpectedConditions.visibilityOfElementLocated(by), by.toString());
    }

    void awaitUrl(String url) {
        await(ExpectedConditions.urlToBe(url), url);
    }

    /** Waits until the browser shows a page whose address starts with {@code prefix} (e.g. another site's). */
    void awaitUrlStartingWith(String prefix) {
        await(d -> d.getCurrentUrl().startsWith(prefix), "a page at " + prefix);
    }

    /** Waits at most {@link #VIEW_TIMEOUT}; on timeout the failure says what the customer saw instead. */
    private void await(ExpectedCondition<?> condition, String what) {
        try {
            PageWait.until(driver, VIEW_TIMEOUT, condition, what);
        } catch (AssertionError e) {
            String name = "timeout-" + System.currentTimeMillis();
            screenshot(name);
            throw new AssertionError(e.getMessage() + "\n(screenshot " + name + ".png)", e);
        }
    }

    /** The HTTP status of the document now shown, as the browser received it (Navigation Timing Level 2). */
    long documentStatus() {
        Object status = ((JavascriptExecutor) driver).executeScript(
                "return performance.getEntriesByType('navigation')[0].responseStatus;");
        return ((Number) status).longValue();
    }

    /**
     * Opens {@code url} in a new tab, as a customer switches to their bank or wallet app, and returns the handle of
     * the tab left behind (whose page goes on by itself meanwhile).
     */
    String openInNewTab(String url) {
        String left = newTab();
        driver.get(url);
        return left;
    }

    /** Switches to a new empty tab; returns the handle of the tab left behind. */
    String newTab() {
        String left = driver.getWindowHandle();
        driver.switchTo().newWindow(WindowType.TAB);
        return left;
    }

    /** Closes the tab shown and goes back to {@code handle}. */
    void closeTabAndReturnTo(String handle) {
        driver.close();
        driver.switchTo().window(handle);
    }

    /**
     * The languages the tab shown asks for ({@code Accept-Language}), e.g. an Indonesian phone's {@code id-ID,id}
     * (Chromium keeps the override per tab).
     */
    void acceptLanguage(String languages) {
        chromium.acceptLanguage(languages);
    }

    /** Forgets cookies and storage between tests sharing this browser. */
    void forget() {
        driver.manage().deleteAllCookies();
    }

    /** Keeps what the customer saw in target/screenshots, for a person to look at (e.g. after a failure). */
    void screenshot(String name) {
        chromium.screenshot(name);
    }

    @Override
    public void close() {
        chromium.close();
    }
}

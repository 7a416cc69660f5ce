package io.paygate.testsupport.web;

import org.openqa.selenium.By;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.TimeoutException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedCondition;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.time.Duration;

/**
 * The one way the browser tests wait for a page: a condition polled until it holds, where a page that navigates while
 * it is read (a form posted and answered, the processing view following the payment, a language switch) is simply read
 * again. A bare {@link WebDriverWait} stops at the first {@link StaleElementReferenceException} — an element found in
 * the document that the navigation replaced between the find and the read — so a test that waits that way passes or
 * fails by timing (issue 44: {@code HostedPageBrowserTest} failed once in CI that way). Chromium reports the same race
 * as "Node with given id does not belong to the document"; both mean "not yet". {@code BrowserWaitsRuleTest} keeps every
 * browser test on this class.
 */
public final class PageWait {

    private PageWait() {
    }

    /**
     * Polls {@code condition} for at most {@code timeout}; its first non-null, non-false value is returned.
     *
     * @throws AssertionError on timeout, naming {@code what} and what the browser shows instead
     */
    public static <T> T until(WebDriver driver, Duration timeout, ExpectedCondition<T> condition, String what) {
        try {
            return new WebDriverWait(driver, timeout).ignoring(StaleElementReferenceException.class).until(d -> {
                try {
                    return condition.apply(d);
                } catch (WebDriverException e) {
                    if (replaced(e)) {
                        return null;
                    }
                    throw e;
                }
            });
        } catch (TimeoutException e) {
            throw new AssertionError("Waited " + timeout.toSeconds() + " s for " + what + "; the browser shows "
                    + driver.getCurrentUrl() + ":\n" + shown(driver), e);
        }
    }

    /** {@link #until(WebDriver, Duration, ExpectedCondition, String)} described by the condition itself. */
    public static <T> T until(WebDriver driver, Duration timeout, ExpectedCondition<T> condition) {
        return until(driver, timeout, condition, String.valueOf(condition));
    }

    /**
     * Runs {@code action} (a click or submit that loads another document) and waits until the document it started from
     * is gone and {@code condition} holds in the new one: a condition that also held on the old page (the same address,
     * a result view shown twice) can then never pass early, on the page being left.
     */
    public static <T> T navigating(WebDriver driver, Duration timeout, Runnable action, ExpectedCondition<T> condition,
                                   String what) {
        WebElement old = driver.findElement(By.tagName("html"));
        action.run();
        until(driver, timeout, d -> gone(old), "the page to be left before " + what);
        return until(driver, timeout, condition, what);
    }

    /** Whether {@code e} says the element read belongs to a document a navigation has replaced. */
    static boolean replaced(WebDriverException e) {
        return e instanceof StaleElementReferenceException
                || e.getMessage() != null && e.getMessage().contains("does not belong to the document");
    }

    /** Whether {@code element}'s document was replaced (reading it says so). */
    private static boolean gone(WebElement element) {
        try {
            element.isEnabled();
            return false;
        } catch (WebDriverException e) {
            if (replaced(e)) {
                return true;
            }
            throw e;
        }
    }

    private static String shown(WebDriver driver) {
        try {
            return driver.findElement(By.tagName("body")).getText();
        } catch (WebDriverException e) {
            return "(the page could not be read: " + e.getClass().getSimpleName() + ")";
        }
    }
}

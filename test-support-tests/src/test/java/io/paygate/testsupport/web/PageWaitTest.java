package io.paygate.testsupport.web;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedCondition;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The browser tests' one wait reads a page again when a navigation replaced it mid-read, and can wait for the page
 * being left before it looks, where a bare {@link WebDriverWait} fails by timing (issue 44).
 */
class PageWaitTest {

    static HttpServer server;
    static Chromium chromium;
    static final AtomicInteger POSTS = new AtomicInteger();

    @BeforeAll
    static void start() throws IOException {
        chromium = Chromium.start();
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            String page;
            if ("POST".equals(exchange.getRequestMethod())) {
                exchange.getRequestBody().readAllBytes();
                try {
                    Thread.sleep(700); // a server that takes its time: the old page stays shown meanwhile
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                page = "<body data-view=\"result\"><p id=\"n\">" + POSTS.incrementAndGet() + "</p></body>";
            } else {
                page = "<body data-view=\"result\"><p id=\"n\">0</p><form method=\"post\" action=\"/?result=1\">"
                        + "<button id=\"go\">Go</button></form></body>";
            }
            byte[] body = page.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.stop(0);
        }
        if (chromium != null) {
            chromium.close();
        }
    }

    /** A condition that finds the body, then the document is replaced (as a reply replaces it), then reads it. */
    private static ExpectedCondition<Boolean> readAcrossAReplacement(AtomicInteger reads) {
        return d -> {
            WebElement body = d.findElement(By.tagName("body"));
            if (reads.getAndIncrement() == 0) {
                ((JavascriptExecutor) d).executeScript(
                        "document.open(); document.write('<body data-view=\"captured\"></body>'); document.close();");
            }
            return "captured".equals(body.getAttribute("data-view"));
        };
    }

    @Test
    void aBareWaitStopsAtAnElementOfTheReplacedDocumentWhereThePageWaitReadsAgain() {
        WebDriver driver = chromium.driver();
        driver.get("http://127.0.0.1:" + server.getAddress().getPort() + "/?result=0");
        assertThrows(StaleElementReferenceException.class, () -> new WebDriverWait(driver, Duration.ofSeconds(5))
                .until(readAcrossAReplacement(new AtomicInteger())), "the race CI hit, made certain");

        driver.get("http://127.0.0.1:" + server.getAddress().getPort() + "/?result=0");
        AtomicInteger reads = new AtomicInteger();
        assertTrue(PageWait.until(driver, Duration.ofSeconds(5), readAcrossAReplacement(reads), "the captured view"));
        assertTrue(reads.get() >= 2, "read again after the replacement");
    }

    @Test
    void navigatingLooksOnlyAtTheNewPageThoughTheConditionHeldOnTheOldOne() {
        WebDriver driver = chromium.driver();
        driver.get("http://127.0.0.1:" + server.getAddress().getPort() + "/?result=0");
        ExpectedCondition<Boolean> resultShown = ExpectedConditions.and(ExpectedConditions.urlContains("result="),
                ExpectedConditions.attributeToBe(By.tagName("body"), "data-view", "result"));
        int before = POSTS.get();

        PageWait.navigating(driver, Duration.ofSeconds(10), () -> driver.findElement(By.id("go")).click(),
                resultShown, "the reply to the form");

        assertEquals(String.valueOf(before + 1), driver.findElement(By.id("n")).getText(),
                "what is read is the reply, not the page the form was on");
    }

    @Test
    void aTimeoutSaysWhatTheBrowserShows() {
        WebDriver driver = chromium.driver();
        driver.get("http://127.0.0.1:" + server.getAddress().getPort() + "/?result=0");
        AssertionError timeout = assertThrows(AssertionError.class, () -> PageWait.until(driver,
                Duration.ofSeconds(1), ExpectedConditions.attributeToBe(By.tagName("body"), "data-view", "never"),
                "a view that never comes"));
        assertTrue(timeout.getMessage().startsWith("Waited 1 s for a view that never comes; the browser shows http://"),
                timeout.getMessage());
        assertTrue(timeout.getMessage().contains("Go"), timeout.getMessage());
    }
}

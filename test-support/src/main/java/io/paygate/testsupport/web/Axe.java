package io.paygate.testsupport.web;

import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The accessibility audit of the customer pages (docs/contract.md §2): npm's {@code axe-core} (pinned in
 * {@code test-support/axe/package.json}, installed there by {@code npm ci}; {@code .ci/run} does it) injected into the
 * page {@link Chromium} shows and run with its default rules, every impact level counted. Where it is not installed
 * outside CI the calling test is skipped, saying why; in CI ({@code CI=true}) that is an error.
 */
public final class Axe {

    /** The pinned version; the audit refuses another (a different version may judge differently). */
    public static final String VERSION = "4.14.1";
    /** Where it is found when {@code paygate.axe.script} does not say: from the working directory upwards. */
    static final Path SCRIPT = Path.of("test-support", "axe", "node_modules", "axe-core", "axe.min.js");

    private static final String RUN = """
            var done = arguments[arguments.length - 1];
            axe.run(document, { resultTypes: ['violations'] }).then(function (r) {
              done(r.violations.map(function (v) {
                return v.id + ' (' + v.impact + '): ' + v.help + ' ' + v.helpUrl + '\\n' + v.nodes.slice(0, 5).map(function (n) {
                  return '    at ' + n.target.join(' ') + ': ' + n.html.substring(0, 200)
                    + '\\n      ' + (n.failureSummary || '').split('\\n').join('\\n      ');
                }).join('\\n');
              }));
            }).catch(function (e) { done(['axe failed: ' + e]); });
            """;

    private final String source;

    private Axe(String source) {
        this.source = source;
    }

    /** axe-core, read once (a test class keeps it), or the test skipped where it is not installed. */
    public static Axe load() {
        Path script = locate();
        boolean installed = script != null && Files.isReadable(script);
        if (!installed && "true".equals(System.getenv("CI"))) {
            throw new IllegalStateException("CI must install axe-core: npm ci in test-support/axe (.ci/run does)");
        }
        assumeTrue(installed, "axe-core is not installed: run npm ci in test-support/axe");
        try {
            return new Axe(Files.readString(script));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The rules the page breaks, one entry each with where; empty when it passes. */
    @SuppressWarnings("unchecked")
    public List<String> violations(WebDriver driver) {
        JavascriptExecutor js = (JavascriptExecutor) driver;
        // Run by the driver, not as a page script: the page's Content Security Policy does not apply to it.
        if (!Boolean.TRUE.equals(js.executeScript("return typeof window.axe === 'object'"))) {
            js.executeScript(source);
        }
        assertEquals(VERSION, js.executeScript("return axe.version"), "the pinned axe-core");
        return (List<String>) js.executeAsyncScript(RUN);
    }

    /** Fails naming every rule the page shown breaks, at any impact level. */
    public void assertNoViolations(WebDriver driver, String what) {
        List<String> violations = violations(driver);
        assertTrue(violations.isEmpty(), what + " breaks " + violations.size() + " axe-core rule(s):\n"
                + String.join("\n", violations));
    }

    /**
     * Fails when the page shown is wider than the window, so the customer would have to scroll sideways; on a phone
     * also when the page made the browser zoom out to fit it (the window then claims more CSS pixels than the screen).
     */
    public static void assertNoSidewaysScroll(WebDriver driver, String what) {
        List<?> widths = (List<?>) ((JavascriptExecutor) driver).executeScript(
                "return [document.documentElement.scrollWidth, window.innerWidth, screen.width];");
        long scrollWidth = ((Number) widths.get(0)).longValue();
        long innerWidth = ((Number) widths.get(1)).longValue();
        long screenWidth = ((Number) widths.get(2)).longValue();
        assertTrue(scrollWidth <= innerWidth, what + " scrolls sideways: " + scrollWidth + " px wide in a "
                + innerWidth + " px window");
        assertTrue(innerWidth <= screenWidth, what + " is zoomed out to fit: a " + innerWidth + " px layout on a "
                + screenWidth + " px screen");
    }

    private static Path locate() {
        String configured = System.getProperty("paygate.axe.script");
        if (configured != null && !configured.isBlank()) {
            return Path.of(configured);
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve(SCRIPT);
            if (Files.isReadable(candidate)) {
                return candidate;
            }
        }
        return null;
    }
}

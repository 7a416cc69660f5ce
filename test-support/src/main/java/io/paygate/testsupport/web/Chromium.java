package io.paygate.testsupport.web;

import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Debian's headless Chromium driven through Debian's chromedriver (installed by {@code deploy/ci/install-chromium.sh};
 * never a downloaded browser). Where they are missing outside CI the calling test is skipped, saying why; in CI
 * ({@code CI=true}) a missing browser is an error. Starting one costs seconds on a small machine: start one per test
 * class and {@link #forget()} between tests.
 */
public final class Chromium implements AutoCloseable {

    public static final File BINARY = new File("/usr/bin/chromium");
    public static final File DRIVER = new File("/usr/bin/chromedriver");

    private final ChromeDriver driver;
    private final Path profile;

    private Chromium(ChromeDriver driver, Path profile) {
        this.driver = driver;
        this.profile = profile;
    }

    /** A phone-sized (390 × 844) headless Chromium with a fresh profile, or the test skipped where there is none. */
    public static Chromium start() {
        boolean installed = BINARY.canExecute() && DRIVER.canExecute();
        if (!installed && "true".equals(System.getenv("CI"))) {
            throw new IllegalStateException("CI must install chromium and chromium-driver (deploy/ci/install-chromium.sh)");
        }
        assumeTrue(installed, "Debian's chromium and chromium-driver are not installed: run deploy/ci/install-chromium.sh");
        try {
            Path profile = Files.createTempDirectory("paygate-chromium-");
            ChromeOptions options = new ChromeOptions();
            options.setBinary(BINARY);
            options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                    "--disable-background-networking", "--disable-component-update", "--disable-sync",
                    "--no-first-run", "--disable-quic", "--window-size=390,844", "--user-data-dir=" + profile);
            ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(DRIVER)
                    .usingAnyFreePort().build();
            ChromeDriver driver = new ChromeDriver(service, options);
            driver.manage().timeouts().scriptTimeout(Duration.ofSeconds(60));
            return new Chromium(driver, profile);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public ChromeDriver driver() {
        return driver;
    }

    /**
     * Lays the page out for a screen {@code width} CSS pixels wide: a phone ({@code mobile}, the page's
     * {@code meta viewport} honoured) or a desktop window.
     */
    public void viewport(int width, int height, boolean mobile) {
        driver.executeCdpCommand("Emulation.setDeviceMetricsOverride",
                Map.of("width", width, "height", height, "deviceScaleFactor", 1, "mobile", mobile,
                        "screenWidth", width, "screenHeight", height));
    }

    /** Back to the browser's own window (no screen emulated). */
    public void windowViewport() {
        driver.executeCdpCommand("Emulation.clearDeviceMetricsOverride", Map.of());
    }

    /**
     * The languages the browser asks for from now on, as a browser set to them would: a list of tags, most wanted
     * first ({@code id-ID,id,en}); Chromium adds the weights itself.
     */
    public void acceptLanguage(String languages) {
        Object userAgent = driver.executeScript("return navigator.userAgent");
        driver.executeCdpCommand("Emulation.setUserAgentOverride",
                Map.of("userAgent", String.valueOf(userAgent), "acceptLanguage", languages));
    }

    /** Keeps what the browser shows in {@code target/screenshots/<name>.png}, for a person to look at. */
    public void screenshot(String name) {
        try {
            Path dir = Files.createDirectories(Path.of("target", "screenshots"));
            Files.write(dir.resolve(name.replaceAll("[^A-Za-z0-9._-]+", "-") + ".png"),
                    driver.getScreenshotAs(OutputType.BYTES));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Forgets cookies between tests sharing this browser. */
    public void forget() {
        driver.manage().deleteAllCookies();
    }

    @Override
    public void close() {
        try {
            driver.quit();
        } finally {
            try (Stream<Path> files = Files.walk(profile)) {
                files.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
            } catch (IOException e) {
                // a leftover temporary profile is harmless
            }
        }
    }
}

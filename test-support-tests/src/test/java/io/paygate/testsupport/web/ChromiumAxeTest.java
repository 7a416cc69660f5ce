package io.paygate.testsupport.web;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The audit helper finds what it is meant to find, so a clean page's audit means something. */
class ChromiumAxeTest {

    static final Map<String, String> PAGES = Map.of(
            "/good", "<!DOCTYPE html><html lang=\"en\"><head><meta name=\"viewport\" content=\"width=device-width\">"
                    + "<title>Good</title></head><body><main><h1>Good</h1><label for=\"a\">Name</label>"
                    + "<input id=\"a\"></main></body></html>",
            "/bad", "<!DOCTYPE html><html><head><title>Bad</title></head><body><main><h1>Bad</h1>"
                    + "<input id=\"a\"></main></body></html>",
            "/wide", "<!DOCTYPE html><html lang=\"en\"><head><meta name=\"viewport\" content=\"width=device-width\">"
                    + "<title>Wide</title></head><body><main><h1>Wide</h1><div style=\"width:500px\">x</div>"
                    + "</main></body></html>");

    static HttpServer server;
    static Chromium chromium;
    static Axe axe;

    @BeforeAll
    static void start() throws IOException {
        axe = Axe.load();
        chromium = Chromium.start();
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            String path = exchange.getRequestURI().getPath();
            String page = path.equals("/echo")
                    ? "<html lang=\"en\"><title>Echo</title><p id=\"lang\">"
                    + exchange.getRequestHeaders().getFirst("Accept-Language") + "</p></html>"
                    : PAGES.getOrDefault(path, "");
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

    static String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    @Test
    void aCleanPagePasses() {
        chromium.driver().get(url("/good"));
        axe.assertNoViolations(chromium.driver(), "the good page");
        Axe.assertNoSidewaysScroll(chromium.driver(), "the good page");
    }

    @Test
    void aPageWithoutLanguageAndWithAnUnlabelledFieldFails() {
        chromium.driver().get(url("/bad"));
        List<String> violations = axe.violations(chromium.driver());
        assertTrue(violations.stream().anyMatch(v -> v.startsWith("html-has-lang (serious)")), violations.toString());
        assertTrue(violations.stream().anyMatch(v -> v.startsWith("label (critical)")), violations.toString());
        assertThrows(AssertionError.class, () -> axe.assertNoViolations(chromium.driver(), "the bad page"));
    }

    @Test
    void aPageWiderThanAPhoneScrollsSideways() {
        chromium.viewport(360, 780, true);
        chromium.driver().get(url("/wide"));
        assertThrows(AssertionError.class, () -> Axe.assertNoSidewaysScroll(chromium.driver(), "the wide page"));
        chromium.viewport(1280, 900, false);
        Axe.assertNoSidewaysScroll(chromium.driver(), "the wide page on a desktop");
    }

    @Test
    void theBrowserSendsTheLanguageItIsSetTo() {
        chromium.driver().get("data:,");
        chromium.acceptLanguage("id-ID,id,en");
        chromium.driver().get(url("/echo"));
        assertEquals("id-ID,id;q=0.9,en;q=0.8", chromium.driver().findElement(By.id("lang")).getText());
    }
}

package io.paygate.binding.sandbox;

import io.agroal.api.AgroalDataSource;
import io.paygate.binding.binding.BindingService;
import io.paygate.binding.support.BindingTestResources;
import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.Topics;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.kafka.TopicReader;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import static io.paygate.binding.support.BindingFixtures.BIND;
import static io.paygate.binding.support.BindingFixtures.as;
import static io.paygate.binding.support.BindingFixtures.newCustomerId;
import static io.paygate.binding.support.BindingFixtures.newPendingBinding;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

@QuarkusTest
@BindingTestResources
class BankPageTest {

    @Inject
    AgroalDataSource dataSource;

    @Inject
    BindingService bindings;

    static Response submitOtp(String bindingId, String otp) {
        return given().redirects().follow(false).contentType("application/x-www-form-urlencoded")
                .formParam("otp", otp).post("/pg/bind/" + bindingId + "/authorize");
    }

    @Test
    void showsWhatTheCustomerApprovesWithoutTheFullPhoneNumber() {
        String id = newPendingBinding(newCustomerId());
        given().get("/pg/bind/" + id).then().statusCode(200).contentType(containsString("text/html"))
                .body(allOf(containsString("Demo Store"), containsString("Budi Santoso"), containsString("+62 •••• 7890"),
                        containsString("BCA"), containsString("<label for=\"otp\""), not(containsString("81234567890"))));
    }

    @Test
    void sendsThePaymentPagesSecurityHeaders() {
        String id = newPendingBinding(newCustomerId());
        Response page = given().get("/pg/bind/" + id);
        assertEquals(200, page.statusCode());
        String csp = page.header("Content-Security-Policy");
        assertTrue(csp != null && csp.contains("default-src 'none'") && csp.contains("frame-ancestors 'none'")
                && csp.contains("form-action 'self'"), csp);
        String nonce = csp.replaceAll(".*style-src 'nonce-([^']+)'.*", "$1");
        assertTrue(page.body().asString().contains("<style nonce=\"" + nonce + "\">"), "the page's style carries the nonce");
        assertEquals("DENY", page.header("X-Frame-Options"));
        assertEquals("nosniff", page.header("X-Content-Type-Options"));
        assertEquals("no-store", page.header("Cache-Control"));
        assertEquals("no-referrer", page.header("Referrer-Policy"));
        assertEquals(null, page.header("Strict-Transport-Security"), "no HSTS over plain http");
        String otherNonce = given().get("/pg/bind/" + id).header("Content-Security-Policy");
        assertTrue(!otherNonce.equals(csp), "a fresh nonce for every response");
        // The unknown-binding page is a page too.
        given().get("/pg/bind/bnd_nope").then().statusCode(404).header("X-Frame-Options", equalTo("DENY"));
    }

    @Test
    void sendsHstsWhenATrustedProxySaysTheRequestCameOverHttps() {
        String id = newPendingBinding(newCustomerId());
        given().header("X-Forwarded-Proto", "https").get("/pg/bind/" + id).then().statusCode(200)
                .header("Strict-Transport-Security", equalTo("max-age=31536000; includeSubDomains"));
    }

    @Test
    void aClientThatIsNoTrustedProxyCannotClaimHttps() throws Exception {
        String id = newPendingBinding(newCustomerId());
        // 127.0.0.2 is not among the test's trusted proxies (loopback 127.0.0.1 plays the Ingress).
        try (Socket socket = new Socket(InetAddress.getByName("127.0.0.1"), RestAssured.port,
                InetAddress.getByName("127.0.0.2"), 0)) {
            socket.getOutputStream().write(("GET /pg/bind/" + id + " HTTP/1.1\r\nHost: localhost\r\n"
                    + "X-Forwarded-Proto: https\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            String reply = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(reply.startsWith("HTTP/1.1 200"), reply);
            assertTrue(reply.contains("X-Frame-Options: DENY"), reply);
            assertTrue(!reply.toLowerCase(java.util.Locale.ROOT).contains("strict-transport-security"), reply);
        }
    }

    /** Issue 22: the redirect after the bank form was built from the Host header (an open redirect). */
    @Test
    void theRedirectAfterTheCodeIsAtThePublicAddressWhateverTheHostHeader() {
        String id = newPendingBinding(newCustomerId());
        Response answer = given().redirects().follow(false).header("Host", "evil.example")
                .contentType("application/x-www-form-urlencoded").formParam("otp", "000000")
                .post("/pg/bind/" + id + "/authorize");
        assertEquals(303, answer.statusCode());
        assertEquals("http://localhost:18282/pg/bind/" + id + "?result=WRONG_CODE", answer.header("Location"));
    }

    @Test
    void theCodeFieldAcceptsSixDigitsInABrowser() {
        // A browser refuses to submit a value that does not match the pattern: a mangled pattern locks every
        // customer out (Qute once rendered the {6} quantifier as an expression, leaving [0-9]6).
        String id = newPendingBinding(newCustomerId());
        given().get("/pg/bind/" + id).then().statusCode(200).body(containsString("pattern=\"[0-9]{6}\""));
    }

    @Test
    void theRightCodeActivatesTheBindingAndPublishesIt() {
        String id = newPendingBinding(newCustomerId());
        Response answer = submitOtp(id, "123456");
        assertEquals(303, answer.statusCode());
        assertTrue(answer.header("Location").endsWith("/pg/bind/" + id + "?result=APPROVED"), answer.header("Location"));
        given().get("/pg/bind/" + id).then().statusCode(200).body(containsString("Direct debit approved"));
        as(SandboxMerchants.DEMO).get(BIND + "/" + id).then().body("status", equalTo("ACTIVE"));
        List<EventEnvelope> events = new TopicReader(KafkaResource.broker().bootstrapServers())
                .awaitEvents(Topics.BINDING_STATUS, "demo:" + id, 1, Duration.ofSeconds(20));
        assertEquals(1, events.size());
        assertEquals("ACTIVE", events.get(0).data().get("status").asText());
    }

    @Test
    void wrongCodesCountDownThenFailTheBinding() {
        String id = newPendingBinding(newCustomerId());
        assertEquals(303, submitOtp(id, "000000").statusCode());
        given().get("/pg/bind/" + id + "?result=WRONG_CODE").then().statusCode(200).body(containsString("2 tries left"));
        submitOtp(id, "111111");
        given().get("/pg/bind/" + id + "?result=WRONG_CODE").then().body(containsString("1 try left"));
        Response third = submitOtp(id, "222222");
        assertTrue(third.header("Location").endsWith("result=TOO_MANY_ATTEMPTS"));
        as(SandboxMerchants.DEMO).get(BIND + "/" + id).then().body("status", equalTo("FAILED"));
        assertTrue(submitOtp(id, "123456").header("Location").endsWith("result=NOT_PENDING"),
                "the right code after failing changes nothing");
        as(SandboxMerchants.DEMO).get(BIND + "/" + id).then().body("status", equalTo("FAILED"));
        List<EventEnvelope> events = new TopicReader(KafkaResource.broker().bootstrapServers())
                .awaitEvents(Topics.BINDING_STATUS, "demo:" + id, 1, Duration.ofSeconds(20));
        assertEquals(List.of("FAILED"), events.stream().map(e -> e.data().get("status").asText()).toList());
    }

    @Test
    void anExpiredAuthorizationAnswers410AndFailsTheBindingOnce() throws Exception {
        String id = newPendingBinding(newCustomerId());
        backdate(id);
        given().get("/pg/bind/" + id).then().statusCode(410).body(containsString("The time to approve ran out"));
        given().get("/pg/bind/" + id).then().statusCode(410);
        assertTrue(submitOtp(id, "123456").header("Location").endsWith("result=NOT_PENDING"));
        List<EventEnvelope> events = new TopicReader(KafkaResource.broker().bootstrapServers())
                .awaitEvents(Topics.BINDING_STATUS, "demo:" + id, 1, Duration.ofSeconds(20));
        assertEquals(List.of("FAILED"), events.stream().map(e -> e.data().get("status").asText()).toList());
    }

    @Test
    void theExpiryJobFailsOverdueBindingsNobodyOpened() throws Exception {
        String id = newPendingBinding(newCustomerId());
        backdate(id);
        assertTrue(bindings.expireOverdue(100) >= 1);
        as(SandboxMerchants.DEMO).get(BIND + "/" + id).then().body("status", equalTo("FAILED"));
    }

    @Test
    void anIndonesianBrowserGetsTheBankPageInIndonesianWithAWibTime() {
        String id = newPendingBinding(newCustomerId());
        given().header("Accept-Language", "id-ID,id;q=0.9,en;q=0.8").get("/pg/bind/" + id).then().statusCode(200)
                .header("Content-Language", equalTo("id"))
                .body(allOf(containsString("<html lang=\"id\">"), containsString("Otorisasi debit langsung"),
                        containsString("Demo Store meminta izin untuk mendebit rekening BCA Anda"),
                        containsString("Sandbox: kodenya 123456. Sisa 3 kali percobaan. Setujui sebelum "),
                        containsString(" WIB.</p>"), containsString(">Setujui</button>"),
                        not(containsString("Authorize direct debit"))));
    }

    @Test
    void theSwitchKeepsTheLanguageThroughTheFormAndItsRedirect() {
        String id = newPendingBinding(newCustomerId());
        Response switched = given().get("/pg/bind/" + id + "?lang=id");
        assertEquals(200, switched.statusCode());
        String cookie = switched.header("Set-Cookie");
        assertTrue(cookie.startsWith("paygate_lang=id") && cookie.contains("Path=/pg"), cookie);
        assertTrue(switched.body().asString().contains("href=\"/pg/bind/" + id + "?lang=en\""), "the switch back");

        // The form posts and is redirected without the parameter: the cookie keeps the page in Indonesian.
        assertEquals(303, given().redirects().follow(false).cookie("paygate_lang", "id")
                .contentType("application/x-www-form-urlencoded").formParam("otp", "000000")
                .post("/pg/bind/" + id + "/authorize").statusCode());
        given().cookie("paygate_lang", "id").header("Accept-Language", "en").get("/pg/bind/" + id + "?result=WRONG_CODE")
                .then().statusCode(200)
                .body(containsString("<p class=\"msg bad\" role=\"alert\" id=\"message\">Kode itu salah. Sisa 2 kali percobaan.</p>"))
                .body(containsString("aria-describedby=\"message otp-hint\" aria-invalid=\"true\""))
                .body(containsString("href=\"/pg/bind/" + id + "?lang=en&amp;result=WRONG_CODE\""));
    }

    @Test
    void anOutcomeThePageDoesNotKnowShowsNothing() {
        String id = newPendingBinding(newCustomerId());
        given().get("/pg/bind/" + id + "?result=<script>").then().statusCode(200)
                .body(not(containsString("id=\"message\"")))
                .body(not(containsString("<script>")));
    }

    @Test
    void unknownBindingShowsANotFoundPage() {
        given().get("/pg/bind/bnd_DOES_NOT_EXIST").then().statusCode(404).body(containsString("Authorization not found"));
        given().header("Accept-Language", "id").get("/pg/bind/bnd_DOES_NOT_EXIST").then().statusCode(404)
                .body(containsString("Otorisasi tidak ditemukan"))
                .body(containsString("href=\"/pg/bind/bnd_DOES_NOT_EXIST?lang=en\""));
    }

    private void backdate(String bindingId) throws Exception {
        try (var c = dataSource.getConnection();
             var s = c.prepareStatement("UPDATE binding SET expires_at = now() - interval '1 minute' WHERE id = ?")) {
            s.setString(1, bindingId);
            assertEquals(1, s.executeUpdate());
        }
    }
}

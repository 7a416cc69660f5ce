package io.paygate.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.testsupport.sink.MerchantSink;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

import java.time.Duration;
import java.util.List;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Binding and payment across two real services, with the customer in a browser (docs/contract.md §2, §4, §6): the merchant
 * binds → the customer approves on the sandbox bank page with the OTP → the merchant is notified ACTIVE → a payment
 * for the same customer offers the binding on the hosted page (payment-service asked binding-service) → the customer
 * pays by direct debit → CAPTURED, notified without a card object.
 */
class DirectDebitFlowIT {

    static final String BINDINGS = "/bindings";
    static Browser browser;
    MerchantSink sink;

    @BeforeAll
    static void openBrowser() throws Exception {
        Stack.get();
        browser = Browser.start();
    }

    @AfterAll
    static void closeBrowser() {
        if (browser != null) {
            browser.close();
        }
    }

    @BeforeEach
    void startSink() {
        sink = MerchantSink.start();
    }

    @AfterEach
    void stopSink() {
        browser.forget();
        sink.close();
    }

    @Test
    void aCustomerApprovesABindingOnTheBankPageThenPaysByDirectDebitOnTheHostedPage() throws Exception {
        Merchant.api(Stack.notification()).body("{\"bindingCallbackUrl\":\"" + sink.url(BINDINGS) + "\"}")
                .put("/pg/merchant/callbacks").then().statusCode(200);
        String customer = Merchant.newId("CUST");
        String bind = Merchant.api(Stack.binding()).body("""
                {"customer":{"id":"%s","email":"budi@example.com","firstName":"Budi","lastName":"Santoso",\
                "mobilePhone":"+6281234567890"},"sourceOfFunds":{"type":"MANDIRI_DD"}}""".formatted(customer))
                .post("/pg/payment/card/directdebit/bind").then().statusCode(200)
                .body("status", equalTo("PENDING")).extract().asString();
        String bindingId = Signatures.read(bind).path("bindingId").asText();
        String authorizationUrl = Signatures.read(bind).path("authorizationUrl").asText();

        // The bank page: a wrong code is refused with the tries left, the right one approves.
        browser.open(authorizationUrl);
        assertTrue(browser.source().contains(bindingId), "the bank page names the binding");
        browser.type("otp", "111111");
        browser.find(By.cssSelector("form button[type=submit]")).click();
        browser.awaitVisible(By.cssSelector("p.msg.bad"));
        assertTrue(browser.find(By.cssSelector("p.msg.bad")).getText().startsWith("That code is not right."));
        browser.type("otp", "123456");
        browser.find(By.cssSelector("form button[type=submit]")).click();
        browser.awaitVisible(By.cssSelector("p.msg.ok"));
        assertEquals("Direct debit approved. You can close this page.", browser.find(By.cssSelector("p.msg.ok")).getText());
        browser.screenshot("bank-approved");

        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200))
                .until(() -> !Merchant.notifications(sink, BINDINGS, bindingId).isEmpty());
        await().during(Duration.ofSeconds(2)).atMost(Duration.ofSeconds(4))
                .until(() -> Merchant.notifications(sink, BINDINGS, bindingId).size() == 1);
        MerchantSink.Received bound = Merchant.notifications(sink, BINDINGS, bindingId).get(0);
        Signatures.verify(bound);
        JsonNode binding = Signatures.read(bound.body());
        assertEquals(bindingId, binding.path("binding").path("id").asText());
        assertEquals("ACTIVE", binding.path("binding").path("status").asText(), "one notification, ACTIVE (no FAILED for the wrong code)");
        assertEquals("MANDIRI_DD", binding.path("binding").path("sourceOfFunds").path("type").asText());
        assertEquals(customer, binding.path("customer").path("id").asText());
        Merchant.api(Stack.binding()).get("/pg/payment/card/directdebit/bind/" + bindingId).then().statusCode(200)
                .body("status", equalTo("ACTIVE"));

        // The hosted page offers the binding; the customer picks it.
        Merchant.Payment payment = Merchant.initiate(customer, "75000", sink, null);
        browser.open(payment.redirectUrl());
        assertEquals("pay", browser.view());
        List<WebElement> accounts = browser.find(By.id("directdebit-form")).findElements(By.name("bindingId"));
        assertEquals(1, accounts.size(), "the customer's one ACTIVE binding");
        assertEquals(bindingId, accounts.get(0).getAttribute("value"));
        assertTrue(browser.find(By.id("directdebit-form")).getText().contains("Mandiri direct debit"));
        accounts.get(0).click();
        browser.screenshot("direct-debit-choice");
        browser.click("directdebit-button");

        browser.awaitView("captured");
        assertEquals("Payment successful", browser.text("title"));
        JsonNode notification = Merchant.awaitOnlyPaymentNotification(sink, payment);
        assertEquals("CAPTURED", notification.path("result").path("payment").path("status").asText());
        assertTrue(notification.path("card").isMissingNode(), "no card object for a direct debit");
        assertEquals(customer, notification.path("customer").path("id").asText());
        Merchant.assertStatusAgrees(notification);
    }

    @Test
    void aCustomerWithoutBindingsIsOfferedCardOnly() throws Exception {
        Merchant.Payment payment = Merchant.initiate(Merchant.newId("NOBODY"), "1000", sink, null);
        given().get(payment.redirectUrl()).then().statusCode(200)
                .body(containsString("id=\"card-form\""), not(containsString("name=\"bindingId\"")));
    }
}

package io.paygate.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.testsupport.sink.MerchantSink;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A payment link that nobody pays expires (docs/contract.md §1, §2): PENDING → EXPIRED when the link lifetime passes (the
 * stack's is {@link Stack#LINK_TTL}), the hosted page then answers 410 with the expired view, and the merchant is
 * notified EXPIRED, once, signed, without a card.
 */
class PaymentLinkExpiryIT {

    @Test
    void anUnpaidLinkExpiresShowsTheExpiredPageWith410AndIsNotifiedExpired() throws Exception {
        Stack.get();
        try (MerchantSink sink = MerchantSink.start(); Browser browser = Browser.start()) {
            String returnUrl = sink.url("/orders/expired");
            Merchant.Payment payment = Merchant.initiate("CUST-LATE", "12500", sink, returnUrl);
            JsonNode status = Signatures.read(Merchant.api(Stack.payment())
                    .get("/pg/payment/card/status/" + payment.orderId()).then().statusCode(200).extract().asString());
            assertEquals("PENDING", status.path("result").path("payment").path("status").asText());
            LocalDateTime expiry = LocalDateTime.parse(status.path("expiryLink").asText(),
                    DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss"));
            Duration ttl = Duration.between(LocalDateTime.now(ZoneId.of("Asia/Jakarta")), expiry);
            assertTrue(ttl.compareTo(Stack.LINK_TTL.plusSeconds(2)) <= 0 && ttl.compareTo(Stack.LINK_TTL.minusSeconds(10)) >= 0,
                    "expiryLink is the link lifetime from now, in Asia/Jakarta: " + ttl);

            browser.open(payment.redirectUrl());
            assertEquals("pay", browser.view());
            assertEquals(200, browser.documentStatus());
            assertEquals("less than a minute", browser.text("time-left-value"));

            // The expiry job moves it (or the page, reloading itself at its end): the merchant hears about it.
            JsonNode notification = Merchant.awaitOnlyPaymentNotification(sink, payment);
            assertEquals("EXPIRED", notification.path("result").path("payment").path("status").asText());
            assertTrue(notification.path("card").isMissingNode(), "nothing was paid by card");
            Merchant.assertStatusAgrees(notification);

            browser.refresh();
            assertEquals("expired", browser.view());
            assertEquals(410, browser.documentStatus(), "an expired link is answered 410");
            assertEquals("This payment link has expired", browser.text("title"));
            assertEquals(returnUrl, browser.byId("return-link").getAttribute("href"));
            browser.screenshot("link-expired");

            // Too late to pay: a card posted to the expired link charges nothing and changes nothing.
            given().redirects().follow(false).contentType("application/x-www-form-urlencoded")
                    .formParam("cardNumber", "4111111111111111").formParam("expiryMonth", "12")
                    .formParam("expiryYear", "2039").formParam("cvv", "123").formParam("cardholderName", "Budi")
                    .post(payment.redirectUrl() + "/card").then().statusCode(303);
            given().get(payment.redirectUrl()).then().statusCode(410).body(containsString("This payment link has expired"));
            Merchant.api(Stack.payment()).get("/pg/payment/card/status/" + payment.orderId()).then().statusCode(200)
                    .body("result.payment.status", equalTo("EXPIRED"));
        }
    }
}

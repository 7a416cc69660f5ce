package io.paygate.payment.checkout;

import io.agroal.api.AgroalDataSource;
import io.paygate.payment.support.Db;
import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.payment.support.Requests;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.config.RedirectConfig;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Year;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The hosted payment page (docs/contract.md §2) as HTML over HTTP; the real browser runs in HostedPageBrowserTest. */
@QuarkusTest
@PaymentTestResources
class HostedPageTest {

    static final String NEXT_YEAR = String.valueOf(Year.now().getValue() + 1);

    @Inject
    AgroalDataSource dataSource;
    Db db;

    @BeforeEach
    void db() {
        db = new Db(dataSource);
    }

    @Test
    void sendsHstsOnlyWhenTheRequestCameOverHttps() {
        String code = PaymentApi.newPayment(Requests.orderId());
        PaymentApi.page(code).then().statusCode(200).header("X-Frame-Options", equalTo("DENY"))
                .header("Strict-Transport-Security", org.hamcrest.Matchers.nullValue());
        given().header("X-Forwarded-Proto", "https").get("/pg/pay/" + code).then().statusCode(200)
                .header("Strict-Transport-Security", equalTo("max-age=31536000; includeSubDomains"));
    }

    @Test
    void showsMerchantDescriptionAmountTimeLeftAndALabelledCardForm() {
        String code = PaymentApi.newPayment(Requests.orderId());
        PaymentApi.page(code).then().statusCode(200)
                .contentType(containsString("text/html"))
                .header("Content-Security-Policy", containsString("default-src 'none'"))
                .header("Cache-Control", equalTo("no-store"))
                .body(containsString("<html lang=\"en\">"))
                .body(containsString("name=\"viewport\""))
                .body(containsString("Demo Store"))
                .body(containsString("Coffee beans 1 kg"))
                .body(containsString("Rp 150.000"))
                .body(containsString("Time left to pay: <span id=\"time-left-value\""))
                .body(containsString("23 h 59 min"))
                .body(containsString(" WIB</span>"))
                .body(containsString("<label for=\"cardNumber\">"))
                .body(containsString("<label for=\"expiryMonth\">"))
                .body(containsString("<label for=\"expiryYear\">"))
                .body(containsString("<label for=\"cvv\">"))
                .body(containsString("<label for=\"cardholderName\">"))
                .body(containsString("action=\"/pg/pay/" + code + "/card\""))
                .body(not(containsString("directdebit-form")))
                .body(not(containsString("http://")));   // no external assets
    }

    @Test
    void amountsOfOtherCurrenciesHaveTheirDecimals() {
        String code = PaymentApi.initiate(Requests.with(Requests.with(Requests.minimal(Requests.orderId()),
                "order.currency", "USD"), "order.amount", "1234.5")).then().statusCode(200).extract().path("paymentCode");
        PaymentApi.page(code).then().statusCode(200).body(containsString("USD 1,234.50"));
    }

    @Test
    void merchantTextIsEscaped() {
        String code = PaymentApi.initiate(Requests.with(Requests.minimal(Requests.orderId()), "order.description",
                "<script>alert(1)</script>")).then().statusCode(200).extract().path("paymentCode");
        PaymentApi.page(code).then().statusCode(200)
                .body(not(containsString("<script>alert(1)</script>")))
                .body(containsString("&lt;script&gt;alert(1)&lt;/script&gt;"));
    }

    @Test
    void unknownCodeIsA404Page() {
        given().get("/pg/pay/PC0000000000000000").then().statusCode(404).contentType(containsString("text/html"))
                .body(containsString("Payment not found"));
        given().get("/pg/pay/not-a-code").then().statusCode(404).contentType(containsString("text/html"));
    }

    @Test
    void cardFailingLuhnIsRefusedOnThePageAndNothingIsCharged() {
        String orderId = Requests.orderId();
        String code = PaymentApi.newPayment(orderId);
        PaymentApi.payByCard(code, "4111111111111112", "12", NEXT_YEAR, "123", "Budi").then().statusCode(400)
                .contentType(containsString("text/html"))
                .body(containsString("Enter a valid card number."))
                .body(containsString("aria-invalid=\"true\" aria-describedby=\"cardNumber-error\""))
                .body(containsString("role=\"alert\""))
                .body(not(containsString("4111111111111112")));
        assertEquals(0, db.chargesOf(code));
        assertEquals("PENDING", PaymentApi.statusOf(orderId));
    }

    @Test
    void pastExpiryIsRefusedOnThePage() {
        String code = PaymentApi.newPayment(Requests.orderId());
        String lastYear = String.valueOf(Year.now().getValue() - 1);
        PaymentApi.payByCard(code, "4111111111111111", "12", lastYear, "123", "Budi").then().statusCode(400)
                .body(containsString("This card has expired."))
                .body(containsString("value=\"Budi\""));
        assertEquals(0, db.chargesOf(code));
    }

    @Test
    void malformedCvvIsRefusedOnThePage() {
        String code = PaymentApi.newPayment(Requests.orderId());
        PaymentApi.payByCard(code, "4111111111111111", "12", NEXT_YEAR, "12a", "Budi").then().statusCode(400)
                .body(containsString("Enter the 3-digit security code."))
                .body(not(containsString("12a")));
        PaymentApi.payByCard(code, "4111111111111111", "13", NEXT_YEAR, "123", "").then().statusCode(400)
                .body(allOf(containsString("Enter the expiry month"), containsString("Enter the name on the card.")));
        assertEquals(0, db.chargesOf(code));
    }

    @Test
    void processingViewUpdatesItselfWithAndWithoutJavaScript() {
        String orderId = Requests.orderId();
        String code = PaymentApi.newPayment(orderId);
        db.update("UPDATE payment SET status = 'PROCESSING' WHERE payment_code = ?", code);
        PaymentApi.page(code).then().statusCode(200)
                .body(containsString("data-view=\"processing\""))
                .body(not(containsString("http-equiv")))
                .body(containsString("<a href=\"/pg/pay/" + code + "\" id=\"check-again\""))
                .body(containsString("data-state-url=\"/pg/pay/" + code + "/state\""))
                .body(containsString("role=\"status\" aria-live=\"polite\""));
        given().get("/pg/pay/" + code + "/state").then().statusCode(200)
                .body("responseCode", equalTo("2000000"))
                .body("status", equalTo("PROCESSING")).body("awaitingOtp", equalTo(false));
        given().get("/pg/pay/PC0000000000000000/state").then().statusCode(404)
                .body("responseCode", equalTo("4040801"));
    }

    @Test
    void directDebitWithoutAnActiveBindingIsRefusedAndNothingIsCharged() {
        String orderId = Requests.orderId();
        String code = PaymentApi.newPayment(orderId);
        given().config(RestAssured.config().redirect(RedirectConfig.redirectConfig().followRedirects(false)))
                .contentType("application/x-www-form-urlencoded").formParam("bindingId", "BND-1")
                .post("/pg/pay/" + code + "/directdebit").then().statusCode(400)
                .contentType(containsString("text/html"))
                .body(containsString("This direct debit account is not available."));
        assertEquals(0, db.chargesOf(code));
        assertEquals("PENDING", PaymentApi.statusOf(orderId));
    }

    @Test
    void aWrongOtpFormatIsRefusedOnTheChallengePage() {
        String orderId = Requests.orderId();
        String code = PaymentApi.newPayment(orderId);
        PaymentApi.payByCard(code, "4000000000003220").then().statusCode(303);
        PaymentApi.answerOtp(code, "abc").then().statusCode(400)
                .body(containsString("data-view=\"challenge\"")).body(containsString("Enter the code from your bank"));
        assertEquals("PROCESSING", PaymentApi.statusOf(orderId));
    }
}
